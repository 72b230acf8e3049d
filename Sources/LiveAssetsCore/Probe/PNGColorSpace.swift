/// What a PNG's gAMA, cHRM, sRGB and iCCP chunks leave of its colour space, as libpng 1.6's handlers
/// decide it (`png_handle_gAMA` ... `png_handle_iCCP` and `png_colorspace_*` in png.c): the facts
/// ``ImageInfo`` holds are the ICC profile's size and whether the image is marked sRGB, by an sRGB chunk
/// or by a profile that is one of the known sRGB profiles.
///
/// Every chunk can make the colour space invalid (a second sRGB, a damaged profile, gamma out of range,
/// chromaticities that do not invert); from then on libpng ignores these chunks and reports neither a
/// profile nor sRGB, even one read before.
struct PNGColorSpace {
    private(set) var isInvalid = false
    private var hasIntent = false
    private var isFromSRGB = false
    private var matchesSRGB = false
    private var hasGamma = false
    private var isFromGAMA = false
    private var isFromCHRM = false
    /// sRGB's end points were set (by an sRGB chunk or profile); a cHRM chunk after them must match them.
    private var hasEndpoints = false
    private var gamma = 0
    private var renderingIntent = 0
    private var profileLength: Int?

    /// The profile's size, unless the colour space ended invalid.
    var iccProfileSize: Int? { isInvalid ? nil : profileLength }
    /// The sRGB rendering intent, when the image is marked sRGB and the colour space stayed valid.
    var sRGBIntent: Int? { !isInvalid && matchesSRGB ? renderingIntent : nil }
    /// The gAMA chunk's gamma, where the colour space stayed valid and is not marked sRGB (libpng then
    /// reports sRGB's own gamma): what a fitted PNG carries over.
    var keptGamma: Int? { !isInvalid && !hasIntent && isFromGAMA ? gamma : nil }
    /// The cHRM chunk's chromaticities, likewise.
    var keptChromaticities: Chromaticities? { !isInvalid && !hasIntent ? chromaticitiesRead : nil }
    private var chromaticitiesRead: Chromaticities?

    /// libpng's fixed-point 1.0.
    private static let one = 100_000
    /// `PNG_GAMMA_sRGB_INVERSE`.
    private static let sRGBGamma = 45_455
    /// Chromaticities of sRGB (ITU-R BT.709): white, red, green, blue, x then y.
    private static let sRGBEndpoints = Chromaticities(values: [31_270, 32_900, 64_000, 33_000, 30_000, 60_000, 15_000, 6_000])

    /// The first unsigned 32-bit number of `data` as `png_get_fixed_point` gives it: -1 above 2^31 - 1.
    private static func fixedPoint(_ data: UnsafeRawBufferPointer, at offset: Int) -> Int {
        let value = data.bigEndian(at: offset, count: 4)
        return value <= 0x7FFF_FFFF ? value : -1
    }

    /// A gAMA chunk's data (4 bytes).
    mutating func takeGAMA(_ data: UnsafeRawBufferPointer) {
        let value = Self.fixedPoint(data, at: 0)
        guard value >= 16, value <= 625_000_000, !isFromGAMA else { return isInvalid = true }
        guard !isInvalid else { return }
        // A value that does not match sRGB's is reported and not kept; the colour space stays valid.
        if hasGamma, isFromSRGB, Self.isSignificant(Self.multiply(gamma, Self.one, dividedBy: value)) { return }
        (gamma, hasGamma, isFromGAMA) = (value, true, true)
    }

    /// A cHRM chunk's data (32 bytes).
    mutating func takeCHRM(_ data: UnsafeRawBufferPointer) {
        let values = (0..<8).map { Self.fixedPoint(data, at: $0 * 4) }
        guard !values.contains(-1), !isInvalid else { return }
        guard !isFromCHRM else { return isInvalid = true }
        isFromCHRM = true
        let chromaticities = Chromaticities(values: values)
        if !chromaticities.roundTrips() || (hasEndpoints && !chromaticities.matches(Self.sRGBEndpoints, within: 100)) {
            isInvalid = true
        } else {
            chromaticitiesRead = chromaticities
        }
    }

    /// An sRGB chunk's rendering intent.
    mutating func takeSRGB(intent: Int) {
        guard !isInvalid else { return }
        guard !hasIntent else { return isInvalid = true }
        setSRGB(intent: intent)
    }

    /// `png_colorspace_set_sRGB`, for an sRGB chunk or a profile that is a known sRGB profile.
    private mutating func setSRGB(intent: Int) {
        guard intent < 4 else { return isInvalid = true }
        if hasIntent, renderingIntent != intent { return isInvalid = true }
        guard !isFromSRGB else { return }
        (renderingIntent, hasIntent, hasEndpoints) = (intent, true, true)
        (gamma, hasGamma) = (Self.sRGBGamma, true)
        (matchesSRGB, isFromSRGB) = (true, true)
    }

    /// An iCCP chunk of `length` bytes whose data starts at `offset`, in an image of PNG colour type
    /// `colorType`: the keyword, the compression method and the zlib stream, inflated as far as libpng
    /// does (the 132-byte header, the tag table, the rest), with its checks.
    mutating func takeICCP(_ window: inout ByteWindow, offset: Int, length: Int, colorType: Int) throws(ProbeError) {
        guard length >= 14, !isInvalid else { return }
        guard !hasIntent else { return isInvalid = true }
        // libpng reads up to 81 bytes for the keyword, then wants 11 more.
        guard length >= 81 + 11 else { return }
        let keyword = try window.bytes(at: offset, count: 81)
        let keywordLength = keyword.prefix(80).firstIndex(of: 0) ?? 80
        guard (1...79).contains(keywordLength), keyword[keywordLength + 1] == 0 else { return isInvalid = true }
        var stream = ZlibStream(dataStart: offset + keywordLength + 2, dataEnd: offset + length, pieceStart: offset + 81)
        do throws(ZlibStream.Failure) {
            guard let profile = try ICCProfileCheck.read(&stream, &window, colorType: colorType) else { return isInvalid = true }
            if let intent = profile.sRGBIntent { setSRGB(intent: intent) }
            profileLength = profile.length
        } catch {
            switch error {
            case .damaged: isInvalid = true
            case .unreadable(let error): throw error
            }
        }
    }

    /// `png_gamma_significant`: further than 5 % from 1.
    private static func isSignificant(_ value: Int?) -> Bool {
        guard let value else { return true }
        return value < one - 5_000 || value > one + 5_000
    }

    /// `png_muldiv` as libpng builds it with floating-point arithmetic: `a * times / divisor`, rounded,
    /// or nil when it does not fit 32 bits or the divisor is 0.
    static func multiply(_ a: Int, _ times: Int, dividedBy divisor: Int) -> Int? {
        guard divisor != 0 else { return nil }
        if a == 0 || times == 0 { return 0 }
        let result = (Double(a) * Double(times) / Double(divisor) + 0.5).rounded(.down)
        return result <= 2_147_483_647 && result >= -2_147_483_648 ? Int(result) : nil
    }

    /// `png_reciprocal`: 10^10 / a, rounded, or 0 when it does not fit 32 bits.
    static func reciprocal(_ a: Int) -> Int {
        let result = (1e10 / Double(a) + 0.5).rounded(.down)
        return result <= 2_147_483_647 && result >= -2_147_483_648 ? Int(result) : 0
    }
}
