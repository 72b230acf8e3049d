/// A HEIF/HEIC file's header facts, from its ISOBMFF boxes (ISO/IEC 23008-12): the primary item's
/// `ispe` size, its `irot` and `imir` transforms as an EXIF orientation, its `pixi` bit depth, a `colr`
/// ICC profile's size, and whether an auxiliary alpha image is present. Nothing is decoded: LiveAssets
/// measures HEIF images but does not fit them.
enum HEIFHeader {
    /// The largest `meta` box read: an iPhone photo's is a few kilobytes.
    static let maxMetaSize = 16 << 20

    /// A box: its type, where its payload starts and ends.
    struct Box {
        var type: String
        var payload: Range<Int>
    }

    /// The boxes in `bytes[range]`, in order; nil when one runs past the range (with where it starts and
    /// what it declares).
    static func boxes(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Result<[Box], Cut> {
        var boxes: [Box] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            guard range.upperBound - offset >= 8 else { return .failure(Cut(type: "", offset: offset, declared: 8)) }
            let type = typeName(bytes, offset + 4)
            var size = be(bytes, offset, 4), header = 8
            if size == 1 {
                guard range.upperBound - offset >= 16 else { return .failure(Cut(type: type, offset: offset, declared: 16)) }
                size = be(bytes, offset + 8, 8)
                header = 16
            } else if size == 0 {
                size = range.upperBound - offset
            }
            guard size >= header else { return .failure(Cut(type: type, offset: offset, declared: size, isBogus: true)) }
            guard size <= range.upperBound - offset else { return .failure(Cut(type: type, offset: offset, declared: size)) }
            boxes.append(Box(type: type, payload: offset + header..<offset + size))
            offset += size
        }
        return .success(boxes)
    }

    /// A box that does not fit where it stands.
    struct Cut: Error {
        var type: String
        var offset: Int
        var declared: Int
        var isBogus = false
    }

    static func read(_ window: inout ByteWindow, name: String, limits: ImageLimits, findsTruncation: Bool)
        throws(ProbeError) -> ImageInfo
    {
        let size = window.size
        func malformed(_ reason: String) -> ProbeError { .malformed(file: name, format: .heif, reason: reason) }
        // The top-level boxes, from their headers alone: the meta box is read whole, mdat never.
        var offset = 0
        var meta: Range<Int>?
        var truncation: Truncation?
        while offset < size {
            guard size - offset >= 8 else {
                truncation = .boxCut(type: "", offset: offset, declaredLength: 8)
                break
            }
            let head = try window.bytes(at: offset, count: min(16, size - offset))
            let type = typeName(head, 4)
            var boxSize = be(head, 0, 4), header = 8
            if boxSize == 1 {
                guard head.count >= 16 else {
                    truncation = .boxCut(type: type, offset: offset, declaredLength: 16)
                    break
                }
                boxSize = be(head, 8, 8)
                header = 16
            } else if boxSize == 0 {
                boxSize = size - offset
            }
            guard boxSize >= header else { throw malformed("the \(type) box at byte \(offset) declares \(boxSize) bytes, less than its header") }
            if type == "meta" && meta == nil {
                guard boxSize <= size - offset else { throw .truncated(file: name, format: .heif, fileSize: size) }
                meta = offset + header..<offset + boxSize
            }
            guard boxSize <= size - offset else {
                truncation = .boxCut(type: type, offset: offset, declaredLength: boxSize)
                break
            }
            offset += boxSize
        }
        guard let meta else {
            if truncation != nil { throw .truncated(file: name, format: .heif, fileSize: size) }
            throw malformed("no meta box, so no image is described")
        }
        guard meta.count <= maxMetaSize else { throw .overLimit(file: name, format: .heif, reason: "its meta box is \(meta.count) bytes, over the 16 MiB read") }
        let facts = try Self.facts(try window.bytes(at: meta.lowerBound, count: meta.count), malformed: malformed)
        guard let (width, height) = facts.size else { throw malformed("its primary image has no ispe size property") }
        guard width > 0, height > 0 else { throw malformed("its primary image's ispe size is \(width)x\(height)") }
        guard limits.admits(width: width, height: height) else {
            throw .tooLarge(file: name, format: .heif, width: width, height: height, limits: limits)
        }
        return ImageInfo(
            format: .heif, width: width, height: height, orientation: facts.orientation,
            bitDepth: facts.bitDepth, colorModel: .unknown, hasAlphaChannel: facts.hasAlpha,
            iccProfileSize: facts.iccSize, isDecodable: false, fileSize: size,
            warningCount: facts.warnings.count, firstWarning: facts.warnings.first,
            truncation: findsTruncation ? truncation : nil)
    }

    /// What the meta box says of the primary item.
    struct Facts {
        var size: (Int, Int)?
        var orientation = ExifOrientation.up
        var bitDepth = 8
        var iccSize: Int?
        var hasAlpha = false
        var warnings: [String] = []
    }

    /// The primary item's properties, from the meta box's payload (after its version and flags).
    static func facts(_ bytes: UnsafeRawBufferPointer, malformed: (String) -> ProbeError) throws(ProbeError) -> Facts {
        func children(_ range: Range<Int>, of parent: String) throws(ProbeError) -> [Box] {
            switch boxes(in: bytes, range) {
            case .success(let boxes): return boxes
            case .failure(let cut):
                throw malformed("the \(cut.type.isEmpty ? "box" : cut.type + " box") at byte \(cut.offset) of the \(parent) box runs past its end")
            }
        }
        guard bytes.count >= 4 else { throw malformed("its meta box is empty") }
        let metaBoxes = try children(4..<bytes.count, of: "meta")
        guard let pitm = metaBoxes.first(where: { $0.type == "pitm" }), pitm.payload.count >= 6 else {
            throw malformed("no primary item (pitm box)")
        }
        let idSize = bytes[pitm.payload.lowerBound] == 0 ? 2 : 4
        guard pitm.payload.count >= 4 + idSize else { throw malformed("the pitm box is too short") }
        let primary = be(bytes, pitm.payload.lowerBound + 4, idSize)
        guard let iprp = metaBoxes.first(where: { $0.type == "iprp" }) else { throw malformed("no item properties (iprp box)") }
        let iprpBoxes = try children(iprp.payload, of: "iprp")
        guard let ipco = iprpBoxes.first(where: { $0.type == "ipco" }) else { throw malformed("no property container (ipco box)") }
        let properties = try children(ipco.payload, of: "ipco")
        var facts = Facts()
        // Every item with an alpha auxiliary property: alpha for the picture (an iPhone photo has none).
        facts.hasAlpha = properties.contains { box in
            guard box.type == "auxC", box.payload.count > 4 else { return false }
            let urn = String(decoding: bytes[(box.payload.lowerBound + 4)..<box.payload.upperBound].prefix { $0 != 0 }, as: UTF8.self)
            return urn == "urn:mpeg:hevc:2015:auxid:1" || urn == "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha"
        }
        // The properties associated with the primary item, in order (ipma: index 1 is ipco's first box).
        var associated: [Box] = []
        for ipma in iprpBoxes where ipma.type == "ipma" {
            let start = ipma.payload.lowerBound
            guard ipma.payload.count >= 8 else { throw malformed("the ipma box is too short") }
            let version = bytes[start], wide = bytes[start + 3] & 1 != 0
            var at = start + 8
            for _ in 0..<be(bytes, start + 4, 4) {
                let idSize = version < 1 ? 2 : 4
                guard ipma.payload.upperBound - at >= idSize + 1 else { throw malformed("the ipma box runs past its end") }
                let item = be(bytes, at, idSize)
                let count = Int(bytes[at + idSize])
                at += idSize + 1
                let entrySize = wide ? 2 : 1
                guard ipma.payload.upperBound - at >= count * entrySize else { throw malformed("the ipma box runs past its end") }
                if item == primary {
                    for index in 0..<count {
                        let value = be(bytes, at + index * entrySize, entrySize) & (wide ? 0x7FFF : 0x7F)
                        guard value > 0 else { continue }
                        guard value <= properties.count else { throw malformed("property \(value) of the primary item is not in the ipco box") }
                        associated.append(properties[value - 1])
                    }
                }
                at += count * entrySize
            }
        }
        // Turns and flips as the file lists them (clap, irot, imir), composed as an EXIF orientation:
        // flipped left-right first, then turned clockwise by quarter turns.
        var quarterTurns = 0, flipped = false
        for box in associated {
            let payload = bytes[box.payload]
            switch box.type {
            case "ispe":
                guard payload.count >= 12 else { throw malformed("the ispe box is too short") }
                if facts.size == nil { facts.size = (be(bytes, box.payload.lowerBound + 4, 4), be(bytes, box.payload.lowerBound + 8, 4)) }
            case "irot":
                guard let first = payload.first else { throw malformed("the irot box is empty") }
                quarterTurns -= Int(first & 3)  // anticlockwise
            case "imir":
                guard let first = payload.first else { throw malformed("the imir box is empty") }
                // Axis 0 is vertical (left and right swap); axis 1 horizontal (a left-right flip and a half turn).
                (quarterTurns, flipped) = (first & 1 == 0 ? -quarterTurns : 2 - quarterTurns, !flipped)
            case "pixi":
                if payload.count >= 6 { facts.bitDepth = Int(bytes[box.payload.lowerBound + 5]) }
            case "colr":
                guard payload.count >= 4 else { break }
                let kind = typeName(bytes, box.payload.lowerBound)
                if kind == "prof" || kind == "rICC" { facts.iccSize = payload.count - 4 }
            default:
                break
            }
        }
        let turns = ((quarterTurns % 4) + 4) % 4
        facts.orientation = flipped ? [.upMirrored, .rightMirrored, .downMirrored, .leftMirrored][turns]
            : [.up, .right, .down, .left][turns]
        return facts
    }

    /// The four letters at `at` (printable ASCII, else hex).
    static func typeName(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> String {
        let four = bytes[at..<at + 4]
        return four.allSatisfy { (0x20...0x7E).contains($0) } ? String(decoding: four, as: UTF8.self)
            : "0x" + four.map { String($0, radix: 16, uppercase: true) }.joined()
    }

    /// The big-endian number of `count` bytes at `at` (sizes over Int.max are taken as Int.max).
    static func be(_ bytes: UnsafeRawBufferPointer, _ at: Int, _ count: Int) -> Int {
        var value: UInt64 = 0
        for index in 0..<count { value = value << 8 | UInt64(bytes[at + index]) }
        return value > UInt64(Int.max) ? Int.max : Int(value)
    }
}
