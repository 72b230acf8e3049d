/// The codecs this platform decodes and encodes with, behind the seams of the decode and encode stages.
/// Header facts come from ``ImageProbe``: libpng and libjpeg-turbo on Linux, the Swift ``HeaderReader``
/// elsewhere, so that verdicts are the same on every platform (ImageIO would accept what libpng refuses,
/// a CgBI PNG for one).
package enum ImageCodecs {
    #if os(Linux)
    /// libpng and libjpeg-turbo, through the C shim.
    package static let decoder: any ImageDecoding = LibraryDecoder()
    /// libpng and libjpeg-turbo, through the C shim.
    package static let encoder: any ImageEncoding = LibraryEncoder()
    #elseif canImport(ImageIO) && canImport(CoreGraphics)
    /// ImageIO and Core Graphics (not yet built or run: README, "Toolchains and platforms").
    package static let decoder: any ImageDecoding = ImageIODecoder()
    /// ImageIO (not yet built or run: README, "Toolchains and platforms").
    package static let encoder: any ImageEncoding = ImageIOEncoder()
    #endif
}
