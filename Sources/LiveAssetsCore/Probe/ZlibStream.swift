/// The zlib stream (RFC 1950, DEFLATE of RFC 1951) of a PNG chunk, decoded a byte at a time, on demand,
/// as zlib's `inflate` decodes it for libpng's iCCP handler.
///
/// Only whether the stream gives the bytes asked of it matters there: libpng drops the profile on any
/// failure before that, and ignores whatever follows (a wrong Adler-32, more data). So every failure is
/// one ``Failure/damaged``, the stream's trailer is never read, and decoding stops where the reader stops
/// asking.
///
/// Where decoding can depend on how the input was handed to zlib, this follows libpng: a back-reference
/// may reach the output of the current `inflate` call plus the window zlib kept from earlier calls (the
/// header's window size, 256 bytes to 32 KiB), and a call starts at each of the reader's requests
/// (``beginCall()``) and at each piece of input libpng hands over (``init(dataStart:dataEnd:pieceStart:)``).
struct ZlibStream {
    /// Why the stream gave no more bytes.
    enum Failure: Error {
        /// The stream ended, was cut short or broke a rule of the format before giving the bytes asked for.
        case damaged
        /// The file could not be read.
        case unreadable(ProbeError)
    }

    /// A canonical Huffman code, decoded a bit at a time (as zlib's `puff` reference decoder does).
    struct Code {
        /// How many codes there are of each length, 0 to 15.
        var counts = [Int](repeating: 0, count: 16)
        /// The symbols in code order.
        var symbols: [Int] = []
        /// Codes not used up: 0 for a complete code, negative when over-subscribed.
        var unused = 1
        /// The longest code's length, 0 when there is no code.
        var longest = 0

        init(lengths: ArraySlice<Int>) {
            for length in lengths { counts[length] += 1 }
            for length in 1...15 {
                unused = unused * 2 - counts[length]
                if counts[length] > 0 { longest = length }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in zip(0..., lengths) where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }

        /// zlib's rule (`inflate_table`) for literal/length and distance codes: not over-subscribed, and
        /// complete unless its codes are 1 bit long (one code, or none: a distance code may have none).
        var isAcceptable: Bool { unused == 0 || (unused > 0 && longest <= 1) }
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                                     131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025,
                                       1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
                                        13, 13]
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    private static let fixedLiterals = Code(lengths: ArraySlice((0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }))
    private static let fixedDistances = Code(lengths: ArraySlice([Int](repeating: 5, count: 30)))

    private enum State {
        case header, blockStart, stored(remaining: Int), codes, finished
    }

    private var next: Int
    private let end: Int
    private let pieceStart: Int
    private var bits: UInt64 = 0
    private var bitCount = 0
    private var state = State.header
    private var isFinalBlock = false
    private var literals = Self.fixedLiterals
    private var distances = Self.fixedDistances
    private var window = [UInt8](repeating: 0, count: 32_768)
    private var windowSize = 0
    private var match = (length: 0, distance: 0, checked: false)
    /// Bytes given so far.
    private(set) var produced = 0
    private var callStart = 0

    /// The stream in the file's bytes `dataStart..<dataEnd`; libpng hands it to zlib in pieces of
    /// 1,024 bytes from `pieceStart` (the bytes before it come with the chunk's keyword).
    init(dataStart: Int, dataEnd: Int, pieceStart: Int) {
        (next, end, self.pieceStart) = (dataStart, dataEnd, pieceStart)
    }

    /// Starts an `inflate` call: the reader asks for more bytes.
    mutating func beginCall() {
        callStart = produced
        match.checked = false
    }

    /// The next byte of the decompressed data.
    mutating func nextByte(_ source: inout ByteWindow) throws(Failure) -> UInt8 {
        while true {
            if match.length > 0 {
                if !match.checked {
                    // zlib's MATCH state: the distance must lie within this call's output and the window.
                    guard match.distance <= produced - callStart + min(windowSize, callStart) else { throw .damaged }
                    match.checked = true
                }
                match.length -= 1
                return emit(window[(produced - match.distance) & 32_767])
            }
            switch state {
            case .header:
                let header = try take(16, &source)
                let (method, flags) = (header & 0xFF, header >> 8)
                // libpng's own check of the window size, then zlib's checks; a preset dictionary is refused.
                guard method >> 4 <= 7, (method << 8 | flags) % 31 == 0, method & 0x0F == 8, flags & 0x20 == 0 else {
                    throw .damaged
                }
                windowSize = 1 << ((method >> 4) + 8)
                state = .blockStart
            case .blockStart:
                isFinalBlock = try take(1, &source) == 1
                switch try take(2, &source) {
                case 0:
                    bits >>= UInt64(bitCount % 8)
                    bitCount -= bitCount % 8
                    let lengths = try take(32, &source)
                    guard lengths & 0xFFFF == ~(lengths >> 16) & 0xFFFF else { throw .damaged }
                    state = .stored(remaining: lengths & 0xFFFF)
                case 1: (literals, distances, state) = (Self.fixedLiterals, Self.fixedDistances, .codes)
                case 2: try readDynamicCodes(&source)
                default: throw .damaged
                }
            case .stored(let remaining):
                guard remaining > 0 else {
                    state = isFinalBlock ? .finished : .blockStart
                    continue
                }
                state = .stored(remaining: remaining - 1)
                return emit(UInt8(try take(8, &source)))
            case .codes:
                let symbol = try decode(literals, &source)
                if symbol < 256 { return emit(UInt8(symbol)) }
                if symbol == 256 {
                    state = isFinalBlock ? .finished : .blockStart
                    continue
                }
                guard symbol <= 285 else { throw .damaged }
                let length = Self.lengthBase[symbol - 257] + (try take(Self.lengthExtra[symbol - 257], &source))
                let code = try decode(distances, &source)
                guard code < 30 else { throw .damaged }
                match = (length, Self.distanceBase[code] + (try take(Self.distanceExtra[code], &source)), false)
            case .finished:
                throw .damaged
            }
        }
    }

    private mutating func emit(_ byte: UInt8) -> UInt8 {
        window[produced & 32_767] = byte
        produced += 1
        return byte
    }

    /// The codes of a dynamic block, refused as zlib refuses them.
    private mutating func readDynamicCodes(_ source: inout ByteWindow) throws(Failure) {
        let literalCount = try take(5, &source) + 257, distanceCount = try take(5, &source) + 1
        let codeLengthCount = try take(4, &source) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .damaged }
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengths[Self.codeLengthOrder[index]] = try take(3, &source) }
        let lengthCode = Code(lengths: codeLengths[...])
        guard lengthCode.unused == 0 else { throw .damaged }
        var lengths: [Int] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(lengthCode, &source)
            if symbol < 16 {
                lengths.append(symbol)
                continue
            }
            let (repeated, count): (Int, Int) = switch symbol {
            case 16: (lengths.last ?? -1, 3 + (try take(2, &source)))
            case 17: (0, 3 + (try take(3, &source)))
            default: (0, 11 + (try take(7, &source)))
            }
            guard repeated >= 0, lengths.count + count <= literalCount + distanceCount else { throw .damaged }
            lengths.append(contentsOf: repeatElement(repeated, count: count))
        }
        guard lengths[256] != 0 else { throw .damaged }
        literals = Code(lengths: lengths[..<literalCount])
        distances = Code(lengths: lengths[literalCount...])
        guard literals.isAcceptable, distances.isAcceptable else { throw .damaged }
        state = .codes
    }

    /// The next symbol of `code`; an unused code is damage.
    private mutating func decode(_ code: Code, _ source: inout ByteWindow) throws(Failure) -> Int {
        var value = 0, first = 0, index = 0
        for length in 1...15 {
            value |= try take(1, &source)
            let count = code.counts[length]
            if value - first < count { return code.symbols[index + value - first] }
            index += count
            first = (first + count) << 1
            value <<= 1
        }
        throw .damaged
    }

    /// The next `count` bits (at most 32), least significant first; a byte is taken from the file only
    /// when a bit of it is needed, as zlib takes them.
    private mutating func take(_ count: Int, _ source: inout ByteWindow) throws(Failure) -> Int {
        while bitCount < count {
            guard next < end else { throw .damaged }
            if next >= pieceStart, (next - pieceStart) % 1024 == 0 { beginCall() }
            let byte: UInt8
            do { byte = try source.byte(at: next) } catch { throw .unreadable(error) }
            bits |= UInt64(byte) << UInt64(bitCount)
            next += 1
            bitCount += 8
        }
        let value = Int(bits & ((1 << UInt64(count)) - 1))
        bits >>= UInt64(count)
        bitCount -= count
        return value
    }
}
