import CLiveAssetsCodecs
import LiveAssetsTestSupport
import Testing

import LiveAssetsPlatform

/// The PNG chunk walk `check` takes when a file does not end with IEND costs reads in proportion to
/// the file's bytes, not to its chunks: a hostile file of tiny chunks cannot make it slow.
@Suite struct PNGChunkWalkCostTests {
    /// The walk over the file at `path` from its descriptor alone (no prefix).
    static func walk(_ path: String) -> (end: lac_end, code: lac_code) {
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var stats = stat()
        fstat(descriptor, &stats)
        var input = lac_input(prefix: nil, prefix_length: 0, fd: descriptor)
        var end = lac_end()
        var status = lac_status()
        let code = lac_png_find_end(&input, UInt64(stats.st_size), &end, &status)
        return (end, code)
    }

    @Test func aHundredThousandEmptyChunksAreWalkedInAFewDozenReads() throws {
        let image = ImageBytes.png(width: 8, height: 8)
        let empty = ImageBytes.chunk("teSt", [])
        var bytes = Array(image.dropLast(12))
        bytes.reserveCapacity(bytes.count + 12 * 100_001 + 8)
        for _ in 0..<100_000 { bytes += empty }
        bytes += ImageBytes.chunk("IEND", [])
        let iendEnd = bytes.count
        bytes += Array("appended".utf8)
        let folder = try TemporaryDirectory()
        let (end, code) = Self.walk(try folder.write("many.png", bytes))
        #expect(code == LAC_OK)
        #expect(end.truncated == 0 && end.end_offset == UInt64(iendEnd))
        // One read of the last 12 bytes, then 32 KiB reads: 1.2 MB in about 37 of them (not 100,000).
        #expect(end.reads <= 1 + 2 * UInt32(bytes.count / 32_768 + 1), "\(end.reads) reads")

        // Cut 5 bytes into the header of the 50,001st empty chunk: no IEND, found at that chunk.
        let chunk = image.count - 12 + 12 * 50_000
        let (cutEnd, _) = Self.walk(try folder.write("cut.png", Array(bytes.prefix(chunk + 5))))
        #expect(cutEnd.truncated == 1 && cutEnd.chunk_cut == 0 && cutEnd.chunk_offset == UInt64(chunk))
    }
}
