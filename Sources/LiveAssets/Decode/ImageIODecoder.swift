#if canImport(ImageIO)
import CoreGraphics
import Foundation
import ImageIO

/// Decodes through ImageIO and Core Graphics, on Apple platforms.
///
/// Not yet run: no Mac builds this project yet. Type-checked on Linux against stand-ins transcribed from
/// the SDK's ImageIO and Core Graphics headers (`Tests/AppleTypecheck`, docs/development.md).
///
/// A JPEG asked for at a reduced scale is decoded by ImageIO's thumbnail path at that size (never
/// smaller: the caller chose the scale so that it is at least twice the target), always from the image
/// itself (`kCGImageSourceCreateThumbnailFromImageAlways`: an embedded EXIF thumbnail is never used),
/// and as stored (`kCGImageSourceCreateThumbnailWithTransform` off): ``ImageDecoder`` turns every image
/// upright itself, the same way on every platform. The pixels are drawn into an 8-bit context in the
/// image's own colour space (so no colour is converted): RGBA for colour, gray plus an alpha mask for
/// gray images (Core Graphics has no gray-with-alpha context), gray copied to R, G and B. Core Graphics
/// premultiplies what it draws; the pixels are returned to straight alpha here, so translucent pixels
/// can differ by a level or more from libpng's. The ICC profile is the file's own, never one ImageIO
/// assumes for an untagged file.
package struct ImageIODecoder: ImageDecoding {
    package init() {}

    package func decode(_ source: ImageDecoder.Source, info: ImageInfo, denominator: Int, limits: ImageLimits)
        throws(DecodeError) -> CodecImage<PixelBuffer>
    {
        let image = try cgImage(source, info: info, denominator: denominator)
        let (width, height) = (image.width, image.height)
        let (pixelCount, overflows) = width.multipliedReportingOverflow(by: height)
        guard !overflows, pixelCount <= Int.max / 4 else { throw ImageDecoder.unaddressable(info: info, file: source.name) }
        var samples: [UInt8]
        do throws(PixelMemoryRefusal) {
            samples = try PixelMemory.zeroedArray(of: UInt8.self, count: pixelCount * 4)
        } catch {
            throw .outOfMemory(file: source.name, bytes: error.bytes)
        }
        let drawn = image.colorSpace?.model == .monochrome
            ? Self.drawGray(image, into: &samples) : Self.drawRGBA(image, into: &samples)
        guard drawn else { throw .undecodable(file: source.name, format: info.format, reason: "Core Graphics could not draw it") }
        Self.unpremultiply(&samples)
        let profile = info.iccProfileSize == nil ? nil : Self.profile(of: image)
        return CodecImage(pixels: PixelBuffer(width: width, height: height, layout: .rgba, samples: samples), iccProfile: profile)
    }

    /// Draws a colour image into `samples` (8-bit premultiplied RGBA) in its own RGB space.
    private static func drawRGBA(_ image: CGImage, into samples: inout [UInt8]) -> Bool {
        let (width, height) = (image.width, image.height)
        let space = image.colorSpace.flatMap { $0.model == .rgb ? $0 : nil } ?? CGColorSpaceCreateDeviceRGB()
        return samples.withUnsafeMutableBytes { buffer in
            guard let context = CGContext(data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8,
                                          bytesPerRow: width * 4, space: space,
                                          bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue)) else { return false }
            context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
            return true
        }
    }

    /// Draws a gray image into `samples` (8-bit premultiplied RGBA): its gray, composited on black as
    /// Core Graphics draws into a context without alpha, in its own gray space; its alpha through an
    /// alpha-only context; the gray copied to R, G and B.
    private static func drawGray(_ image: CGImage, into samples: inout [UInt8]) -> Bool {
        let (width, height) = (image.width, image.height)
        let rect = CGRect(x: 0, y: 0, width: width, height: height)
        var gray = [UInt8](repeating: 0, count: width * height), alpha = [UInt8](repeating: 255, count: width * height)
        let space = image.colorSpace ?? CGColorSpaceCreateDeviceGray()
        let grayDrawn = gray.withUnsafeMutableBytes { buffer in
            guard let context = CGContext(data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8,
                                          bytesPerRow: width, space: space,
                                          bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue)) else { return false }
            context.draw(image, in: rect)
            return true
        }
        let hasAlpha = ![.none, .noneSkipFirst, .noneSkipLast].contains(image.alphaInfo)
        let alphaDrawn = !hasAlpha || alpha.withUnsafeMutableBytes { buffer in
            // No colour space, which only an alpha-only context may have: the current form of the call (a
            // CGBitmapInfo and an optional space). The older form, with a UInt32, takes a non-optional space.
            guard let context = CGContext(data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8,
                                          bytesPerRow: width, space: nil,
                                          bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.alphaOnly.rawValue)) else { return false }
            context.clear(rect)
            context.draw(image, in: rect)
            return true
        }
        guard grayDrawn, alphaDrawn else { return false }
        for index in 0..<width * height {
            samples[index * 4] = gray[index]
            samples[index * 4 + 1] = gray[index]
            samples[index * 4 + 2] = gray[index]
            samples[index * 4 + 3] = alpha[index]
        }
        return true
    }

    package func decodeWide(_ source: ImageDecoder.Source, info: ImageInfo, limits: ImageLimits)
        throws(DecodeError) -> CodecImage<WidePixelBuffer>
    {
        let image = try cgImage(source, info: info, denominator: 1)
        let (width, height) = (image.width, image.height)
        var samples: [UInt16]
        do throws(PixelMemoryRefusal) {
            samples = try PixelMemory.zeroedArray(of: UInt16.self, count: width * height * 4)
        } catch {
            throw .outOfMemory(file: source.name, bytes: error.bytes)
        }
        let bitmapInfo = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder16Little.rawValue)
        let drawn = samples.withUnsafeMutableBytes { buffer -> Bool in
            guard let context = CGContext(data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 16,
                                          bytesPerRow: width * 8,
                                          space: image.colorSpace.flatMap { $0.model == .rgb ? $0 : nil } ?? CGColorSpaceCreateDeviceRGB(),
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
        return CodecImage(pixels: WidePixelBuffer(width: width, height: height, samples: samples),
                          iccProfile: info.iccProfileSize == nil ? nil : Self.profile(of: image))
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
        // The same check as the Linux decoder's, at full size: a file replaced by another since its header
        // was read. (A thumbnail's shorter side may round otherwise than libjpeg's scaled decode.)
        guard denominator > 1 || (image.width, image.height) == (info.width, info.height) else {
            throw .changed(file: source.name, reason: "it is no longer \(info.width)x\(info.height)")
        }
        return image
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
