#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveAssetsRun

extension CheckRun {
    /// What the HTML report draws of each image the run of `outcome` read, in path order: where each is
    /// drawn (the checker's devices, variants, presentations and surfaces), a preview downscaled with
    /// the resampler to at most twice its largest drawing (or fit's result's), and, for an image that does
    /// not fit somewhere, what `fit` would write (the same target and the same resampler and encoder as
    /// `fit`), drawn with the same preview.
    /// Images are decoded `jobs` at a time.
    package static func pictures(of outcome: Outcome, jobs: Int = 1) -> [ReportPicture] {
        // What the check decided of each image (where it is shown, its limits, what fit writes): drawn here.
        decisions(of: outcome).concurrentMap(jobs: jobs) { decision in
            let path = decision.path, variant = decision.variant, info = variant.info!
            let drawn = decision.showings.map(ReportDrawing.init)
            let target = drawn.contains(where: { !$0.fits }) ? decision.fitTarget : nil
            // One preview for the image and for fit's result, which is drawn with it at its own size.
            var box = drawn.isEmpty ? nil : ReportPicture.previewBox(for: drawn)
            if let target, let shown = box {
                let ratio = Double(target.width) / Double(max(info.displayWidth, 1))
                let fitted = ReportPicture.previewBox(for: drawn, ratio: ratio)
                box = PixelSize(width: max(shown.width, fitted.width), height: max(shown.height, fitted.height))
            }
            let size = box.map { info.displaySize.fitted(in: $0) }
            // One decode for the preview, and for fit's result where fit would decode the file the same way.
            let options = ImageFitter.Options()
            let decodeOptions = size.map { ImageFitter.decodeOptions(info, $0, options) }
            let decoded = decodeOptions.flatMap { decodeOptions -> DecodedImage? in
                guard info.format == .png || info.format == .jpeg else { return nil }
                return try? ImageDecoder.decode(.file(path), header: info, options: decodeOptions)
            }
            let preview = size.flatMap { size in decoded.flatMap { Self.preview(of: $0, info: info, size: size, options: options) } }
            let fitted = target.flatMap { target -> ReportPicture.Fitted? in
                let bytes: Data?
                if let decoded, !ImageFitter.decodesWide(info), ImageFitter.decodeOptions(info, target, options) == decodeOptions {
                    bytes = try? ImageFitter.encode(ImageFitter.upright(decoded, info: info, to: target, options: options), info: info,
                                                    iccProfile: decoded.iccProfile, exif: decoded.exif, file: path, options: options)
                } else {
                    bytes = try? ImageFitter.fit(.file(path), header: info, to: target, options: options)
                }
                return bytes.map { ReportPicture.Fitted(size: target, byteCount: $0.count) }
            }
            var picture = ReportPicture(image: path, size: info.displaySize, scale: variant.scale, byteCount: info.fileSize,
                                        drawings: drawn, preview: preview, fitted: fitted,
                                        devicesAfterFit: decision.devicesAfterFit)
            picture.presentationsStated = decision.presentationsStated
            picture.variantsAdded = decision.variantsAdded
            if drawn.contains(where: { !$0.fits }) { picture.fitRefusal = decision.fitRefusal }
            return picture
        }
    }

    /// `decoded` downscaled with fit's resampling to `size` (upright) and encoded for the page: JPEG
    /// (quality 80) for the colour, and where the image has alpha a PNG of the alpha alone as its mask.
    static func preview(of decoded: DecodedImage, info: ImageInfo, size: PixelSize, options: ImageFitter.Options)
        -> ReportPicture.Embedded?
    {
        // JPEG keeps no alpha: RGBA's is skipped by the encoder, gray+alpha's dropped here (the mask carries it).
        guard let upright = try? ImageFitter.upright(decoded, info: info, to: size, options: options),
              let opaque = try? upright.converted(to: upright.layout == .grayAlpha ? .gray : upright.layout),
              let colour = try? ImageEncoders.JPEG(quality: 80).encode(opaque) else { return nil }
        var mask: [UInt8]?
        if info.hasAlpha {
            // Gray 0 with the image's alpha: the mask CSS applies by its alpha.
            let channels = upright.layout.channels
            precondition(upright.layout == .rgba || upright.layout == .grayAlpha, "an image with alpha decodes with alpha")
            var samples = [UInt8](repeating: 0, count: upright.width * upright.height * 2)
            for index in 0..<(upright.width * upright.height) {
                samples[index * 2 + 1] = upright.samples[index * channels + channels - 1]
            }
            let alpha = PixelBuffer(width: upright.width, height: upright.height, layout: .grayAlpha, samples: samples)
            mask = (try? ImageEncoders.PNG().encode(alpha)).map { [UInt8]($0) }
        }
        return ReportPicture.Embedded(mediaType: "image/jpeg", bytes: [UInt8](colour), size: size, mask: mask)
    }
}
