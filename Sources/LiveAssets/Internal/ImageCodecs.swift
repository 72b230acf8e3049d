/// The codecs this platform decodes and encodes with, behind the seams of the decode and encode stages.
package enum ImageCodecs {
    #if os(Linux)
    /// libpng and libjpeg-turbo, through the C shim.
    package static let decoder: any ImageDecoding = LibraryDecoder()
    /// libpng and libjpeg-turbo, through the C shim.
    package static let encoder: any ImageEncoding = LibraryEncoder()
    #endif
}
