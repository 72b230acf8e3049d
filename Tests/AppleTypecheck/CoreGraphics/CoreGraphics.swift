// A stand-in for Core Graphics: exactly the API LiveAssets' ImageIO path uses, as Swift imports it from
// the SDK headers (CoreGraphics.framework/Headers, and CoreGraphics.apinotes for the Swift names).
// Declarations only: every body traps; nothing here is ever run. CGFloat, CGRect and CGPoint come from
// Foundation, as on Apple's platforms (where Foundation re-exports CoreGraphics).
//
// Sources, read in public mirrors of Apple's SDKs: the iPhoneOS 18.0 SDK's CGBitmapContext.h, CGColorSpace.h,
// CGContext.h and CoreGraphics.apinotes (the Swift names; xybp888/iOS-SDKs) and CGImage.h
// (xiangfeidexiaohuo/iOS-SDKs); the MacOSX 10.13 SDK's CGDataProvider.h and the MacOSX 11.3 SDK's CGBase.h
// (phracker/MacOSX-SDKs), which defines `cg_nullable` as nothing when compiling for Swift ("'cg_nullable'
// will be dropped for new Swift clients"), so a `cg_nullable` parameter inside CF_ASSUME_NONNULL is not
// optional in Swift; and the macOS 26 SDK's CGBitmapContext.h ("Copyright (c) 2000-2025", in a mirror the
// search could not name) for CGContext's current form. Enum values and availability are the headers'.

// MARK: CGImage.h

/// `typedef CF_ENUM(uint32_t, CGImageAlphaInfo)` (CGImage.h), values as the header gives them.
@available(macOS 10.0, iOS 2.0, *)
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0
    case premultipliedLast = 1
    case premultipliedFirst = 2
    case last = 3
    case first = 4
    case noneSkipLast = 5
    case noneSkipFirst = 6
    case alphaOnly = 7
}

/// `typedef CF_OPTIONS(uint32_t, CGBitmapInfo)` (CGImage.h): the members the package uses.
@available(macOS 10.0, iOS 2.0, *)
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// `kCGBitmapAlphaInfoMask = 0x1F`
    public static var alphaInfoMask: CGBitmapInfo { fatalError() }
    /// `kCGBitmapByteOrder16Little = (1 << 12)` (`kCGImageByteOrder16Little`)
    public static var byteOrder16Little: CGBitmapInfo { fatalError() }
}

/// `typedef struct CF_BRIDGED_TYPE(id) CGImage *CGImageRef` (CGImage.h), a CF class in Swift.
public final class CGImage {
    /// `CGImageCreate(size_t width, size_t height, size_t bitsPerComponent, size_t bitsPerPixel,
    /// size_t bytesPerRow, CGColorSpaceRef cg_nullable space, CGBitmapInfo bitmapInfo,
    /// CGDataProviderRef cg_nullable provider, const CGFloat * __nullable decode, bool shouldInterpolate,
    /// CGColorRenderingIntent intent)`, returning `CGImageRef __nullable`; inside CF_ASSUME_NONNULL, where
    /// `cg_nullable` is empty when compiling for Swift (CGBase.h), so `space` and `provider` are not optional.
    @available(macOS 10.0, iOS 2.0, *)
    public init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                 decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) { fatalError() }

    /// `size_t CGImageGetWidth(CGImageRef cg_nullable image)`
    @available(macOS 10.0, iOS 2.0, *)
    public var width: Int { fatalError() }
    /// `size_t CGImageGetHeight(CGImageRef cg_nullable image)`
    @available(macOS 10.0, iOS 2.0, *)
    public var height: Int { fatalError() }
    /// `CGColorSpaceRef __nullable CGImageGetColorSpace(CGImageRef cg_nullable image)`
    @available(macOS 10.0, iOS 2.0, *)
    public var colorSpace: CGColorSpace? { fatalError() }
    /// `CGImageAlphaInfo CGImageGetAlphaInfo(CGImageRef cg_nullable image)`
    @available(macOS 10.0, iOS 2.0, *)
    public var alphaInfo: CGImageAlphaInfo { fatalError() }
    /// `size_t CGImageGetBytesPerRow(CGImageRef cg_nullable image)`
    @available(macOS 10.0, iOS 2.0, *)
    public var bytesPerRow: Int { fatalError() }

    /// `CGImageRef __nullable CGImageCreateCopyWithColorSpace(CGImageRef cg_nullable image, CGColorSpaceRef
    /// cg_nullable space)`, `CG_SWIFT_NAME(CGImage.copy(self:colorSpace:))`; `cg_nullable` is empty for
    /// Swift, so `space` is not optional.
    @available(macOS 10.3, iOS 2.0, *)
    public func copy(colorSpace space: CGColorSpace) -> CGImage? { fatalError() }
}

// MARK: CGColorSpace.h

/// `typedef CF_ENUM(int32_t, CGColorSpaceModel)` (CGColorSpace.h).
@available(macOS 10.0, iOS 2.0, *)
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1
    case monochrome = 0
    case rgb = 1
    case cmyk = 2
    case lab = 3
    case deviceN = 4
    case indexed = 5
    case pattern = 6
    case XYZ = 7
}

/// `typedef CF_ENUM(int32_t, CGColorRenderingIntent)` (CGColorSpace.h).
@available(macOS 10.0, iOS 2.0, *)
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0
    case absoluteColorimetric = 1
    case relativeColorimetric = 2
    case perceptual = 3
    case saturation = 4
}

/// `typedef struct CF_BRIDGED_TYPE(id) CGColorSpace *CGColorSpaceRef` (CGColorSpace.h).
public final class CGColorSpace {
    /// `CGColorSpaceRef __nullable CGColorSpaceCreateWithICCData(CFTypeRef cg_nullable data)`
    @available(macOS 10.12, iOS 10.0, *)
    public init?(iccData data: CFTypeRef) { fatalError() }

    /// `CGColorSpaceModel CGColorSpaceGetModel(CGColorSpaceRef cg_nullable space)`
    @available(macOS 10.5, iOS 2.0, *)
    public var model: CGColorSpaceModel { fatalError() }

    /// `CGColorSpaceRef __nullable CGColorSpaceCreateIndexed(CGColorSpaceRef cg_nullable baseSpace, size_t
    /// lastIndex, const unsigned char * cg_nullable colorTable)`, in Swift
    /// `init?(indexedBaseSpace:last:colorTable:)` (CoreGraphics.apinotes).
    @available(macOS 10.0, iOS 2.0, *)
    public init?(indexedBaseSpace baseSpace: CGColorSpace, last lastIndex: Int, colorTable: UnsafePointer<UInt8>) { fatalError() }

    /// `CGColorSpaceRef __nullable CGColorSpaceGetBaseColorSpace(CGColorSpaceRef cg_nullable space)`
    @available(macOS 10.5, iOS 2.0, *)
    public var baseColorSpace: CGColorSpace? { fatalError() }

    /// The Swift overlay's `var colorTable: [UInt8]? { get }` (over `CGColorSpaceGetColorTableCount` and
    /// `CGColorSpaceGetColorTable`): nil for a space that is not indexed. macOS 10.9, iOS 7.
    @available(macOS 10.9, iOS 7.0, *)
    public var colorTable: [UInt8]? { fatalError() }

    /// `CFDataRef __nullable CGColorSpaceCopyICCData(CGColorSpaceRef cg_nullable space)`
    @available(macOS 10.12, iOS 10.0, *)
    public func copyICCData() -> CFData? { fatalError() }
}

/// `CGColorSpaceRef cg_nullable CGColorSpaceCreateDeviceRGB(void)`: not optional in Swift (see CGImage.init).
@available(macOS 10.0, iOS 2.0, *)
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { fatalError() }

/// `CGColorSpaceRef cg_nullable CGColorSpaceCreateDeviceGray(void)`
@available(macOS 10.0, iOS 2.0, *)
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { fatalError() }

/// `CGColorSpaceRef cg_nullable CGColorSpaceCreateDeviceCMYK(void)`
@available(macOS 10.0, iOS 2.0, *)
public func CGColorSpaceCreateDeviceCMYK() -> CGColorSpace { fatalError() }

// MARK: CGDataProvider.h

/// `typedef struct CF_BRIDGED_TYPE(id) CGDataProvider *CGDataProviderRef` (CGDataProvider.h).
public final class CGDataProvider {
    /// `CGDataProviderRef __nullable CGDataProviderCreateWithCFData(CFDataRef cg_nullable data)
    /// CG_AVAILABLE_STARTING(__MAC_10_4, __IPHONE_2_0)` (MacOSX 10.13 SDK)
    @available(macOS 10.4, iOS 2.0, *)
    public init?(data: CFData) { fatalError() }
}

// MARK: CGContext.h, CGBitmapContext.h

/// `typedef struct CF_BRIDGED_TYPE(id) CGContext *CGContextRef` (CGContext.h).
public final class CGContext {
    /// The current form, macOS 26 SDK, CGBitmapContext.h (Copyright 2000-2025), inside CF_ASSUME_NONNULL:
    /// `CG_EXTERN CGContextRef __nullable CGBitmapContextCreate(void * __nullable data, size_t width,
    /// size_t height, size_t bitsPerComponent, size_t bytesPerRow, CGColorSpaceRef __nullable space,
    /// CGBitmapInfo bitmapInfo) API_AVAILABLE(macos(10.0), ios(2.0));` ("the only legal case when `space`
    /// can be NULL is when alpha is specified as kCGImageAlphaOnly").
    @available(macOS 10.0, iOS 2.0, *)
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                 space: CGColorSpace?, bitmapInfo: CGBitmapInfo) { fatalError() }

    /// The older form, kept for Swift in the same header as a deprecated inline (`#ifdef __swift__ ...
    /// __CGBitmapContextCreate(..., CGColorSpaceRef cg_nullable space, uint32_t bitmapInfo)`, with
    /// `API_DEPRECATED("update space parameter to CGColorSpace?, bitmapInfo parameter to CGBitmapInfo",
    /// macos(10.0, API_TO_BE_DEPRECATED), ios(2.0, API_TO_BE_DEPRECATED))`): `cg_nullable` is empty for
    /// Swift (CGBase.h: "'cg_nullable' will be dropped for new Swift clients"), so `space` is not optional.
    /// Earlier SDKs (macOS 10.12 to 15) declared only this form, as the function itself.
    @available(*, deprecated, message: "update space parameter to CGColorSpace?, bitmapInfo parameter to CGBitmapInfo")
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: UInt32) { fatalError() }

    /// `void CGContextDrawImage(CGContextRef cg_nullable c, CGRect rect, CGImageRef cg_nullable image)`,
    /// with the overlay's `byTiling` (false: CGContextDrawImage).
    @available(macOS 10.0, iOS 2.0, *)
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) { fatalError() }

    /// `void CGContextClearRect(CGContextRef cg_nullable c, CGRect rect)`
    @available(macOS 10.0, iOS 2.0, *)
    public func clear(_ rect: CGRect) { fatalError() }
}
