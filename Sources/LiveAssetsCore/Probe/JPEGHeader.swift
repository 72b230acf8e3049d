/// A JPEG's header facts, read as libjpeg-turbo's `jpeg_read_header` reads them with the marker
/// processors of the C probe: the markers from SOI to the first SOS (tables and frame checked as libjpeg
/// checks them, APP1 EXIF and APP2 ICC chunks read by the probe's rules), then, for ``Truncation``, the
/// search for EOI of `lac_jpeg_find_end`.
enum JPEGHeader {
    /// The largest width or height libjpeg accepts (its `JPEG_MAX_DIMENSION`).
    static let maxDimension = 65_500
    /// The bytes at the end searched for EOI before the image data is read forward.
    static let eoiWindow = 65_536

    /// What the markers before the first scan said.
    struct Facts {
        var sawSOF = false
        var precision = 0, width = 0, height = 0
        var components: [(id: UInt8, h: Int, v: Int)] = []
        var progressive = false, arithmetic = false
        var sawJFIF = false
        var adobeTransform: Int?
        var exif: [UInt8]?
        var iccTotal = 0, iccDeclared = 0, iccChunks = 0, iccInconsistent = false
        var iccSeen = Set<Int>()
        /// Where the first scan's entropy-coded data starts.
        var scanOffset = 0
    }

    static func read(_ window: inout ByteWindow, name: String, limits: ImageLimits, findsTruncation: Bool)
        throws(ProbeError) -> ImageInfo
    {
        let size = window.size
        func malformed(_ reason: String) -> ProbeError { .malformed(file: name, format: .jpeg, reason: reason) }
        var truncated: ProbeError { .truncated(file: name, format: .jpeg, fileSize: size) }
        var facts = Facts()
        var warnings: [String] = []
        var offset = 2  // past SOI, which sniffing saw
        func byte() throws(ProbeError) -> Int {
            guard offset < size else { throw truncated }
            defer { offset += 1 }
            return Int(try window.byte(at: offset))
        }
        func word() throws(ProbeError) -> Int { try byte() << 8 | byte() }
        /// A segment's length (its two bytes included), checked as libjpeg checks it; returns the payload length.
        func payloadLength() throws(ProbeError) -> Int {
            let length = try word()
            guard length >= 2 else { throw malformed("Bogus marker length") }
            return length - 2
        }
        func skip(_ count: Int) throws(ProbeError) {
            guard size - offset >= count else { throw truncated }
            offset += count
        }
        /// A segment libjpeg skips (or only glances at): a length under 2 is taken as no payload.
        func lenientLength() throws(ProbeError) -> Int { max(try word() - 2, 0) }

        markers: while true {
            // The next marker: anything before an FF is extraneous (a warning), fill FFs are skipped.
            var discarded = 0
            var marker = try byte()
            while true {
                while marker != 0xFF {
                    discarded += 1
                    marker = try byte()
                }
                repeat { marker = try byte() } while marker == 0xFF
                if marker != 0 { break }
                discarded += 2
                marker = try byte()
            }
            if discarded > 0 { warnings.append("Corrupt JPEG data: \(discarded) extraneous bytes before marker 0x\(String(marker, radix: 16))") }

            switch marker {
            case 0xD8:
                throw malformed("Invalid JPEG file structure: two SOI markers")
            case 0xC0, 0xC1, 0xC2, 0xC9, 0xCA:
                let length = try word()
                let precision = try byte(), height = try word(), width = try word(), count = try byte()
                guard !facts.sawSOF else { throw malformed("Invalid JPEG file structure: two SOF markers") }
                (facts.precision, facts.height, facts.width) = (precision, height, width)
                guard facts.height > 0, facts.width > 0, count > 0 else { throw malformed("Empty JPEG image (DNL not supported)") }
                guard length - 8 == count * 3 else { throw malformed("Bogus marker length") }
                for _ in 0..<count {
                    let id = try byte(), sampling = try byte()
                    _ = try byte()
                    facts.components.append((UInt8(id), sampling >> 4, sampling & 15))
                }
                facts.progressive = marker == 0xC2 || marker == 0xCA
                facts.arithmetic = marker == 0xC9 || marker == 0xCA
                facts.sawSOF = true
            case 0xC3, 0xC5, 0xC6, 0xC7, 0xC8, 0xCB, 0xCD, 0xCE, 0xCF:
                throw malformed("Unsupported JPEG process: SOF type 0x\(String(marker, radix: 16))")
            case 0xDA:
                guard facts.sawSOF else { throw malformed("Invalid JPEG file structure: SOS before SOF") }
                let length = try word()
                let count = try byte()
                guard length == count * 2 + 6, (1...4).contains(count) else { throw malformed("Bogus marker length") }
                var chosen: [Int] = []
                for position in 0..<count {
                    let id = try byte()
                    _ = try byte()
                    // libjpeg-turbo's get_sos: among the frame's first four components, the first with this
                    // id whose index is not a scan position filled already (so not below `position`),
                    // and not one chosen before.
                    let candidates = facts.components.prefix(4).indices
                    guard let component = candidates.first(where: { Int(facts.components[$0].id) == id && $0 >= position }),
                          !chosen.contains(component) else {
                        throw malformed("Invalid component ID \(id) in SOS")
                    }
                    chosen.append(component)
                }
                try skip(3)  // Ss, Se, Ah/Al
                facts.scanOffset = offset
                break markers
            case 0xD9:
                throw malformed("Improper call to JPEG library in state 201")  // no image before EOI
            case 0xCC:
                // DAC: arithmetic conditioning, pairs of table index and value.
                var length = try word() - 2
                while length > 0 {
                    let index = try byte(), value = try byte()
                    length -= 2
                    guard index < 32 else { throw malformed("Bogus DAC index \(index)") }
                    if index < 16 && (value & 0x0F) > (value >> 4) {
                        throw malformed("Bogus DAC value 0x\(String(value, radix: 16))")
                    }
                }
                guard length == 0 else { throw malformed("Bogus marker length") }
            case 0xC4:
                // DHT: one or more tables of 16 counts and their values.
                var length = try word() - 2
                while length > 16 {
                    let index = try byte()
                    var total = 0
                    for _ in 0..<16 { total += try byte() }
                    length -= 17
                    guard total <= 256, total <= length else { throw malformed("Bogus Huffman table definition") }
                    try skip(total)
                    length -= total
                    let table = index & 0x10 != 0 ? index - 0x10 : index
                    guard (0..<4).contains(table) else { throw malformed("Bogus DHT index \(table)") }
                }
                guard length == 0 else { throw malformed("Bogus marker length") }
            case 0xDB:
                // DQT: tables of 64 values, 8 or 16 bits each; libjpeg-turbo reads all 64 whatever the
                // length says, and then finds the length wrong.
                var length = try word() - 2
                while length > 0 {
                    let selector = try byte()
                    guard selector & 0x0F < 4 else { throw malformed("Bogus DQT index \(selector & 0x0F)") }
                    let entry = selector >> 4 != 0 ? 2 : 1
                    try skip(64 * entry)
                    length -= 1 + 64 * entry
                }
                guard length == 0 else { throw malformed("Bogus marker length") }
            case 0xDD:
                guard try word() == 4 else { throw malformed("Bogus marker length") }
                try skip(2)
            case 0xE0, 0xEE:
                // APP0 (JFIF) and APP14 (Adobe): the first 14 bytes are examined, the rest skipped.
                let length = try lenientLength()
                let examined = min(length, 14)
                guard size - offset >= examined else { throw truncated }
                let data = try window.bytes(at: offset, count: examined)
                if marker == 0xE0, length >= 14, data.prefix(5).elementsEqual("JFIF\0".utf8) {
                    facts.sawJFIF = true
                } else if marker == 0xEE, length >= 12, data.prefix(5).elementsEqual("Adobe".utf8) {
                    facts.adobeTransform = Int(data[11])
                }
                try skip(length)
            case 0xE1:
                // APP1: the first "Exif\0\0" segment's TIFF data (64 KiB of it), the rest skipped.
                var length = try payloadLength()
                if facts.exif == nil && length >= 6 {
                    guard size - offset >= 6 else { throw truncated }
                    let isExif = try window.bytes(at: offset, count: 6).elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0])
                    offset += 6
                    length -= 6
                    if isExif {
                        let kept = min(length, 65_536)
                        guard size - offset >= kept else { throw truncated }
                        facts.exif = Array(try window.bytes(at: offset, count: kept))
                        offset += kept
                        length -= kept
                    }
                }
                try skip(length)
            case 0xE2:
                // APP2: ICC_PROFILE chunks, accepted or refused as the C probe decides.
                var length = try payloadLength()
                if length >= 14 {
                    guard size - offset >= 14 else { throw truncated }
                    let identifier = try window.bytes(at: offset, count: 14)
                    let isICC = identifier.prefix(12).elementsEqual("ICC_PROFILE\0".utf8)
                    let sequence = Int(identifier[12]), count = Int(identifier[13])
                    offset += 14
                    length -= 14
                    if isICC {
                        if sequence == 0 || count == 0 || sequence > count || (facts.iccDeclared != 0 && facts.iccDeclared != count)
                            || facts.iccSeen.contains(sequence) {
                            facts.iccInconsistent = true
                        } else {
                            facts.iccSeen.insert(sequence)
                            facts.iccDeclared = count
                            facts.iccChunks += 1
                            facts.iccTotal += length
                        }
                    }
                }
                try skip(length)
            case 0xE3...0xED, 0xEF, 0xFE, 0xDC:
                // Other APPn, COM and DNL: skipped.
                try skip(try lenientLength())
            case 0xD0...0xD7, 0x01:
                break  // RSTn and TEM: no segment
            default:
                throw malformed("Unsupported marker type 0x\(String(marker, radix: 16))")
            }
        }

        // What jpeg_read_header checks once it reaches the scan (its initial_setup).
        guard facts.height <= maxDimension, facts.width <= maxDimension else {
            throw malformed("Maximum supported image dimension is \(maxDimension) pixels")
        }
        var undecodable = false
        if facts.precision != 8 {
            // libjpeg refuses to decode it but its header stands (the C probe reports it, undecodable).
            warnings.append("Unsupported JPEG data precision \(facts.precision)")
            undecodable = true
        } else {
            guard facts.components.count <= 10 else {
                throw malformed("Too many color components: \(facts.components.count), max 10")
            }
            guard facts.components.allSatisfy({ (1...4).contains($0.h) && (1...4).contains($0.v) }) else {
                throw malformed("Bogus sampling factors")
            }
        }
        // The C probe checks the limits after a header libjpeg accepted; a 12-bit stream returns before.
        guard undecodable || limits.admits(width: facts.width, height: facts.height) else {
            throw .tooLarge(file: name, format: .jpeg, width: facts.width, height: facts.height, limits: limits)
        }
        if undecodable { facts.scanOffset = 0 }

        var tagValue: Int?
        if let exif = facts.exif {
            switch exif.withUnsafeBytes({ ExifReader.orientation(in: $0) }) {
            case .orientation(let value): tagValue = value
            case .noOrientationTag: break
            case .malformed(let problem): warnings.append("EXIF data is unreadable (\(problem.description)); orientation taken as 1")
            }
        }
        var iccSize: Int?
        if facts.iccChunks > 0 || facts.iccInconsistent {
            if !facts.iccInconsistent && facts.iccChunks == facts.iccDeclared && facts.iccTotal > 0 && facts.iccTotal <= 0xFFFF_FFFF {
                iccSize = facts.iccTotal
            } else {
                warnings.append("the ICC profile chunks are incomplete or inconsistent; ignored")
            }
        }
        let first = facts.components.first
        let subsampled = facts.components.dropFirst().contains { $0.h != first?.h || $0.v != first?.v }
        return ImageInfo(
            format: .jpeg, width: facts.width, height: facts.height,
            orientation: ExifOrientation(rawTagValue: tagValue), orientationTagValue: tagValue,
            bitDepth: facts.precision, colorModel: colorModel(facts, decodable: !undecodable),
            isProgressive: facts.progressive, isArithmeticCoded: facts.arithmetic, isChromaSubsampled: subsampled,
            iccProfileSize: iccSize, isDecodable: !undecodable, fileSize: size,
            warningCount: warnings.count, firstWarning: warnings.first,
            truncation: findsTruncation ? try truncation(&window, scanOffset: facts.scanOffset) : nil)
    }

    /// libjpeg's guess of the colour space (its default_decompress_parms); for a stream it refuses to
    /// decode (12-bit), the C probe's shorter rule from the markers seen.
    static func colorModel(_ facts: Facts, decodable: Bool) -> ColorModel {
        let ids = facts.components.map(\.id)
        switch facts.components.count {
        case 1:
            return .gray
        case 3:
            guard decodable else { return facts.adobeTransform == 0 ? .rgb : .ycbcr }
            if facts.sawJFIF { return .ycbcr }
            if let transform = facts.adobeTransform { return transform == 0 ? .rgb : .ycbcr }
            return ids == [82, 71, 66] ? .rgb : .ycbcr
        case 4:
            guard decodable else { return facts.adobeTransform == 2 ? .ycck : .cmyk }
            guard let transform = facts.adobeTransform else { return .cmyk }
            return transform == 0 ? .cmyk : .ycck
        default:
            return .unknown
        }
    }

    /// Where the data ends: the EOI search of `lac_jpeg_find_end`: the last 256 bytes, then the last
    /// 64 KiB, then the image data read forward from the scan.
    static func truncation(_ window: inout ByteWindow, scanOffset: Int) throws(ProbeError) -> Truncation? {
        let size = window.size
        let tail = min(size, eoiWindow), first = min(tail, 256)
        func lastEOI(_ window: inout ByteWindow, from start: Int) throws(ProbeError) -> Int? {
            let bytes = try window.bytes(at: start, count: size - start)
            var index = bytes.count
            while index >= 2 {
                if bytes[index - 1] == 0xD9 && bytes[index - 2] == 0xFF { return start + index - 2 >= scanOffset ? start + index - 2 : nil }
                index -= 1
            }
            return nil
        }
        var searched = first
        var found = try lastEOI(&window, from: size - first)
        if found == nil && tail > first {
            searched = tail
            found = try lastEOI(&window, from: size - tail)
            if found == nil && size - tail > scanOffset {
                found = try scanForEOI(&window, from: scanOffset)
                searched = size - scanOffset
            }
        }
        return found == nil ? .jpegMissingEOI(searched: searched) : nil
    }

    /// The first EOI of the entropy-coded data from `start`, stepping over stuffed bytes, restart markers
    /// and whole segments between scans.
    static func scanForEOI(_ window: inout ByteWindow, from start: Int) throws(ProbeError) -> Int? {
        let size = window.size
        var index = start
        while index < size {
            // To the next FF, a block at a time: entropy-coded data is almost all other bytes.
            let block = try window.bytes(from: index, preferred: eoiWindow)
            guard let next = block.firstIndex(of: 0xFF) else { index += block.count; continue }
            index += next + 1
            while index < size, try window.byte(at: index) == 0xFF { index += 1 }
            guard index < size else { return nil }
            let marker = try window.byte(at: index)
            index += 1
            if marker == 0xD9 { return index - 2 }
            if marker == 0x00 || (0xD0...0xD8).contains(marker) || marker == 0x01 { continue }
            guard size - index >= 2 else { return nil }
            let length = Int(try window.byte(at: index)) << 8 | Int(try window.byte(at: index + 1))
            index += max(length, 2)
        }
        return nil
    }
}
