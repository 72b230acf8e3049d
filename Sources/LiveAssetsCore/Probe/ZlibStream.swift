/// The zlib stream (RFC 1950, DEFLATE of RFC 1951) of a PNG chunk, decoded on demand as zlib's `inflate`
/// decodes it for libpng's iCCP handler.
///
/// Only whether the stream gives the bytes asked of it matters there: libpng drops the profile on any
/// failure before that, and ignores whatever follows (a wrong Adler-32, more data). So every failure is
/// one ``Failure/damaged``, the stream's trailer is never read, and decoding stops where the reader stops
/// asking.
///
/// Where decoding can depend on how the input was handed to zlib, this follows libpng: a back-reference
/// may reach the output of the current `inflate` call plus the window zlib kept from earlier calls (the
/// header's window size, 256 bytes to 32 KiB), and a call starts at each of the reader's requests
/// (``beginCall()``) and where zlib takes the first byte of each piece of input libpng hands over
/// (``init(dataStart:dataEnd:pieceStart:)``): zlib takes a byte when it needs one of its bits, so a
/// piece's call starts when the bits consumed pass its first byte's start.
///
/// One corner is not followed: after a request's last byte zlib decodes on as far as the next output
/// (the next symbol, a block header); when that uses up a piece to its last byte, zlib takes the next
/// piece at the start of the next request, where this starts the call only when that piece's first bit
/// is needed, after the pending output. It matters only to a match longer than a window smaller than the
/// output before it, which no encoder writes (zlib sizes the window to the data).
struct ZlibStream: ~Copyable {
    /// Why the stream gave no more bytes.
    enum Failure: Error {
        /// The stream ended, was cut short or broke a rule of the format before giving the bytes asked for.
        case damaged
        /// The file could not be read.
        case unreadable(ProbeError)
    }

    /// A canonical Huffman code: a table indexed by the next `rootBits` bits for the codes that short,
    /// and counts and symbols in code order for a bit-by-bit decode of longer ones (zlib's `puff`).
    struct Code {
        static let rootBits = 9
        /// How many codes there are of each length, 0 to 15.
        var counts = [Int](repeating: 0, count: 16)
        /// The symbols in code order.
        var symbols: [Int] = []
        /// Codes not used up: 0 for a complete code, negative when over-subscribed.
        var unused = 1
        /// The longest code's length, 0 when there is no code.
        var longest = 0
        /// Per value of the next `rootBits` bits (first bit lowest): `symbol << 4 | length`, or 0 when
        /// the code there is longer (or unused).
        var table = [UInt16](repeating: 0, count: 1 << rootBits)

        init(lengths: ArraySlice<Int>, withTable: Bool = true) {
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
            guard unused >= 0, withTable else { return }  // over-subscribed: refused before any use
            // Canonical codes in (length, symbol) order, written bit-reversed: deflate sends them first bit first.
            var code = 0, index = 0
            for length in 1...min(15, Self.rootBits) {
                for _ in 0..<counts[length] {
                    var reversed = 0
                    for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
                    for fill in stride(from: reversed, to: 1 << Self.rootBits, by: 1 << length) {
                        table[fill] = UInt16(symbols[index] << 4 | length)
                    }
                    code += 1
                    index += 1
                }
                code <<= 1
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

    // Input: bytes `next..<end` of the file not yet taken into `bits`.
    private var next: Int
    private let end: Int
    private var input: [UInt8] = []
    private var inputStart = 0
    private var bits: UInt64 = 0
    private var bitCount = 0
    /// Bits consumed so far, and the bit where the next piece of input starts.
    private var consumed = 0
    private var pieceBit: Int

    private var state = State.header
    private var isFinalBlock = false
    private var literals = Self.fixedLiterals
    private var distances = Self.fixedDistances
    /// The two codes' root tables, copied where the hot loop reads them without reference counting.
    private let literalTable = UnsafeMutablePointer<UInt16>.allocate(capacity: 1 << Code.rootBits)
    private let distanceTable = UnsafeMutablePointer<UInt16>.allocate(capacity: 1 << Code.rootBits)
    private var match = (length: 0, distance: 0, checked: false)

    /// The last 32 KiB of output, for back-references (written at `produced & 32_767`).
    private let window = UnsafeMutablePointer<UInt8>.allocate(capacity: 32_768)
    private var windowSize = 0
    /// Bytes given so far.
    private var produced = 0
    private var callStart = 0

    /// The stream in the file's bytes `dataStart..<dataEnd`; libpng hands it to zlib in pieces of
    /// 1,024 bytes from `pieceStart` (the bytes before it come with the chunk's keyword).
    init(dataStart: Int, dataEnd: Int, pieceStart: Int) {
        (next, end) = (dataStart, dataEnd)
        pieceBit = max(0, pieceStart - dataStart) * 8
    }

    deinit {
        window.deallocate()
        literalTable.deallocate()
        distanceTable.deallocate()
    }

    /// Takes `literals` and `distances` for the block that starts.
    private mutating func useCodes(_ literals: Code, _ distances: Code) {
        (self.literals, self.distances, state) = (literals, distances, .codes)
        literals.table.withUnsafeBufferPointer { literalTable.update(from: $0.baseAddress!, count: $0.count) }
        distances.table.withUnsafeBufferPointer { distanceTable.update(from: $0.baseAddress!, count: $0.count) }
    }

    /// Starts an `inflate` call: the reader asks for more bytes.
    mutating func beginCall() {
        callStart = produced
        match.checked = false
    }

    /// The next `count` bytes, handed to `body` as they are made (in runs of at most 16 KiB, each valid
    /// only during the call).
    mutating func read(_ count: Int, _ source: inout ByteWindow, _ body: (UnsafeBufferPointer<UInt8>) -> Void)
        throws(Failure)
    {
        var remaining = count
        while remaining > 0 {
            let run = min(remaining, 16_384), start = produced
            try produce(run, &source)
            let first = start & 32_767, firstCount = min(run, 32_768 - first)
            body(UnsafeBufferPointer(start: window + first, count: firstCount))
            if firstCount < run { body(UnsafeBufferPointer(start: window, count: run - firstCount)) }
            remaining -= run
        }
    }

    /// Decodes `count` more bytes into the window.
    private mutating func produce(_ count: Int, _ source: inout ByteWindow) throws(Failure) {
        let target = produced + count
        while produced < target {
            if match.length > 0 {
                if !match.checked {
                    // zlib's MATCH state: the distance must lie within this call's output and the window.
                    guard match.distance <= produced - callStart + min(windowSize, callStart) else { throw .damaged }
                    match.checked = true
                }
                let run = min(match.length, target - produced)
                for _ in 0..<run {
                    window[produced & 32_767] = window[(produced - match.distance) & 32_767]
                    produced += 1
                }
                match.length -= run
                continue
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
                    _ = try take(bitCount % 8, &source)  // to the byte boundary
                    let lengths = try take(32, &source)
                    guard lengths & 0xFFFF == ~(lengths >> 16) & 0xFFFF else { throw .damaged }
                    state = .stored(remaining: lengths & 0xFFFF)
                case 1: useCodes(Self.fixedLiterals, Self.fixedDistances)
                case 2: try readDynamicCodes(&source)
                default: throw .damaged
                }
            case .stored(let remaining):
                guard remaining > 0 else {
                    state = isFinalBlock ? .finished : .blockStart
                    continue
                }
                let run = min(remaining, target - produced)
                for _ in 0..<run {
                    window[produced & 32_767] = UInt8(try take(8, &source))
                    produced += 1
                }
                state = .stored(remaining: remaining - run)
            case .codes:
                try decodeCodes(until: target, &source)
            case .finished:
                throw .damaged
            }
        }
    }

    /// Literals and matches of a Huffman-coded block, until `target` bytes or the block's end.
    private mutating func decodeCodes(until target: Int, _ source: inout ByteWindow) throws(Failure) {
        while produced < target {
            let symbol = try decodeSymbol(distance: false, &source)
            if symbol < 256 {
                window[produced & 32_767] = UInt8(symbol)
                produced += 1
                continue
            }
            if symbol == 256 {
                state = isFinalBlock ? .finished : .blockStart
                return
            }
            guard symbol <= 285 else { throw .damaged }
            let length = Self.lengthBase[symbol - 257] + (try take(Self.lengthExtra[symbol - 257], &source))
            let code = try decodeSymbol(distance: true, &source)  // 30 and 31 are unused codes: damage
            let distance = Self.distanceBase[code] + (try take(Self.distanceExtra[code], &source))
            // zlib's MATCH state: the distance must lie within this call's output and the window.
            guard distance <= produced - callStart + min(windowSize, callStart) else { throw .damaged }
            let run = min(length, target - produced)
            for _ in 0..<run {
                window[produced & 32_767] = window[(produced - distance) & 32_767]
                produced += 1
            }
            // The rest, if the request ends inside the match, is checked again in the next call.
            match = (length - run, distance, true)
        }
    }

    /// The codes of a dynamic block, refused as zlib refuses them.
    private mutating func readDynamicCodes(_ source: inout ByteWindow) throws(Failure) {
        let literalCount = try take(5, &source) + 257, distanceCount = try take(5, &source) + 1
        let codeLengthCount = try take(4, &source) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .damaged }
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengths[Self.codeLengthOrder[index]] = try take(3, &source) }
        let lengthCode = Code(lengths: codeLengths[...], withTable: false)
        guard lengthCode.unused == 0 else { throw .damaged }
        var lengths: [Int] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            if bitCount < 15 { try fill(64, &source) }
            guard let (symbol, length) = longSymbol(lengthCode) else { throw .damaged }
            consume(length)
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
        let literals = Code(lengths: lengths[..<literalCount]), distances = Code(lengths: lengths[literalCount...])
        guard literals.isAcceptable, distances.isAcceptable else { throw .damaged }
        useCodes(literals, distances)
    }

    /// The next literal/length symbol, or with `distance` the next distance symbol: from the root table
    /// when its code is that short, else a bit at a time.
    private mutating func decodeSymbol(distance: Bool, _ source: inout ByteWindow) throws(Failure) -> Int {
        if bitCount < 15 { try fill(64, &source) }
        let entry = Int((distance ? distanceTable : literalTable)[Int(bits & 0x1FF)])
        if entry != 0, entry & 15 <= bitCount {
            consume(entry & 15)
            return entry >> 4
        }
        guard let (symbol, length) = distance ? longSymbol(distances) : longSymbol(literals) else { throw .damaged }
        consume(length)
        return symbol
    }

    /// The symbol of `code` the held bits start with, and its length, found a bit at a time; nil for an
    /// unused code or bits that end first (call with the bits filled as far as the data goes).
    private func longSymbol(_ code: borrowing Code) -> (symbol: Int, length: Int)? {
        guard bitCount > 0 else { return nil }
        var value = 0, first = 0, index = 0
        for length in 1...min(15, bitCount) {
            value |= Int((bits >> UInt64(length - 1)) & 1)
            let count = code.counts[length]
            if value - first < count { return (code.symbols[index + value - first], length) }
            index += count
            first = (first + count) << 1
            value <<= 1
        }
        return nil
    }

    /// The next `count` bits (at most 32), first bit lowest.
    private mutating func take(_ count: Int, _ source: inout ByteWindow) throws(Failure) -> Int {
        if bitCount < count {
            try fill(count, &source)
            guard bitCount >= count else { throw .damaged }
        }
        let value = Int(bits & ((1 << UInt64(count)) - 1))
        consume(count)
        return value
    }

    private mutating func consume(_ count: Int) {
        bits >>= UInt64(count)
        bitCount -= count
        consumed += count
        // zlib took the byte that starts a piece when it needed its first bit: an inflate call starts there.
        while consumed > pieceBit {
            callStart = produced
            pieceBit += 8 * 1024
        }
    }

    /// Prefetches bytes until `count` bits are held or the data ends.
    private mutating func fill(_ count: Int, _ source: inout ByteWindow) throws(Failure) {
        // Whole bytes at once while 8 are at hand: the bytes that fit, as one little-endian load.
        if bitCount <= 56, next - inputStart + 8 <= input.count {
            let word = input.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: next - inputStart, as: UInt64.self)) }
            let taken = (63 - bitCount) / 8
            bits |= (word & ((1 << UInt64(taken * 8)) - 1)) << UInt64(bitCount)
            bitCount += taken * 8
            next += taken
            if bitCount >= count { return }
        }
        while bitCount < count, bitCount <= 56 {
            if next - inputStart >= input.count {
                guard next < end else { return }
                do {
                    let bytes = try source.bytes(from: next, preferred: min(4_096, end - next))
                    input = Array(bytes.prefix(end - next))
                } catch {
                    throw .unreadable(error)
                }
                inputStart = next
            }
            bits |= UInt64(input[next - inputStart]) << UInt64(bitCount)
            bitCount += 8
            next += 1
        }
    }
}
