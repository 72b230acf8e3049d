/// Where the header reader gets bytes it has not seen yet: an open file (``OpenFile``), or anything
/// else that can copy a range of its bytes on request.
package protocol ByteSource {
    /// The name that stands for the bytes in errors (a path).
    var path: String { get }
    /// How many bytes there are.
    var size: Int { get }
    /// Copies bytes from `offset` into `buffer` until it is full or the bytes end; returns how many.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(ProbeError) -> Int
}

/// Bytes in memory served as a source, a copy per read: for tests and the fuzzer, which read through a
/// ``ByteWindow`` with tiny blocks to try every refill.
package struct ArraySource: ByteSource {
    package let path: String
    package let bytes: [UInt8]
    package var size: Int { bytes.count }

    package init(_ bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(ProbeError) -> Int {
        let count = min(buffer.count, bytes.count - offset)
        bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
        return count
    }
}

/// The bytes of a file as far as a header reader asks for them: one block held at a time, refilled by a
/// positioned read where the reader goes next, so a JPEG whose frame header follows a 60 KB ICC profile
/// costs two reads, not 60 KB of copying (an EXIF segment's first 64 KiB are read: orientation is in
/// them). Over bytes in memory it holds them all and never copies.
///
/// A range handed out stays valid only until the next call that may refill the block.
package struct ByteWindow: ~Copyable {
    /// A block read from the source, one page, which holds most headers; bigger requests grow it.
    package static let defaultBlockSize = 4096

    /// What a refill reads at least (unused over bytes in memory).
    private let blockSize: Int
    /// How many bytes there are in all.
    package let size: Int
    private let source: (any ByteSource)?
    private var storage: UnsafeMutableRawBufferPointer?
    /// The bytes held now, and the offset of the first.
    private var held: UnsafeRawBufferPointer
    private var start = 0

    /// All of `bytes`, in memory: nothing is ever read or copied.
    package init(memory bytes: UnsafeRawBufferPointer) {
        size = bytes.count
        source = nil
        held = bytes
        blockSize = bytes.count
    }

    /// The bytes of `source`, read as they are asked for, a block of `blockSize` bytes or more at a time.
    package init(source: any ByteSource, blockSize: Int = defaultBlockSize) {
        size = source.size
        self.source = source
        self.blockSize = max(blockSize, 1)
        held = UnsafeRawBufferPointer(start: nil, count: 0)
    }

    /// The bytes of `source`, of which the first `prefix.count` are already in `prefix` (read by the caller,
    /// which keeps them alive while the window lives): they are used where they are, not read again.
    package init(source: any ByteSource, prefix: UnsafeRawBufferPointer, blockSize: Int = defaultBlockSize) {
        self.init(source: source, blockSize: blockSize)
        held = prefix
    }

    deinit { storage?.deallocate() }

    /// The `count` bytes from `offset`, which lie inside ``size``.
    package mutating func bytes(at offset: Int, count: Int) throws(ProbeError) -> UnsafeRawBufferPointer {
        precondition(offset >= 0 && count >= 0 && count <= size - offset, "a range outside the data")
        if offset < start || offset - start > held.count - count { try fill(from: offset, count: count) }
        return UnsafeRawBufferPointer(rebasing: held[(offset - start)..<(offset - start + count)])
    }

    /// The bytes from `offset` to the end of those held, at least one; a refill when `offset` is not held
    /// reads `preferred` bytes (or to the end). For a forward search: it copies nothing it holds again.
    package mutating func bytes(from offset: Int, preferred: Int) throws(ProbeError) -> UnsafeRawBufferPointer {
        precondition(offset >= 0 && offset < size, "an offset outside the data")
        if offset < start || offset - start >= held.count { try fill(from: offset, count: min(max(preferred, 1), size - offset)) }
        return UnsafeRawBufferPointer(rebasing: held[(offset - start)...])
    }

    /// The byte at `offset`, which lies inside ``size``.
    package mutating func byte(at offset: Int) throws(ProbeError) -> UInt8 {
        precondition(offset >= 0 && offset < size, "an offset outside the data")
        if offset < start || offset - start >= held.count { try fill(from: offset, count: 1) }
        return held[offset - start]
    }

    /// The big-endian 32-bit number at `offset`.
    package mutating func bigEndian32(at offset: Int) throws(ProbeError) -> Int {
        try bytes(at: offset, count: 4).bigEndian(at: 0, count: 4)
    }

    /// Reads a block (or `count` bytes, when more) from `offset` into the held bytes.
    private mutating func fill(from offset: Int, count: Int) throws(ProbeError) {
        guard let source else { preconditionFailure("bytes in memory are all held") }
        let wanted = min(max(count, blockSize), size - offset)
        if storage == nil || storage!.count < wanted {
            storage?.deallocate()
            storage = .allocate(byteCount: wanted, alignment: 16)
        }
        let target = UnsafeMutableRawBufferPointer(rebasing: storage![..<wanted])
        let read = try source.read(into: target, at: offset)
        // A file that shrank since it was opened ends where its bytes do.
        guard read >= count else {
            throw .readFailed(file: source.path, errno: 0, reason: "it became shorter while it was read; run again once nothing is writing it")
        }
        held = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(target)[..<read])
        start = offset
    }
}

extension UnsafeRawBufferPointer {
    /// The big-endian number of `count` bytes (at most 8) at `offset`; one over `Int.max` is `Int.max`.
    package func bigEndian(at offset: Int, count: Int) -> Int {
        var value: UInt64 = 0
        for index in offset..<offset + count { value = value << 8 | UInt64(self[index]) }
        return value > UInt64(Int.max) ? Int.max : Int(value)
    }
}
