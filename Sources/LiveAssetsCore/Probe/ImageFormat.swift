/// An image container format, recognised by its leading bytes (never by the file name).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case png
    case jpeg
    // Formats recognised so that they can be named, but not read by LiveAssets.
    case gif
    case webp
    case heif
    case avif
    case tiff
    case bmp
    case pdf
    case svg

    /// The formats LiveAssets reads, decodes and writes.
    package var isSupported: Bool { self == .png || self == .jpeg }

    /// The name users know the format by ("PNG", "HEIF", ...).
    public var displayName: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .heif: "HEIF/HEIC"
        case .avif: "AVIF"
        case .tiff: "TIFF"
        case .bmp: "BMP"
        case .pdf: "PDF"
        case .svg: "SVG"
        }
    }

    /// The PNG signature, `89 50 4E 47 0D 0A 1A 0A`.
    package static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Recognises a format from the first bytes of a file (16 or more give the best answer).
    ///
    /// Returns `nil` when the bytes are not any format listed here.
    package init?(sniffing bytes: some Collection<UInt8>) {
        guard let format = Array(bytes.prefix(4096)).withUnsafeBytes(Self.sniff) else { return nil }
        self = format
    }

    /// ``init(sniffing:)`` for bytes in memory, read where they are.
    package init?(sniffing bytes: UnsafeRawBufferPointer) {
        guard let format = Self.sniff(bytes) else { return nil }
        self = format
    }

    static func sniff(_ b: UnsafeRawBufferPointer) -> ImageFormat? {
        func starts(_ prefix: StaticString, at offset: Int = 0) -> Bool {
            starts(UnsafeRawBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount), at: offset)
        }
        func starts(_ prefix: UnsafeRawBufferPointer, at offset: Int = 0) -> Bool {
            guard b.count >= offset + prefix.count else { return false }
            for index in 0..<prefix.count where b[offset + index] != prefix[index] { return false }
            return true
        }
        if pngSignature.withUnsafeBytes({ starts($0) }) { return .png }
        if b.count >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF { return .jpeg }
        if starts("GIF87a") || starts("GIF89a") { return .gif }
        if starts("RIFF") && starts("WEBP", at: 8) { return .webp }
        if starts("ftyp", at: 4) && b.count >= 12 {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            if brand.hasPrefix("avi") { return .avif }
            return ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) ? .heif : nil
        }
        if starts("II*\u{0}") || starts("MM\u{0}*") { return .tiff }
        if starts("BM") && b.count >= 14 { return .bmp }
        if starts("%PDF-") { return .pdf }
        return looksLikeSVG(Array(b.prefix(4096))) ? .svg : nil
    }

    /// Whether the bytes look like a PNG signature damaged in transit (line endings converted, the high
    /// bit stripped, a byte changed): all 8 present and at most 2 of them differ from the signature.
    package static func looksLikeDamagedPNGSignature(_ bytes: some Collection<UInt8>) -> Bool {
        let b = Array(bytes.prefix(8))
        guard b.count == 8, b != pngSignature else { return false }
        return zip(b, pngSignature).filter { $0 != $1 }.count <= 2
    }

    /// XML whose first element is `<svg`: a prolog, comments and a doctype may come first (Illustrator
    /// and Sketch write them).
    private static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        var text = Substring(String(decoding: bytes, as: UTF8.self))
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        while true {
            // `isNewline`: "\r\n" is one Character, neither "\r" nor "\n" (Windows line ends, as Illustrator writes them).
            text = text.drop(while: { $0 == " " || $0.isNewline || $0 == "\t" })
            if text.hasPrefix("<svg") { return true }
            let closing: String
            if text.hasPrefix("<?") { closing = "?>" } else if text.hasPrefix("<!--") { closing = "-->" }
            else if text.hasPrefix("<!") { closing = ">" } else { return false }
            guard let end = text.firstRange(of: closing) else { return false }
            text = text[end.upperBound...]
        }
    }
}
