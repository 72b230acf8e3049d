#if canImport(ImageIO)
import CoreGraphics
import Foundation
import ImageIO

/// Encodes through ImageIO (`CGImageDestination`), on Apple platforms, keeping the ICC profile.
///
/// Not yet run: no Mac builds this project yet. Type-checked on Linux against stand-ins transcribed from
/// the SDK's ImageIO and Core Graphics headers (`Tests/AppleTypecheck`, docs/development.md). ImageIO has
/// no setting for a PNG's zlib level, row filters or strategy, nor for JPEG chroma subsampling: those
/// settings apply on Linux only, and ``honoursCompressionLevel`` says so to `fit`, which then tries no
/// second level. EXIF bytes, an sRGB chunk's intent and the gAMA and cHRM chunks are not written here
/// (`fit` writes them on Linux, where the codecs hand EXIF over). Pixels without a profile are written in
/// the device's RGB or gray space, so that ImageIO embeds no profile either; so are pixels whose profile
/// Core Graphics cannot make a colour space of, and that profile is then added to the bytes as libpng
/// and libjpeg write it (``ProfileSplice``), never refused.
package struct ImageIOEncoder: ImageEncoding {
    package init() {}

    /// ImageIO writes a PNG at a zlib level of its own choosing.
    package var honoursCompressionLevel: Bool { false }

    /// ImageIO is asked for no palette PNG: the palette would be written as the RGBA it stands for.
    package var writesPalettes: Bool { false }

    package func encode(_ image: PixelBuffer, as settings: ImageEncoders.PNG) throws(EncodeError) -> Data {
        try write(image, type: "public.png", format: .png, iccProfile: settings.iccProfile, properties: [:])
    }

    package func encode(_ image: PixelBuffer, as settings: ImageEncoders.JPEG) throws(EncodeError) -> Data {
        let properties: [CFString: Any] = [
            kCGImageDestinationLossyCompressionQuality: Double(max(1, min(100, settings.quality))) / 100,
            kCGImagePropertyJFIFDictionary: [kCGImagePropertyJFIFIsProgressive: settings.progressive],
        ]
        return try write(image, type: "public.jpeg", format: .jpeg, iccProfile: settings.iccProfile, properties: properties)
    }

    /// `image` (straight alpha) as a `CGImage` in the profile's colour space (sRGB or gray without one),
    /// written by a `CGImageDestination` of `type`.
    private func write(_ image: PixelBuffer, type: String, format: ImageFormat, iccProfile: [UInt8]?,
                       properties: [CFString: Any]) throws(EncodeError) -> Data {
        let gray = image.layout == .gray || image.layout == .grayAlpha
        // The profile's own space where Core Graphics can make one; else the device's, the profile added after.
        let profiled = iccProfile.flatMap { CGColorSpace(iccData: Data($0) as CFData) }
        let space = profiled ?? (gray ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB())
        let splicedProfile = profiled == nil ? iccProfile : nil
        let alpha: CGImageAlphaInfo = switch image.layout {
        case .gray, .rgb: .none
        case .grayAlpha, .rgba: .last
        }
        guard let provider = CGDataProvider(data: Data(image.samples) as CFData),
              let cgImage = CGImage(width: image.width, height: image.height, bitsPerComponent: 8,
                                    bitsPerPixel: 8 * image.layout.channels, bytesPerRow: image.rowStride, space: space,
                                    bitmapInfo: CGBitmapInfo(rawValue: alpha.rawValue), provider: provider, decode: nil,
                                    shouldInterpolate: false, intent: .defaultIntent)
        else { throw .codecFailed(format: format, reason: "Core Graphics could not make an image of the pixels") }
        let output = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(output as CFMutableData, type as CFString, 1, nil) else {
            throw .codecFailed(format: format, reason: "ImageIO cannot write \(type)")
        }
        CGImageDestinationAddImage(destination, cgImage, properties as CFDictionary)
        guard CGImageDestinationFinalize(destination) else {
            throw .codecFailed(format: format, reason: "ImageIO could not write the image")
        }
        guard let splicedProfile else { return output as Data }
        let spliced = format == .png ? ProfileSplice.png(output as Data, iccProfile: splicedProfile)
                                     : ProfileSplice.jpeg(output as Data, iccProfile: splicedProfile)
        guard let spliced else { throw .codecFailed(format: format, reason: "its ICC profile could not be added to what ImageIO wrote") }
        return spliced
    }
}
#endif
