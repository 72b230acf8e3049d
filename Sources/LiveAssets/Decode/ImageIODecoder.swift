#if !os(Linux) && canImport(ImageIO) && canImport(CoreGraphics)
import CoreGraphics
import Foundation
import ImageIO

/// Decodes through ImageIO and Core Graphics, on Apple platforms.
///
/// Not yet built or run: no Mac builds this project yet (README, "Toolchains and platforms"). Written
/// against Apple's ImageIO and Core Graphics documentation.
///
/// A JPEG asked for at a reduced scale is decoded by ImageIO's thumbnail path at that size (never
/// smaller: the caller chose the scale so that it is at least twice the target), always from the image
/// itself (`kCGImageSourceCreateThumbnailFromImageAlways`: an embedded EXIF thumbnail is never used),
/// and as stored (`kCGImageSourceCreateThumbnailWithTransform` off): ``ImageDecoder`` turns every image
/// upright itself, the same way on every platform. The pixels are drawn into an 8-bit RGBA context in
/// the image's own RGB colour space (so no colour is converted), which Core Graphics premultiplies;
/// they are returned to straight alpha here.
package struct ImageIODecoder: ImageDecoding {
    package init() {}

    package func decode(_ source: ImageDecoder.Source, info: ImageInfo, denominator: Int, limits: ImageLimits)
        throws(DecodeError) -> (pixels: PixelBuffer, iccProfile: [UInt8]?)
    {
        let image = try cgImage(source, info: info, denominator: denominator)
        let (width, height) = (image.width, image.height)
        let space = Self.drawingSpace(for: image)
        var samples: [UInt8]
        do throws(PixelMemoryRefusal) {
            samples = try PixelMemory.zeroedArray(of: UInt8.self, count: width * height * 4)
        } catch {
            throw .outOfMemory(file: source.name, bytes: error.bytes)
        }
        let drawn = samples.withUnsafeMutableBytes { buffer -> Bool in
            guard let context = CGContext(data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8,
                                          bytesPerRow: width * 4, space: space,
                                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return false }
            context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
            return true
        }
        guard drawn else { throw .undecodable(file: source.name, format: info.format, reason: "Core Graphics could not draw it") }
        Self.unpremultiply(&samples)
        return (PixelBuffer(width: width, height: height, layout: .rgba, samples: samples), Self.profile(of: image))
    }

    package func decodeWide(_ source: ImageDecoder.Source, info: ImageInfo, limits: ImageLimits)
        throws(DecodeError) -> (pixels: WidePixelBuffer, iccProfile: [UInt8]?)
    {
        let image = try cgImage(source, info: info, denominator: 1)
        let (width, height) = (image.width, image.height)
        var samples: [UInt16]
        do throws(PixelMemoryRefusal) {
            samples = try PixelMemory.zeroedArray(of: UInt16.self, count: width * height * 4)
        } catch {
            throw .outOfMemory(file: source.name, bytes: error.bytes)
        }
        let bitmapInfo = CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder16Little.rawValue
        let drawn = samples.withUnsafeMutableBytes { buffer -> Bool in
            guard let context = CGContext(data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 16,
                                          bytesPerRow: width * 8, space: Self.drawingSpace(for: image),
                                          bitmapInfo: bitmapInfo) else { return false }
            context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
            return true
        }
        guard drawn else { throw .undecodable(file: source.name, format: info.format, reason: "Core Graphics could not draw it") }
        for pixel in stride(from: 0, to: samples.count, by: 4) {
            let alpha = UInt32(samples[pixel + 3])
            for channel in pixel..<pixel + 3 {
                samples[channel] = alpha == 0 ? 0 : UInt16(min(65_535, (UInt32(samples[channel]) * 65_535 + alpha / 2) / alpha))
            }
        }
        return (WidePixelBuffer(width: width, height: height, samples: samples), Self.profile(of: image))
    }

    /// The image, at its stored size divided by `denominator` (rounded up) for a reduced JPEG.
    private func cgImage(_ source: ImageDecoder.Source, info: ImageInfo, denominator: Int) throws(DecodeError) -> CGImage {
        let noCache = [kCGImageSourceShouldCache: false] as CFDictionary
        let imageSource: CGImageSource? = switch source {
        case .file(let path): CGImageSourceCreateWithURL(URL(fileURLWithPath: path) as CFURL, noCache)
        case .data(let data, _): CGImageSourceCreateWithData(data as CFData, noCache)
        }
        guard let imageSource else {
            throw .undecodable(file: source.name, format: info.format, reason: "ImageIO could not open it")
        }
        let image: CGImage?
        if denominator > 1 {
            let side = (max(info.width, info.height) + denominator - 1) / denominator
            let options = [kCGImageSourceCreateThumbnailFromImageAlways: true,
                           kCGImageSourceCreateThumbnailWithTransform: false,
                           kCGImageSourceShouldCacheImmediately: true,
                           kCGImageSourceThumbnailMaxPixelSize: side] as CFDictionary
            image = CGImageSourceCreateThumbnailAtIndex(imageSource, 0, options)
        } else {
            image = CGImageSourceCreateImageAtIndex(imageSource, 0, [kCGImageSourceShouldCacheImmediately: true] as CFDictionary)
        }
        guard let image else {
            throw .undecodable(file: source.name, format: info.format, reason: "ImageIO could not decode it")
        }
        // The same check as the Linux decoder's: a file replaced by another since its header was read.
        let expected = ((info.width + denominator - 1) / denominator, (info.height + denominator - 1) / denominator)
        guard denominator > 1 || (image.width, image.height) == expected else {
            throw .changed(file: source.name, reason: "it is no longer \(info.width)x\(info.height)")
        }
        return image
    }

    /// The image's own colour space when it is RGB (no conversion), else sRGB.
    private static func drawingSpace(for image: CGImage) -> CGColorSpace {
        if let space = image.colorSpace, space.model == .rgb { return space }
        return CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB()
    }

    /// The ICC profile of the image's colour space, when it has one.
    private static func profile(of image: CGImage) -> [UInt8]? {
        guard let data = image.colorSpace?.copyICCData() else { return nil }
        return [UInt8](data as Data)
    }

    /// Premultiplied 8-bit RGBA back to straight alpha, rounded to the nearest level.
    private static func unpremultiply(_ samples: inout [UInt8]) {
        for pixel in stride(from: 0, to: samples.count, by: 4) {
            let alpha = UInt32(samples[pixel + 3])
            for channel in pixel..<pixel + 3 {
                samples[channel] = alpha == 0 ? 0 : UInt8(min(255, (UInt32(samples[channel]) * 255 + alpha / 2) / alpha))
            }
        }
    }
}
#endif
