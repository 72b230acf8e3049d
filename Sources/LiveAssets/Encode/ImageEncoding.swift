#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The encode stage's seam, in the manner of Nuke's `ImageEncoding`: one implementation per platform's
/// codecs, ``LibraryEncoder`` (libpng and libjpeg-turbo) on Linux. ``ImageEncoders/PNG`` and
/// ``ImageEncoders/JPEG`` hold the settings and ask ``ImageCodecs/encoder`` for the bytes.
package protocol ImageEncoding: Sendable {
    /// Whether a PNG's ``ImageEncoders/PNG/compressionLevel`` and strategy change the bytes written (libpng:
    /// yes; ImageIO: no, it has no such setting), so that `fit` tries a stronger level only where one exists.
    var honoursCompressionLevel: Bool { get }

    /// Whether encoding ``IndexedPixels`` writes a palette PNG (libpng: yes; ImageIO: no, it writes the
    /// RGBA the palette stands for, which `fit` has already written), so that `fit` tries a palette only
    /// where it can be smaller.
    var writesPalettes: Bool { get }

    /// The PNG bytes for `image` (8-bit, its own channel layout), written as `settings` say.
    func encode(_ image: PixelBuffer, as settings: ImageEncoders.PNG) throws(EncodeError) -> Data

    /// The JPEG bytes for `image` (gray, RGB or opaque RGBA), written as `settings` say.
    func encode(_ image: PixelBuffer, as settings: ImageEncoders.JPEG) throws(EncodeError) -> Data

    /// The PNG bytes for `image` stored as a palette PNG where the codecs write one (see
    /// ``LibraryEncoder``); elsewhere as the RGBA it stands for.
    func encode(_ image: IndexedPixels, as settings: ImageEncoders.PNG) throws(EncodeError) -> Data
}

extension ImageEncoding {
    /// A platform whose encoder writes no palette PNG (ImageIO is asked for none): the RGBA pixels.
    package func encode(_ image: IndexedPixels, as settings: ImageEncoders.PNG) throws(EncodeError) -> Data {
        try encode(image.expanded, as: settings)
    }
}
