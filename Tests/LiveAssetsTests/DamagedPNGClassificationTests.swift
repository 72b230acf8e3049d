import CLiveAssetsCodecs
import Foundation
import LiveAssets
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// A PNG is out of memory only when libpng stops at the allocation that failed: libpng survives a
/// refused buffer for an ancillary chunk (it warns and skips the chunk), and damage found later is
/// damage.
@Suite struct DamagedPNGClassificationTests {
    /// A 4 x 4 gray PNG with a 99,999-byte sPLT chunk (libpng reads it into a 100,000-byte buffer)
    /// before its IDAT, whose CRC is wrong when `damagedIDAT`.
    static func png(damagedIDAT: Bool) -> [UInt8] {
        let entries = [UInt8](repeating: 7, count: 16_666 * 6)
        var bytes = ImageBytes.png(width: 4, height: 4, colorType: 0, chunksBeforeIDAT: [("sPLT", Array("p".utf8) + [0, 8] + entries)])
        if damagedIDAT {
            let iend = bytes.count - 12
            bytes[iend - 1] ^= 0xFF  // the IDAT chunk's CRC, just before IEND
        }
        return bytes
    }

    static func decodeFailingTheSPLTBuffer(_ bytes: [UInt8]) throws -> PixelBuffer {
        lac_test_fail_png_allocations(99_990, 100_010)
        defer { lac_test_fail_png_allocations(0, 0) }
        return try ImageDecoder.decode(data: Data(bytes)).pixels
    }

    @Test func aCRCErrorAfterASkippedAncillaryChunkIsDamageNotOutOfMemory() throws {
        #expect(throws: DecodeError.malformed(file: "image data", format: .png, reason: "IDAT: CRC error")) {
            try Self.decodeFailingTheSPLTBuffer(Self.png(damagedIDAT: true))
        }
    }

    @Test func anAncillaryChunkWhoseBufferIsRefusedIsSkippedAndTheImageDecodes() throws {
        let pixels = try Self.decodeFailingTheSPLTBuffer(Self.png(damagedIDAT: false))
        #expect(pixels.width == 4 && pixels.height == 4)
    }
}
