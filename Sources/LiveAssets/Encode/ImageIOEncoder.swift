#if canImport(ImageIO)
import CoreGraphics
import Foundation
import ImageIO

/// Encodes through ImageIO (`CGImageDestination`), on Apple platforms, keeping the ICC profile.
///
/// Not yet run: no Mac builds this project yet. Type-checked on Linux against stand-ins transcribed from
/// the SDK's ImageIO and Core Graphics headers (`Tests/AppleTypecheck`, docs/development.md). ImageIO has no setting for a PNG's zlib level,
/// row filters or strategy, nor for JPEG chroma subsampling: those settings apply on Linux only. EXIF
/// bytes, an sRGB chunk's intent and the gAMA and cHRM chunks are not written here (`fit` writes them on Linux, where the codecs hand EXIF over). Pixels without a
/// profile are written in the device's RGB or gray space, so that ImageIO embeds no profile either.
package struct ImageIOEncoder: ImageEncoding {
    package init() {}

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
        let space: CGColorSpace?
        if let iccProfile {
            space = CGColorSpace(iccData: Data(iccProfile) as CFData)
            guard space != nil else { throw .codecFailed(format: format, reason: "Core Graphics cannot use its ICC profile") }
        } else {
            space = gray ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB()
        }
        let alpha: CGImageAlphaInfo = switch image.layout {
        case .gray, .rgb: .none
        case .grayAlpha, .rgba: .last
        }
        guard let space,
              let provider = CGDataProvider(data: Data(image.samples) as CFData),
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
        return output as Data
    }
}
#endif
