/// The decode stage's seam, in the manner of Nuke's `ImageDecoding`: one implementation per platform's
/// codecs, ``LibraryDecoder`` (libpng and libjpeg-turbo) on Linux. ``ImageDecoder`` does what is the
/// same everywhere (the format and size checks, the scale, turning the image upright) and asks
/// ``ImageCodecs/decoder`` only for the pixels, so every platform gives the same verdicts.
package protocol ImageDecoding: Sendable {
    /// 8-bit straight-alpha pixels in the image's ``ImageInfo/decodedLayout`` (gray kept gray) of the
    /// image that `info` (its header, read just before) describes, at its stored size divided by
    /// `denominator` and rounded up (a JPEG scaled down as it is decoded; 1 for any other image; ImageIO's
    /// reduced decode may round the shorter side down), as stored (not turned upright), with its ICC profile when it has one the codec accepts. At
    /// full size the size is checked against `info`: a file that changed since is an error.
    func decode(_ source: ImageDecoder.Source, info: ImageInfo, denominator: Int, limits: ImageLimits)
        throws(DecodeError) -> CodecImage<PixelBuffer>

    /// A 16-bit PNG's pixels with their 16 bits (in its ``ImageInfo/decodedLayout``), as stored,
    /// with its ICC profile.
    func decodeWide(_ source: ImageDecoder.Source, info: ImageInfo, limits: ImageLimits)
        throws(DecodeError) -> CodecImage<WidePixelBuffer>
}

/// What a codec decodes from a file: its pixels, as stored, and the metadata `fit` carries over.
package struct CodecImage<Pixels: Sendable>: Sendable {
    package var pixels: Pixels
    /// The ICC profile, where the file has one the codec accepts.
    package var iccProfile: [UInt8]?
    /// The EXIF data (TIFF), from a PNG's eXIf chunk before its image data or a JPEG's first EXIF APP1
    /// segment, where the codec hands it over (libpng and libjpeg do; the ImageIO decoder does not).
    package var exif: [UInt8]?

    package init(pixels: Pixels, iccProfile: [UInt8]?, exif: [UInt8]? = nil) {
        self.pixels = pixels
        self.iccProfile = iccProfile
        self.exif = exif
    }
}
