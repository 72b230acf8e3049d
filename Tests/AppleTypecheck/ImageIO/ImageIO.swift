// A stand-in for ImageIO: exactly the API LiveAssets' ImageIO path uses, as Swift imports it from the SDK
// headers (ImageIO.framework/Headers: CGImageSource.h, CGImageDestination.h, CGImageProperties.h).
// Declarations only: every body traps; nothing here is ever run.
//
// Source: CGImageSource.h as it reads in the macOS 10.12 / iOS 10 SDKs ("Copyright (c) 2004-2016"), from
// a public mirror of the SDK headers: each function inside CF_ASSUME_NONNULL with `__nonnull` sources and
// `__nullable` options and results, each with IMAGEIO_AVAILABLE_STARTING(__MAC_10_4, __IPHONE_4_0) but
// kCGImageSourceShouldCacheImmediately (__MAC_10_9, __IPHONE_7_0); the @available below transcribe them.
// CGImageDestination.h and CGImageProperties.h are written in the same form; their declarations below
// are transcribed as Apple's documentation gives them (macOS 10.4, iOS 4.0), not read from a header here.
@_exported import CoreGraphics

// MARK: CGImageSource.h (inside CF_ASSUME_NONNULL)

/// `typedef struct CF_BRIDGED_TYPE(id) CGImageSource * CGImageSourceRef`
public final class CGImageSource {}

/// `IMAGEIO_EXTERN CGImageSourceRef __nullable CGImageSourceCreateWithURL(CFURLRef __nonnull url, CFDictionaryRef __nullable options)`
@available(macOS 10.4, iOS 4.0, *)
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? { fatalError() }

/// `IMAGEIO_EXTERN CGImageSourceRef __nullable CGImageSourceCreateWithData(CFDataRef __nonnull data, CFDictionaryRef __nullable options)`
@available(macOS 10.4, iOS 4.0, *)
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? { fatalError() }

/// `IMAGEIO_EXTERN CGImageRef __nullable CGImageSourceCreateImageAtIndex(CGImageSourceRef __nonnull isrc, size_t index, CFDictionaryRef __nullable options)`
@available(macOS 10.4, iOS 4.0, *)
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? { fatalError() }

/// `IMAGEIO_EXTERN CGImageRef __nullable CGImageSourceCreateThumbnailAtIndex(CGImageSourceRef __nonnull isrc, size_t index, CFDictionaryRef __nullable options)`
@available(macOS 10.4, iOS 4.0, *)
public func CGImageSourceCreateThumbnailAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? { fatalError() }

/// `IMAGEIO_EXTERN const CFStringRef kCGImageSourceShouldCache`
@available(macOS 10.4, iOS 4.0, *)
public var kCGImageSourceShouldCache: CFString { fatalError() }
/// `IMAGEIO_EXTERN const CFStringRef kCGImageSourceShouldCacheImmediately`
@available(macOS 10.9, iOS 7.0, *)
public var kCGImageSourceShouldCacheImmediately: CFString { fatalError() }
/// `IMAGEIO_EXTERN const CFStringRef kCGImageSourceCreateThumbnailFromImageAlways`
@available(macOS 10.4, iOS 4.0, *)
public var kCGImageSourceCreateThumbnailFromImageAlways: CFString { fatalError() }
/// `IMAGEIO_EXTERN const CFStringRef kCGImageSourceCreateThumbnailWithTransform`
@available(macOS 10.4, iOS 4.0, *)
public var kCGImageSourceCreateThumbnailWithTransform: CFString { fatalError() }
/// `IMAGEIO_EXTERN const CFStringRef kCGImageSourceThumbnailMaxPixelSize`
@available(macOS 10.4, iOS 4.0, *)
public var kCGImageSourceThumbnailMaxPixelSize: CFString { fatalError() }

// MARK: CGImageDestination.h (inside CF_ASSUME_NONNULL)

/// `typedef struct CF_BRIDGED_TYPE(id) CGImageDestination * CGImageDestinationRef`
public final class CGImageDestination {}

/// `IMAGEIO_EXTERN CGImageDestinationRef __nullable CGImageDestinationCreateWithData(CFMutableDataRef __nonnull data, CFStringRef __nonnull type, size_t count, CFDictionaryRef __nullable options)`
@available(macOS 10.4, iOS 4.0, *)
public func CGImageDestinationCreateWithData(_ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?)
    -> CGImageDestination? { fatalError() }

/// `IMAGEIO_EXTERN void CGImageDestinationAddImage(CGImageDestinationRef __nonnull idst, CGImageRef __nonnull image, CFDictionaryRef __nullable properties)`
@available(macOS 10.4, iOS 4.0, *)
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) { fatalError() }

/// `IMAGEIO_EXTERN bool CGImageDestinationFinalize(CGImageDestinationRef __nonnull idst)`
@available(macOS 10.4, iOS 4.0, *)
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool { fatalError() }

/// `IMAGEIO_EXTERN const CFStringRef kCGImageDestinationLossyCompressionQuality`
@available(macOS 10.4, iOS 4.0, *)
public var kCGImageDestinationLossyCompressionQuality: CFString { fatalError() }

// MARK: CGImageProperties.h

/// `IMAGEIO_EXTERN const CFStringRef kCGImagePropertyJFIFDictionary`
@available(macOS 10.4, iOS 4.0, *)
public var kCGImagePropertyJFIFDictionary: CFString { fatalError() }
/// `IMAGEIO_EXTERN const CFStringRef kCGImagePropertyJFIFIsProgressive`
@available(macOS 10.4, iOS 4.0, *)
public var kCGImagePropertyJFIFIsProgressive: CFString { fatalError() }
