#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveAssetsRun

/// What the HTML report shows of one image file: where it is drawn, and the pictures it embeds.
package struct ReportPicture: Sendable, Hashable {
    /// An encoded image to embed in the page once, as a data URI.
    package struct Embedded: Sendable, Hashable {
        /// "image/png" or "image/jpeg".
        package var mediaType: String
        package var bytes: [UInt8]
        /// Its size in pixels.
        package var size: PixelSize
        /// A PNG whose alpha is the image's, applied as a CSS mask (colour encoded as JPEG has none).
        package var mask: [UInt8]?

        /// `bytes` of type `mediaType`, `size` pixels, with the alpha of `mask` (a PNG) if given.
        package init(mediaType: String, bytes: [UInt8], size: PixelSize, mask: [UInt8]? = nil) {
            self.mediaType = mediaType
            self.bytes = bytes
            self.size = size
            self.mask = mask
        }

        /// The mask's "data:image/png;base64,...", if there is a mask.
        package var maskURI: String? { mask.map { "data:image/png;base64," + Data($0).base64EncodedString() } }

        /// "data:image/png;base64,...".
        package var dataURI: String { "data:\(mediaType);base64," + Data(bytes).base64EncodedString() }
    }

    /// What `fit` would write for an oversized image.
    package struct Fitted: Sendable, Hashable {
        /// The size `fit` would write, in pixels.
        package var size: PixelSize
        /// The length of the file `fit` would write.
        package var byteCount: Int
    }

    /// The image file, as the other formats name it.
    package var image: String
    /// Its displayed size (upright), in pixels.
    package var size: PixelSize
    /// The scale the catalog or the file name declares, if any.
    package var scale: Int?
    /// The file's length in bytes.
    package var byteCount: Int
    /// Every presentation it is drawn in, on every device that shows it.
    package var drawings: [ReportDrawing]
    /// The image, downscaled to at most twice its largest drawing (and `fit`'s result's); drawn for both;
    /// nil when it could not be made.
    package var preview: Embedded?
    /// What `fit` would write, when a drawing does not fit.
    package var fitted: Fitted?
    /// The devices that use the file once the scale variants its set lacks exist: the others get one.
    package var devicesAfterFit: [String]
    /// Whether the presentations that show the image are known (from its code, the configuration or a
    /// flag); where they are not, it is held to the Lock Screen and expanded sizes and the others are not
    /// checked.
    package var presentationsStated = true
    /// The scale variants `fit` adds from this file, by scale: the size of each, in pixels.
    package var variantsAdded: [Int: PixelSize] = [:]
    /// Why `fit` leaves the file as it is though a drawing does not fit, as `fit` says it; nil where
    /// nothing stops it.
    package var fitRefusal: FitRefusal?

    /// The picture of `image`; see each property.
    package init(image: String, size: PixelSize, scale: Int?, byteCount: Int, drawings: [ReportDrawing],
                preview: Embedded?, fitted: Fitted?, devicesAfterFit: [String]) {
        self.image = image
        self.size = size
        self.scale = scale
        self.byteCount = byteCount
        self.drawings = drawings
        self.preview = preview
        self.fitted = fitted
        self.devicesAfterFit = devicesAfterFit
    }

    /// The box a preview of an image drawn as `drawings` is downscaled to fit, in pixels, rounded up:
    /// twice the largest drawing in CSS pixels (for screens of two device pixels a CSS pixel), counted
    /// at the surface's own size: StandBy shows the Lock Screen view magnified, with the Lock Screen's
    /// pixels, and its drawing magnifies the same preview. A drawing shows at most its surface and a
    /// 24 px margin, and an image that spills over that is there to show the overflow: its preview is
    /// sized to what shows, once, so the page stays small. For `fit`'s result, whose drawings are
    /// `ratio` times the image's, the drawings scaled so.
    package static func previewBox(for drawings: [ReportDrawing], ratio: Double = 1) -> PixelSize {
        var width = 0.0, height = 0.0
        for drawing in drawings {
            let shown = (width: drawing.frame.width + 2 * margin, height: drawing.frame.height + 2 * margin)
            let drawn = (width: drawing.width * ratio, height: drawing.height * ratio)
            // Twice what shows of an image inside its surface; once what shows of one that spills over.
            let factor = drawn.width > shown.width || drawn.height > shown.height ? 1.0 : 2.0
            width = max(width, factor * min(drawn.width, shown.width))
            height = max(height, factor * min(drawn.height, shown.height))
        }
        return PixelSize(width: max(1, Int(width.rounded(.up))), height: max(1, Int(height.rounded(.up))))
    }

    /// The margin, in CSS pixels, a drawing shows around its surface.
    package static let margin = 24.0
}
