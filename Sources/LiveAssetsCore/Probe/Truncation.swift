/// How an image's data ends before its end marker, as found without decoding it: a PNG's chunk
/// structure walked to IEND (chunk lengths and types only), a JPEG's last 64 KiB searched for EOI, and
/// when they hold none, its image data read forward to its EOI; a HEIF file's top-level boxes walked to
/// the end of the file. Bytes after the end marker are allowed
/// and are not truncation.
public enum Truncation: Sendable, Hashable {
    /// A PNG chunk of `type`, starting at byte `offset`, declares `declaredLength` data bytes, more than
    /// the file has left.
    case pngChunkCut(type: String, offset: Int, declaredLength: Int)
    /// The PNG data ends at byte `offset`, between chunks or inside a chunk's 8-byte header, without an
    /// IEND chunk.
    case pngMissingIEND(offset: Int)
    /// No JPEG end-of-image marker (FF D9) follows the start of the image data within the last
    /// `searched` bytes of the file (the bytes from the image data's start to the end of the file when
    /// they were read forward).
    case jpegMissingEOI(searched: Int)
    /// A HEIF box of `type`, starting at byte `offset`, declares `declaredLength` bytes (its header
    /// included), more than the file has left; `type` is empty when the file ends inside the box's header.
    case boxCut(type: String, offset: Int, declaredLength: Int)

    /// Whether four bytes are a PNG chunk type: ASCII letters only.
    package static func isChunkType(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }

    /// A chunk type as a report shows it: its letters, or in hex when a damaged structure put other
    /// bytes where a type belongs ("0x0A1B2C3D").
    package static func chunkTypeName(_ bytes: some Collection<UInt8>) -> String {
        isChunkType(bytes) ? String(decoding: bytes, as: UTF8.self) : "0x" + bytes.map { String($0, radix: 16, uppercase: true) }.joined()
    }

    /// Where the data ends, as a clause for a sentence about a file of `fileSize` bytes ("its IDAT chunk
    /// at byte 33 needs 1,246 bytes but the file ends at byte 50"). A cut chunk's need is its whole size:
    /// the 12 bytes of length, type and CRC with the data it declares.
    package func clause(fileSize: Int) -> String {
        switch self {
        case .pngChunkCut(let type, let offset, let declaredLength):
            "its \(type) chunk at byte \(offset.groupedDigits) needs \(declaredLength.addingReportingOverflow(12).partialValue.groupedDigits) bytes but the file ends at byte \(fileSize.groupedDigits)"
        case .pngMissingIEND(let offset):
            offset >= fileSize
                ? "its PNG chunks stop at byte \(fileSize.groupedDigits), the end of the file, without the IEND chunk that ends every PNG"
                : "the file ends at byte \(fileSize.groupedDigits), inside the chunk header at byte \(offset.groupedDigits), without the IEND chunk that ends every PNG"
        case .jpegMissingEOI:
            "its image data ends without the JPEG end-of-image marker (FF D9)"
        case .boxCut(let type, let offset, let declaredLength):
            type.isEmpty
                ? "the file ends at byte \(fileSize.groupedDigits), inside the header of a box at byte \(offset.groupedDigits)"
                : "its \(type) box at byte \(offset.groupedDigits) needs \(declaredLength.groupedDigits) bytes but the file ends at byte \(fileSize.groupedDigits)"
        }
    }
}
