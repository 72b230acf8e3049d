#if canImport(ImageIO)
import CoreGraphics
import Foundation
import ImageIO

/// Decodes through ImageIO and Core Graphics, on Apple platforms, to the pixels the Linux decoder gives.
///
/// Not yet run: no Mac builds this project yet. Type-checked on Linux against stand-ins transcribed from
/// the SDK's ImageIO and Core Graphics headers (`Tests/AppleTypecheck`); the decisions it makes are
/// separate types the Linux tests run (docs/development.md, "The Apple path"). This file only calls:
/// - The file is read once (``ImageIOInput``), checked as libpng and libjpeg would check it (truncation,
///   a PNG chunk's CRC), and its ICC profile taken from its own bytes.
/// - ImageIO caches nothing; the status of the source and of the image (``ImageIOStatus``) is checked
///   before the image is drawn and again before its pixels are trusted.
/// - Every buffer is counted before any is asked for (``ImageIOMemory``).
/// - The image is re-tagged with the device space of its own model and drawn into that space
///   (``ImageIODrawing``), so no colour is converted: gray stays gray at 8 and 16 bits, a palette is drawn
///   through its colours, CMYK becomes RGB by the Linux formula.
///
/// A JPEG asked for at a reduced scale is decoded by ImageIO's thumbnail path at that size (never
/// smaller: the caller chose the scale so that it is at least twice the target), always from the image
/// itself (`kCGImageSourceCreateThumbnailFromImageAlways`: an embedded EXIF thumbnail is never used),
/// and as stored (`kCGImageSourceCreateThumbnailWithTransform` off): ``ImageDecoder`` turns every image
/// upright itself, the same way on every platform. Core Graphics premultiplies what it draws; the pixels
/// are returned to straight alpha, so translucent pixels can differ by a level or more from libpng's.
package struct ImageIODecoder: ImageDecoding {
    package init() {}

    package func decode(_ source: ImageDecoder.Source, info: ImageInfo, denominator: Int, limits: ImageLimits)
        throws(DecodeError) -> CodecImage<PixelBuffer>
    {
        let (imageSource, input) = try Self.open(source, info: info)
        let image = try Self.image(imageSource, info: info, denominator: denominator, file: source.name)
        let drawing = try Self.drawing(of: image, info: info, wide: false, file: source.name)
        let samples = try Self.samples(of: image, drawing, from: imageSource, info: info, file: source.name, opaque: UInt8.max,
                                       draw: Self.draw)
        return CodecImage(pixels: PixelBuffer(width: image.width, height: image.height, layout: drawing.layout, samples: samples),
                          iccProfile: input.iccProfile)
    }

    package func decodeWide(_ source: ImageDecoder.Source, info: ImageInfo, limits: ImageLimits)
        throws(DecodeError) -> CodecImage<WidePixelBuffer>
    {
        let (imageSource, input) = try Self.open(source, info: info)
        let image = try Self.image(imageSource, info: info, denominator: 1, file: source.name)
        let drawing = try Self.drawing(of: image, info: info, wide: true, file: source.name)
        let samples = try Self.samples(of: image, drawing, from: imageSource, info: info, file: source.name, opaque: UInt16.max,
                                       draw: Self.drawWide)
        return CodecImage(pixels: WidePixelBuffer(width: image.width, height: image.height, layout: drawing.layout, samples: samples),
                          iccProfile: input.iccProfile)
    }

    /// The samples of `image` drawn as `drawing` says, in the header's layout: their memory counted and
    /// asked for first, the statuses checked again before they are trusted.
    private static func samples<Sample: BitwiseCopyable>(
        of image: CGImage, _ drawing: ImageIODrawing, from imageSource: CGImageSource, info: ImageInfo, file: String,
        opaque: Sample, draw: (CGImage, ImageIODrawing, inout [Sample]) -> Bool
    ) throws(DecodeError) -> [Sample] {
        guard let memory = ImageIOMemory.plan(drawing, width: image.width, height: image.height, imageBytesPerRow: image.bytesPerRow)
        else { throw ImageDecoder.unaddressable(info: info, file: file) }
        var samples: [Sample]
        do throws(PixelMemoryRefusal) {
            samples = try PixelMemory.uninitializedArray(of: Sample.self, count: memory.samples, extra: memory.extraBytes)
        } catch {
            throw .outOfMemory(file: file, bytes: error.bytes)
        }
        guard draw(image, drawing, &samples) else {
            throw .undecodable(file: file, format: info.format, reason: "Core Graphics could not draw it")
        }
        try checkStatus(imageSource, info: info, file: file)
        do throws(PixelMemoryRefusal) {
            return try drawing.pass.layout.converting(samples, to: drawing.layout, opaque: opaque)
        } catch {
            throw .outOfMemory(file: file, bytes: error.bytes)
        }
    }

    /// The source's bytes, checked (``ImageIOInput``), and ImageIO's source over them, its status checked.
    private static func open(_ source: ImageDecoder.Source, info: ImageInfo) throws(DecodeError) -> (CGImageSource, ImageIOInput) {
        let bytes: Data = switch source {
        case .file(let path): try ImageIOInput.contents(of: path)
        case .data(let data, _): data
        }
        let input = try ImageIOInput(bytes: bytes, info: info, file: source.name)
        guard let imageSource = CGImageSourceCreateWithData(input.bytes as CFData, [kCGImageSourceShouldCache: false] as CFDictionary) else {
            throw .undecodable(file: source.name, format: info.format, reason: "ImageIO could not open it")
        }
        try checkStatus(imageSource, info: info, file: source.name)
        return (imageSource, input)
    }

    /// The refusal, if any, of what ImageIO says of the source and of its first image.
    private static func checkStatus(_ imageSource: CGImageSource, info: ImageInfo, file: String) throws(DecodeError) {
        let source = ImageIOStatus(reported: CGImageSourceGetStatus(imageSource).rawValue)
        let image = ImageIOStatus(reported: CGImageSourceGetStatusAtIndex(imageSource, 0).rawValue)
        if let refusal = ImageIOStatus.refusal(source: source, image: image, format: info.format, file: file) { throw refusal }
    }

    /// The image, at its stored size divided by `denominator` (rounded up) for a reduced JPEG; nothing cached.
    private static func image(_ imageSource: CGImageSource, info: ImageInfo, denominator: Int, file: String)
        throws(DecodeError) -> CGImage
    {
        let image: CGImage?
        if denominator > 1 {
            let side = (max(info.width, info.height) + denominator - 1) / denominator
            let options = [kCGImageSourceCreateThumbnailFromImageAlways: true,
                           kCGImageSourceCreateThumbnailWithTransform: false,
                           kCGImageSourceShouldCache: false,
                           kCGImageSourceThumbnailMaxPixelSize: side] as CFDictionary
            image = CGImageSourceCreateThumbnailAtIndex(imageSource, 0, options)
        } else {
            image = CGImageSourceCreateImageAtIndex(imageSource, 0, [kCGImageSourceShouldCache: false] as CFDictionary)
        }
        guard let image else { throw .undecodable(file: file, format: info.format, reason: "ImageIO could not decode it") }
        // The same check as the Linux decoder's, at full size: a file replaced by another since its header
        // was read. (A thumbnail's shorter side may round otherwise than libjpeg's scaled decode.)
        guard denominator > 1 || (image.width, image.height) == (info.width, info.height) else {
            throw .changed(file: file, reason: "it is no longer \(info.width)x\(info.height)")
        }
        return image
    }

    /// The drawing for `image`, from its colour space as Core Graphics reports it.
    private static func drawing(of image: CGImage, info: ImageInfo, wide: Bool, file: String) throws(DecodeError) -> ImageIODrawing {
        let space = image.colorSpace
        return try ImageIODrawing.plan(model: .init(reported: space?.model.rawValue ?? -1),
                                       baseModel: space?.baseColorSpace.map { .init(reported: $0.model.rawValue) },
                                       info: info, wide: wide, file: file)
    }
}
#endif
