/// What a file is, as read from its header without decoding the pixels.
///
/// Everything the size checks need is here, so code that only has the facts (an app that probed the
/// image elsewhere, a test) can build one and hand it in.
public struct ImageInfo: Sendable, Hashable {
    /// The container format, recognised by magic bytes.
    public var format: ImageFormat
    /// Width of the stored pixels.
    public var width: Int
    /// Height of the stored pixels.
    public var height: Int
    /// EXIF orientation (``ExifOrientation/up`` when absent or invalid); for HEIF, its `irot` and `imir`
    /// transforms as the same value.
    public var orientation: ExifOrientation
    /// The orientation tag exactly as stored, when there is one (it may lie outside 1...8).
    package var orientationTagValue: Int?
    /// Bits per sample as stored (1, 2, 4, 8, 16 for PNG; 8 or 12 for JPEG).
    public var bitDepth: Int
    /// How samples are stored.
    public var colorModel: ColorModel
    /// The image has an alpha channel (PNG gray+alpha or RGBA).
    package var hasAlphaChannel: Bool
    /// The image has a PNG tRNS chunk (transparent palette entries or a transparent colour).
    package var hasTransparencyChunk: Bool
    /// PNG Adam7 interlacing.
    package var isInterlaced: Bool
    /// JPEG progressive coding.
    package var isProgressive: Bool
    /// JPEG arithmetic coding.
    package var isArithmeticCoded: Bool
    /// JPEG chroma stored at a lower resolution than luma (4:2:0, 4:2:2); false for 4:4:4 and PNG.
    package var isChromaSubsampled: Bool
    /// Size of the embedded ICC profile in bytes, or `nil` when there is none.
    public var iccProfileSize: Int?
    /// The PNG is marked sRGB, by an sRGB chunk or by an iCCP profile that is one of the known sRGB
    /// profiles, as libpng decides it (a contradicting or damaged colour chunk removes the mark).
    public var hasSRGBChunk: Bool
    /// The sRGB rendering intent (0 perceptual, 1 relative, 2 saturation, 3 absolute), when the PNG is
    /// marked sRGB.
    package var sRGBRenderingIntent: Int?
    /// PNG: the gAMA chunk's gamma (x 100,000) and the cHRM chunk's chromaticities, as libpng keeps them,
    /// where the image is not marked sRGB; `fit` writes them back. Nil where the file has none.
    package var gamma: Int?
    package var chromaticities: Chromaticities?
    /// Number of animation frames: the APNG acTL count, 1 for a still image.
    public var frameCount: Int
    /// APNG loop count (0 = forever), `nil` for a still image.
    package var loopCount: Int?
    /// Whether this build can decode the pixels (a 12-bit JPEG, for one, is read but not decoded).
    public var isDecodable: Bool
    /// Size of the file in bytes.
    public var fileSize: Int
    /// Warnings the codec raised while reading (benign damage, ignored chunks).
    package var warningCount: Int
    /// The first of those warnings, in the codec's words.
    package var firstWarning: String?
    /// Where the data ends before the image's end marker (PNG IEND, JPEG EOI), found without decoding;
    /// nil when the data reaches it.
    public var truncation: Truncation?

    /// Creates image facts; every value is as stored in the file.
    public init(
        format: ImageFormat, width: Int, height: Int, orientation: ExifOrientation = .up,
        orientationTagValue: Int? = nil, bitDepth: Int = 8, colorModel: ColorModel,
        hasAlphaChannel: Bool = false, hasTransparencyChunk: Bool = false, isInterlaced: Bool = false,
        isProgressive: Bool = false, isArithmeticCoded: Bool = false, isChromaSubsampled: Bool = false,
        iccProfileSize: Int? = nil,
        hasSRGBChunk: Bool = false, sRGBRenderingIntent: Int? = nil, frameCount: Int = 1, loopCount: Int? = nil, isDecodable: Bool = true,
        fileSize: Int, warningCount: Int = 0, firstWarning: String? = nil, truncation: Truncation? = nil
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.orientationTagValue = orientationTagValue
        self.bitDepth = bitDepth
        self.colorModel = colorModel
        self.hasAlphaChannel = hasAlphaChannel
        self.hasTransparencyChunk = hasTransparencyChunk
        self.isInterlaced = isInterlaced
        self.isProgressive = isProgressive
        self.isArithmeticCoded = isArithmeticCoded
        self.isChromaSubsampled = isChromaSubsampled
        self.iccProfileSize = iccProfileSize
        self.hasSRGBChunk = hasSRGBChunk
        self.sRGBRenderingIntent = sRGBRenderingIntent
        self.frameCount = frameCount
        self.loopCount = loopCount
        self.isDecodable = isDecodable
        self.fileSize = fileSize
        self.warningCount = warningCount
        self.firstWarning = firstWarning
        self.truncation = truncation
    }

    /// Whether any pixel can be transparent: an alpha channel or a tRNS chunk.
    public var hasAlpha: Bool { hasAlphaChannel || hasTransparencyChunk }

    /// Whether an ICC profile is embedded.
    package var hasICCProfile: Bool { iccProfileSize != nil }

    /// Whether the file is an animated PNG with more than one frame.
    public var isAnimated: Bool { frameCount > 1 }

    /// Width as displayed, after the EXIF orientation.
    package var displayWidth: Int { orientation.swapsAxes ? height : width }

    /// Height as displayed, after the EXIF orientation.
    package var displayHeight: Int { orientation.swapsAxes ? width : height }

    /// The size the image is shown at, and checked at: its width and height with its EXIF orientation
    /// applied.
    public var displaySize: PixelSize { PixelSize(width: displayWidth, height: displayHeight) }
}
