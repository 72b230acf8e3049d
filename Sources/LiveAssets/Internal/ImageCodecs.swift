/// The codecs this platform decodes and encodes with, behind the seams of the decode and encode stages.
/// Header facts come from ``ImageProbe``: libpng and libjpeg-turbo on Linux, the Swift ``HeaderReader``
/// elsewhere, so that verdicts are the same on every platform (ImageIO would accept what libpng refuses,
/// a CgBI PNG for one).
///
/// The choice is made by what can be imported, not by the operating system: ImageIO where it exists
/// (Apple's platforms), the C codecs elsewhere. So `Tests/AppleTypecheck/run.sh` compiles the ImageIO
/// path on Linux by putting stand-ins for ImageIO and Core Graphics on the import path.
package enum ImageCodecs {
    #if canImport(ImageIO)
    /// ImageIO and Core Graphics (type-checked against stand-ins, not yet run: docs/development.md).
    package static let decoder: any ImageDecoding = ImageIODecoder()
    /// ImageIO (type-checked against stand-ins, not yet run: docs/development.md).
    package static let encoder: any ImageEncoding = ImageIOEncoder()
    #else
    /// libpng and libjpeg-turbo, through the C shim.
    package static let decoder: any ImageDecoding = LibraryDecoder()
    /// libpng and libjpeg-turbo, through the C shim.
    package static let encoder: any ImageEncoding = LibraryEncoder()
    #endif
}
