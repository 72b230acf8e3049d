// A stand-in for ImageIO: exactly the API LiveAssets' ImageIO path uses, as Swift imports it from the SDK
// headers (ImageIO.framework/Headers: CGImageSource.h, CGImageDestination.h, CGImageProperties.h).
// Declarations only: every body traps; nothing here is ever run.
//
// Sources, read in public mirrors of Apple's SDKs: the iPhoneOS 18.0 SDK's CGImageSource.h
// (xiangfeidexiaohuo/iOS-SDKs) and CGImageDestination.h (xybp888/iOS-SDKs), and the MacOSX 11.3 SDK's
// CGImageProperties.h (phracker/MacOSX-SDKs): each function inside CF_ASSUME_NONNULL with non-null
// sources and nullable options and results, each with IMAGEIO_AVAILABLE_STARTING(10.4, 4.0) but
// kCGImageSourceShouldCacheImmediately (10.9, 7.0). ImageIO has no apinotes: its functions keep their C
// names in Swift.
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

/// `typedef CF_ENUM(int32_t, CGImageSourceStatus)`, values as the header gives them; Swift drops the
/// common `kCGImage` prefix (`CGImageSourceStatus.statusComplete`).
@available(macOS 10.4, iOS 4.0, *)
public enum CGImageSourceStatus: Int32, Sendable {
    case statusUnexpectedEOF = -5
    case statusInvalidData = -4
    case statusUnknownType = -3
    case statusReadingHeader = -2
    case statusIncomplete = -1
    case statusComplete = 0
}

/// `IMAGEIO_EXTERN CGImageSourceStatus CGImageSourceGetStatus(CGImageSourceRef __nonnull isrc)`
@available(macOS 10.4, iOS 4.0, *)
public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus { fatalError() }

/// `IMAGEIO_EXTERN CGImageSourceStatus CGImageSourceGetStatusAtIndex(CGImageSourceRef __nonnull isrc, size_t index)`
@available(macOS 10.4, iOS 4.0, *)
public func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int) -> CGImageSourceStatus { fatalError() }

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
