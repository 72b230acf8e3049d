import LiveAssetsCore

/// How the ImageIO decoder draws an image into memory, decided from what ImageIO says of it (its colour
/// space's model, an indexed space's base) and from its header, so that it gives what the Linux decoder
/// gives for the same file. Nothing here calls ImageIO or Core Graphics, so the Linux tests run every
/// decision; ``ImageIODecoder`` makes the calls.
///
/// Core Graphics converts colour when it draws an image into a context of another colour space. libpng and
/// libjpeg convert none. So the image is first re-tagged with the device space of its own model (the
/// samples are kept, only the space's name changes), and drawn into a context of that same space: the
/// samples come out as the file stores them, whatever profile the file has, and whether or not Core
/// Graphics can draw into that profile. The profile itself is the file's (``ImageIOInput``), kept with
/// the samples, as on Linux.
package struct ImageIODrawing: Sendable, Hashable {
    /// A colour space's model: `CGColorSpaceModel`, case for case and with its raw values.
    package enum Model: Int32, Sendable, Hashable, CaseIterable {
        case unknown = -1
        case monochrome = 0
        case rgb = 1
        case cmyk = 2
        case lab = 3
        case deviceN = 4
        case indexed = 5
        case pattern = 6
        case xyz = 7

        /// The model Core Graphics reported as `rawValue`; one this build does not know is unknown.
        package init(reported rawValue: Int32) {
            self = Self(rawValue: rawValue) ?? .unknown
        }

        /// The model's name in a message.
        var name: String {
            switch self {
            case .unknown: "unknown"
            case .monochrome: "gray"
            case .rgb: "RGB"
            case .cmyk: "CMYK"
            case .lab: "Lab"
            case .deviceN: "DeviceN"
            case .indexed: "indexed"
            case .pattern: "pattern"
            case .xyz: "XYZ"
            }
        }
    }

    /// What the image is drawn into.
    package enum Pass: Sendable, Hashable {
        /// Device RGB, premultiplied RGBA, made straight after.
        case rgba
        /// An indexed image: its palette re-made over device RGB, then drawn as ``rgba``.
        case palette
        /// Device gray without alpha.
        case gray
        /// Device gray composited on black, and the alpha drawn apart (an alpha-only context at 8 bits,
        /// the alpha of a device RGBA drawing at 16); the gray made straight by that alpha.
        case grayAlpha
        /// Device CMYK, then RGB by the Linux decoder's formula (``rgba(fromInk:)``).
        case cmyk

        /// The layout the pass draws.
        package var layout: PixelBuffer.Layout {
            switch self {
            case .rgba, .palette, .cmyk: .rgba
            case .gray: .gray
            case .grayAlpha: .grayAlpha
            }
        }
    }

    /// What the image is drawn into.
    package var pass: Pass
    /// 8, or 16 for a 16-bit PNG decoded with its 16 bits.
    package var bitsPerComponent: Int
    /// The layout the pixels are handed back in: the header's ``ImageInfo/decodedLayout``, the Linux
    /// decoder's. Where ImageIO gives a gray image as RGB (or the reverse), the drawn pixels are converted
    /// to it.
    package var layout: PixelBuffer.Layout

    package init(pass: Pass, bitsPerComponent: Int, layout: PixelBuffer.Layout) {
        self.pass = pass
        self.bitsPerComponent = bitsPerComponent
        self.layout = layout
    }

    /// The drawing for an image whose colour space ImageIO reports as `model` (`baseModel`: an indexed
    /// space's base), whose header is `info`, at 16 bits a sample when `wide`.
    package static func plan(model: Model, baseModel: Model?, info: ImageInfo, wide: Bool, file: String)
        throws(DecodeError) -> ImageIODrawing
    {
        let pass: Pass
        switch model {
        case .monochrome: pass = info.hasAlpha ? .grayAlpha : .gray
        case .rgb: pass = .rgba
        case .indexed:
            guard baseModel == .rgb else {
                throw .undecodable(file: file, format: info.format,
                                   reason: "ImageIO gave it a palette over a \((baseModel ?? .unknown).name) colour space, which LiveAssets does not convert")
            }
            pass = .palette
        case .cmyk:
            guard info.colorModel == .cmyk || info.colorModel == .ycck, !wide else {
                throw .undecodable(file: file, format: info.format,
                                   reason: "ImageIO gave it a CMYK colour space where its header says \(info.colorModel.displayName)")
            }
            pass = .cmyk
        case .unknown, .lab, .deviceN, .pattern, .xyz:
            throw .undecodable(file: file, format: info.format,
                               reason: "ImageIO gave it a \(model.name) colour space, which LiveAssets does not convert")
        }
        return ImageIODrawing(pass: pass, bitsPerComponent: wide ? 16 : 8, layout: info.decodedLayout)
    }
}
