import LiveAssets
import LiveAssetsTestSupport
import Testing

/// The Swift header reader given a source it reads on request (a file, in use) reads only the blocks
/// the header and the end-of-data check need, and answers as it does with every byte in memory.
@Suite struct ByteWindowTests {
    /// Bytes in memory served as a file would serve them, with every read recorded.
    final class RecordingSource: ByteSource {
        let path = "recorded"
        let bytes: [UInt8]
        var reads: [(offset: Int, count: Int)] = []
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var size: Int { bytes.count }
        func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(ProbeError) -> Int {
            let count = min(buffer.count, bytes.count - offset)
            reads.append((offset, count))
            return try ArraySource(bytes, path: path).read(into: buffer, at: offset)
        }
    }

    static func readBoth(_ bytes: [UInt8]) throws(ProbeError) -> (fromSource: ImageInfo, fromMemory: ImageInfo, reads: [(offset: Int, count: Int)]) {
        let source = RecordingSource(bytes)
        var window = ByteWindow(source: source)
        let fromSource = try HeaderReader.read(&window, name: "f", limits: .default, findsTruncation: true)
        return (fromSource, try HeaderReader.read(bytes, name: "f"), source.reads)
    }

    @Test func aJPEGWhoseFrameFollowsSixtyKilobytesOfSegmentsTakesThreeReads() throws {
        let profile = ImageBytes.marker(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 1] + [UInt8](repeating: 0x11, count: 60_000))
        let exif = ImageBytes.exifSegment(ImageBytes.orientationTIFF(6))
        var bytes = Array(ImageBytes.jpegHeader(width: 400, height: 300, segments: [exif, profile]).dropLast(2))
        bytes += [UInt8](repeating: 0x55, count: 200_000) + [0xFF, 0xD9]
        let frameStart = 2 + exif.count + profile.count
        #expect(bytes[frameStart + 1] == 0xC0)
        let (fromSource, fromMemory, reads) = try Self.readBoth(bytes)
        #expect(fromSource == fromMemory)
        #expect((fromSource.width, fromSource.height, fromSource.orientation.rawValue, fromSource.iccProfileSize) == (400, 300, 6, 60_000))
        // The first block, the block where the frame header starts, the last 256 bytes for EOI.
        #expect(reads.map { "\($0.offset)+\($0.count)" } == ["0+4096", "\(frameStart)+4096", "\(bytes.count - 256)+256"])

        bytes.removeLast(2)  // no EOI: the last 64 KiB, then the scan data read forward from its start
        let cut = try Self.readBoth(bytes)
        #expect(cut.fromSource == cut.fromMemory)
        #expect(cut.fromSource.truncation == Truncation.jpegMissingEOI(searched: 200_000))
    }

    @Test func aJPEGWithoutItsEndIsSearchedForwardInLargeBlocksReadOnce() throws {
        // 1 MB of scan data with a stuffed FF 00 every 200 bytes, and no EOI.
        var bytes = Array(ImageBytes.jpegHeader(width: 400, height: 300).dropLast(2))
        let scanStart = bytes.count
        for index in 0..<1_000_000 { bytes.append(index % 200 == 0 ? 0xFF : index % 200 == 1 ? 0x00 : 0x55) }
        let (fromSource, fromMemory, reads) = try Self.readBoth(bytes)
        #expect(fromSource == fromMemory && fromSource.truncation == Truncation.jpegMissingEOI(searched: bytes.count - scanStart))
        // The first block, the last 256 bytes, the last 64 KiB, then the scan data once, 64 KiB at a time.
        let forward = reads.dropFirst(3)
        #expect(reads.count == 3 + (bytes.count - scanStart + 65_535) / 65_536)
        #expect(forward.reduce(0) { $0 + $1.count } == bytes.count - scanStart)
    }

    @Test func aPNGWithLargeImageDataTakesTheFirstBlockAndItsLastTwelveBytes() throws {
        let bytes = ImageBytes.png(width: 300, height: 300, chunksBeforeIDAT: [("eXIf", ImageBytes.orientationTIFF(8))])
        #expect(bytes.count > 300 * 300 * 4)
        let (fromSource, fromMemory, reads) = try Self.readBoth(bytes)
        #expect(fromSource == fromMemory && fromSource.orientation.rawValue == 8 && fromSource.truncation == nil)
        #expect(reads.map { "\($0.offset)+\($0.count)" } == ["0+4096", "\(bytes.count - 12)+12"])
    }

    @Test func aPrefixTheCallerHoldsIsNotReadAgain() throws {
        let bytes = ImageBytes.heif(width: 4032, height: 3024, rotation: 3, imageData: 50_000)
        let source = RecordingSource(bytes)
        let info = try Array(bytes.prefix(4096)).withUnsafeBytes { (prefix) throws(ProbeError) -> ImageInfo in
            var window = ByteWindow(source: source, prefix: prefix)
            return try HeaderReader.read(&window, name: "f", limits: .default, findsTruncation: true)
        }
        #expect(info == (try HeaderReader.read(bytes, name: "f")))
        #expect(source.reads.isEmpty)  // ftyp, meta and mdat's header all lie in the first 4 KiB
    }

    @Test func anUnknownCriticalChunkLargerThanABlockIsCheckedByItsCRCBlockByBlock() throws {
        func reason(_ bytes: [UInt8]) -> String? {
            guard case .failure(.malformed(_, _, let reason)) = Result(catching: { () throws(ProbeError) in try Self.readBoth(bytes) }) else { return nil }
            return reason
        }
        var bytes = ImageBytes.png(width: 4, height: 4, chunksBeforeIDAT: [("ZZZz", [UInt8](repeating: 7, count: 100_000))])
        #expect(reason(bytes) == "ZZZz: unhandled critical chunk")
        bytes[33 + 8 + 50_000] ^= 1  // a byte in the middle of its data
        #expect(reason(bytes) == "ZZZz: CRC error")
    }
}
