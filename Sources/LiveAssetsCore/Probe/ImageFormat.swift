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
    public var isSupported: Bool { self == .png || self == .jpeg }

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
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Recognises a format from the first bytes of a file (16 or more give the best answer).
    ///
    /// Returns `nil` when the bytes are not any format listed here.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let b = Array(bytes.prefix(64))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<offset + prefix.count]) == prefix
        }
        if starts(Self.pngSignature) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("ftyp".utf8), at: 4) && b.count >= 12 {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            if brand.hasPrefix("avi") {
                self = .avif
            } else if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) {
                self = .heif
            } else {
                return nil
            }
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
            self = .tiff
        } else if starts(Array("BM".utf8)) && b.count >= 14 {
            self = .bmp
        } else if starts(Array("%PDF-".utf8)) {
            self = .pdf
        } else if Self.looksLikeSVG(Array(bytes.prefix(4096))) {
            self = .svg
        } else {
            return nil
        }
    }

    /// Whether the bytes look like a PNG signature damaged in transit (line endings converted, the high
    /// bit stripped, a byte changed): all 8 present and at most 2 of them differ from the signature.
    public static func looksLikeDamagedPNGSignature(_ bytes: some Collection<UInt8>) -> Bool {
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
            text = text.drop(while: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" })
            if text.hasPrefix("<svg") { return true }
            let closing: String
            if text.hasPrefix("<?") { closing = "?>" } else if text.hasPrefix("<!--") { closing = "-->" }
            else if text.hasPrefix("<!") { closing = ">" } else { return false }
            guard let end = text.firstRange(of: closing) else { return false }
            text = text[end.upperBound...]
        }
    }
}
