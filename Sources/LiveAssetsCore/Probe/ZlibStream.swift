import CZlib

/// The zlib stream of an iCCP chunk, inflated by the system's zlib exactly as libpng hands it over
/// (`png_inflate_read`): the window size the stream's header gives (libpng's default), libpng's own check
/// of that size first, the input in the pieces libpng reads (what is left of the 81 bytes read with the
/// keyword, then 1,024 bytes at a time) and each of the reader's requests one run of `inflate` calls
/// over one output buffer, so that a back-reference may reach exactly as far as it may in libpng.
///
/// Only whether the stream gives the bytes asked of it matters there: libpng drops the profile on any
/// failure before that, and ignores whatever follows (a wrong Adler-32, more data). So every failure is
/// one ``Failure/damaged``.
struct ZlibStream: ~Copyable {
    /// Why the stream gave no more bytes.
    enum Failure: Error {
        /// The stream ended, was cut short or broke a rule of the format before giving the bytes asked for.
        case damaged
        /// The file could not be read.
        case unreadable(ProbeError)
    }

    /// libpng's `PNG_INFLATE_BUF_SIZE`.
    private static let pieceSize = 1024

    /// On the heap: zlib's state points back at it, so it must not move.
    private let stream: UnsafeMutablePointer<z_stream>
    /// The piece of input zlib is reading.
    private let piece = UnsafeMutablePointer<UInt8>.allocate(capacity: pieceSize)
    /// The file offset of the next piece, and where the data ends.
    private var next: Int
    private let end: Int
    /// The first piece (the rest of the keyword's 81 bytes) is still to be handed over.
    private var firstPieceEnd: Int?
    private var isStarted = false
    private var isReady: Bool

    /// The stream in the file's bytes `dataStart..<dataEnd`; libpng hands it to zlib in pieces of
    /// 1,024 bytes from `pieceStart` (the bytes before it come with the chunk's keyword).
    init(dataStart: Int, dataEnd: Int, pieceStart: Int) {
        (next, end) = (dataStart, dataEnd)
        // None when the keyword took all 81 bytes: libpng then starts with a piece of 1,024.
        firstPieceEnd = pieceStart > dataStart ? min(pieceStart, dataEnd) : nil
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // Window bits 0: the window size the stream's header gives, as libpng asks by default.
        isReady = inflateInit2_(stream, 0, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    }

    deinit {
        if isReady { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        piece.deallocate()
    }

    /// Fills `output` as libpng's `png_inflate_read` does one request: input read a piece at a time while
    /// zlib wants it, `Z_FINISH` for the last request (`finish`) once the input is all handed over.
    mutating func read(into output: UnsafeMutableRawBufferPointer, finish: Bool, _ window: inout ByteWindow) throws(Failure) {
        guard isReady else { throw .damaged }
        // An empty request still runs `inflate` once, as libpng's does (it may read the stream's header).
        stream.pointee.next_out = (output.baseAddress ?? UnsafeMutableRawPointer(piece)).assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_out = 0
        var wanted = output.count
        var status = Z_OK
        repeat {
            if stream.pointee.avail_in == 0 {
                let count = min(firstPieceEnd ?? (next + Self.pieceSize), end) - next
                firstPieceEnd = nil
                if count > 0 {
                    do throws(ProbeError) {
                        let bytes = try window.bytes(at: next, count: count)
                        piece.update(from: bytes.bindMemory(to: UInt8.self).baseAddress!, count: count)
                    } catch {
                        throw .unreadable(error)
                    }
                }
                next += count
                stream.pointee.next_in = piece
                stream.pointee.avail_in = UInt32(count)
            }
            if stream.pointee.avail_out == 0 {
                stream.pointee.avail_out = UInt32(min(wanted, Int(UInt32.max)))
                wanted -= Int(stream.pointee.avail_out)
            }
            // libpng's own check of the window size, before zlib reads the header.
            if !isStarted, stream.pointee.avail_in > 0 {
                guard stream.pointee.next_in.pointee >> 4 <= 7 else { throw .damaged }
                isStarted = true
            }
            status = inflate(stream, next < end ? Z_NO_FLUSH : (finish ? Z_FINISH : Z_SYNC_FLUSH))
        } while status == Z_OK && (wanted > 0 || stream.pointee.avail_out > 0)
        guard wanted + Int(stream.pointee.avail_out) == 0 else { throw .damaged }
        stream.pointee.avail_out = 0
    }
}
