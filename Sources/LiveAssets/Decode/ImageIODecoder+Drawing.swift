#if canImport(ImageIO)
import CoreGraphics
import Foundation
import ImageIO

/// The Core Graphics calls that draw an image as its ``ImageIODrawing`` says; what they do to the samples
/// after is ``ImageIODrawing``'s, run by the Linux tests.
extension ImageIODecoder {
    /// Draws `image` into `samples` (allocated for the drawing's ``ImageIODrawing/Pass/layout``, 8 bits a
    /// sample), straight alpha; false when Core Graphics could not.
    static func draw(_ image: CGImage, _ drawing: ImageIODrawing, into samples: inout [UInt8]) -> Bool {
        let (width, height) = (image.width, image.height)
        let rgb = CGColorSpaceCreateDeviceRGB(), gray = CGColorSpaceCreateDeviceGray()
        switch drawing.pass {
        case .rgba:
            guard render(image, tag: rgb, into: &samples, space: rgb, bitsPerComponent: 8, bytesPerRow: width * 4,
                         bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue)) else { return false }
            ImageIODrawing.straighten(&samples, channels: 4)
        case .palette:
            // The palette's colours over device RGB: the same indices, the same table, no colour converted.
            guard let table = image.colorSpace?.colorTable, table.count >= 3, table.count <= 768, table.count % 3 == 0,
                  let palette = table.withUnsafeBufferPointer({ entries in
                      entries.baseAddress.flatMap { CGColorSpace(indexedBaseSpace: rgb, last: table.count / 3 - 1, colorTable: $0) }
                  }),
                  render(image, tag: palette, into: &samples, space: rgb, bitsPerComponent: 8, bytesPerRow: width * 4,
                         bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue))
            else { return false }
            ImageIODrawing.straighten(&samples, channels: 4)
        case .gray:
            return render(image, tag: gray, into: &samples, space: gray, bitsPerComponent: 8, bytesPerRow: width,
                          bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue))
        case .grayAlpha:
            // Core Graphics has no gray-with-alpha context: the gray composited on black, the alpha apart.
            var plane = [UInt8](repeating: 0, count: width * height), alpha = [UInt8](repeating: 0, count: width * height)
            guard render(image, tag: gray, into: &plane, space: gray, bitsPerComponent: 8, bytesPerRow: width,
                         bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue)),
                  drawAlpha(image, into: &alpha)
            else { return false }
            ImageIODrawing.interleave(gray: plane, alpha: alpha, into: &samples)
        case .cmyk:
            let cmyk = CGColorSpaceCreateDeviceCMYK()
            if render(image, tag: cmyk, into: &samples, space: cmyk, bitsPerComponent: 8, bytesPerRow: width * 4,
                      bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue)) {
                ImageIODrawing.rgba(fromInk: &samples)
            } else {
                // A CMYK context is a macOS format (the Quartz 2D guide lists none for iOS): there, Core
                // Graphics' own conversion to device RGB, whose colours differ from the Linux formula's.
                guard render(image, tag: nil, into: &samples, space: rgb, bitsPerComponent: 8, bytesPerRow: width * 4,
                             bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue)) else { return false }
                ImageIODrawing.straighten(&samples, channels: 4)
            }
        }
        return true
    }

    /// Draws a 16-bit image into `samples` (the drawing's layout, 16 bits a sample in host order; every
    /// Apple platform is little-endian), straight alpha; false when Core Graphics could not. Where it has
    /// no 16-bit context (the Quartz 2D guide lists them for macOS only), the image is drawn at 8 bits and
    /// each sample widened (x 257): the same picture, without its low bits.
    static func drawWide(_ image: CGImage, _ drawing: ImageIODrawing, into samples: inout [UInt16]) -> Bool {
        if drawSixteen(image, drawing, into: &samples) { return true }
        let narrow = ImageIODrawing(pass: drawing.pass, bitsPerComponent: 8, layout: drawing.layout)
        var eight = [UInt8](repeating: 0, count: samples.count)
        guard draw(image, narrow, into: &eight) else { return false }
        for index in samples.indices { samples[index] = UInt16(eight[index]) * 257 }
        return true
    }

    private static func drawSixteen(_ image: CGImage, _ drawing: ImageIODrawing, into samples: inout [UInt16]) -> Bool {
        let (width, height) = (image.width, image.height)
        let rgb = CGColorSpaceCreateDeviceRGB(), gray = CGColorSpaceCreateDeviceGray()
        let little = CGBitmapInfo.byteOrder16Little.rawValue
        let premultiplied = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue | little)
        let opaque = CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue | little)
        switch drawing.pass {
        case .rgba:
            guard render(image, tag: rgb, into: &samples, space: rgb, bitsPerComponent: 16, bytesPerRow: width * 8,
                         bitmapInfo: premultiplied) else { return false }
            ImageIODrawing.straighten(&samples, channels: 4)
        case .gray:
            return render(image, tag: gray, into: &samples, space: gray, bitsPerComponent: 16, bytesPerRow: width * 2,
                          bitmapInfo: opaque)
        case .grayAlpha:
            // No 16-bit alpha-only context: the alpha is taken from an RGBA drawing.
            var plane = [UInt16](repeating: 0, count: width * height), colour = [UInt16](repeating: 0, count: width * height * 4)
            guard render(image, tag: gray, into: &plane, space: gray, bitsPerComponent: 16, bytesPerRow: width * 2, bitmapInfo: opaque),
                  render(image, tag: gray, into: &colour, space: rgb, bitsPerComponent: 16, bytesPerRow: width * 8,
                         bitmapInfo: premultiplied)
            else { return false }
            ImageIODrawing.interleave(gray: plane, alphaOf: colour, into: &samples)
        case .palette, .cmyk:
            return false  // 8-bit only: no plan gives them at 16 bits
        }
        return true
    }

    /// Draws `image`, re-tagged with `tag` (a space of its own model: the samples are kept, no colour is
    /// converted; nil: as it is), into `samples` (zeroed first: black, transparent) through a context of
    /// `space`.
    private static func render<Sample>(_ image: CGImage, tag: CGColorSpace?, into samples: inout [Sample], space: CGColorSpace,
                                       bitsPerComponent: Int, bytesPerRow: Int, bitmapInfo: CGBitmapInfo) -> Bool {
        let tagged: CGImage? = if let tag { image.copy(colorSpace: tag) } else { image }
        guard let tagged else { return false }
        let rect = CGRect(x: 0, y: 0, width: image.width, height: image.height)
        return samples.withUnsafeMutableBytes { buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            guard let context = CGContext(data: buffer.baseAddress, width: image.width, height: image.height,
                                          bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow, space: space,
                                          bitmapInfo: bitmapInfo) else { return false }
            context.draw(tagged, in: rect)
            return true
        }
    }

    /// Draws the alpha of `image` into `alpha` (8 bits a pixel).
    private static func drawAlpha(_ image: CGImage, into alpha: inout [UInt8]) -> Bool {
        let rect = CGRect(x: 0, y: 0, width: image.width, height: image.height)
        return alpha.withUnsafeMutableBytes { buffer in
            // No colour space, which only an alpha-only context may have: the current form of the call (a
            // CGBitmapInfo and an optional space). The older form, with a UInt32, takes a non-optional space.
            guard let context = CGContext(data: buffer.baseAddress, width: image.width, height: image.height, bitsPerComponent: 8,
                                          bytesPerRow: image.width, space: nil,
                                          bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.alphaOnly.rawValue)) else { return false }
            context.clear(rect)
            context.draw(image, in: rect)
            return true
        }
    }
}
#endif
