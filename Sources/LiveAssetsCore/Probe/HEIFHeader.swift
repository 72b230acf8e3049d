/// A HEIF/HEIC file's header facts, from its ISOBMFF boxes (ISO/IEC 23008-12): the primary item's
/// `ispe` size, its `irot` and `imir` transforms as an EXIF orientation, its `pixi` bit depth, a `colr`
/// ICC profile's size, and whether an alpha image (`auxl` reference, `auxC` alpha type) belongs to it.
/// Nothing is decoded: LiveAssets measures HEIF images but does not fit them.
enum HEIFHeader {
    /// The largest `meta` box read: an iPhone photo's is a few kilobytes.
    static let maxMetaSize = 16 << 20

    /// A box: its type, where its payload starts and ends.
    struct Box {
        var type: String
        var payload: Range<Int>
    }

    /// What the first bytes of a box say: its type, size and header length; or where it does not fit.
    enum Header {
        case box(type: String, size: Int, headerLength: Int)
        /// The box (or, with no type, its header) needs `size` bytes from its start and `available` are left.
        case cut(type: String, size: Int)
        /// A size smaller than the box's own header.
        case bogus(type: String, size: Int)
    }

    /// Reads a box header from `head` (the bytes at the box's start, up to 16), `available` bytes being
    /// left in its container.
    static func header(_ head: UnsafeRawBufferPointer, available: Int) -> Header {
        guard available >= 8, head.count >= 8 else { return .cut(type: "", size: 8) }
        let type = typeName(head, 4)
        var size = head.bigEndian(at: 0, count: 4), headerLength = 8
        if size == 1 {
            guard available >= 16, head.count >= 16 else { return .cut(type: "", size: 16) }
            size = head.bigEndian(at: 8, count: 8)
            headerLength = 16
        } else if size == 0 {
            size = available  // to the end of the container
        }
        guard size >= headerLength else { return .bogus(type: type, size: size) }
        guard size <= available else { return .cut(type: type, size: size) }
        return .box(type: type, size: size, headerLength: headerLength)
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
        while offset < size, truncation == nil {
            let head = try window.bytes(at: offset, count: min(16, size - offset))
            switch header(head, available: size - offset) {
            case .box(let type, let boxSize, let headerLength):
                if type == "meta" && meta == nil { meta = offset + headerLength..<offset + boxSize }
                offset += boxSize
            case .cut(let type, let declared):
                if type == "meta" && meta == nil { throw .truncated(file: name, format: .heif, fileSize: size) }
                truncation = .boxCut(type: type, offset: offset, declaredLength: declared)
            case .bogus(let type, let declared):
                throw malformed("the \(type) box at byte \(offset.groupedDigits) declares \(declared.groupedDigits) bytes, less than its header")
            }
        }
        guard let meta else {
            if truncation != nil { throw .truncated(file: name, format: .heif, fileSize: size) }
            throw malformed("no meta box, so no image is described")
        }
        guard meta.count <= maxMetaSize else {
            throw .overLimit(file: name, format: .heif, reason: "its meta box is \(meta.count.groupedDigits) bytes, over the 16 MiB LiveAssets reads")
        }
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
        /// The boxes in `range`, in order; past `limit` of them, the rest are not kept.
        func children(_ range: Range<Int>, of parent: String, limit: Int = .max) throws(ProbeError) -> [Box] {
            var boxes: [Box] = []
            var offset = range.lowerBound
            while offset < range.upperBound && boxes.count < limit {
                let head = UnsafeRawBufferPointer(rebasing: bytes[offset..<min(offset + 16, range.upperBound)])
                guard case .box(let type, let size, let headerLength) = header(head, available: range.upperBound - offset) else {
                    throw malformed("a box at byte \(offset.groupedDigits) of the \(parent) box runs past its end")
                }
                boxes.append(Box(type: type, payload: offset + headerLength..<offset + size))
                offset += size
            }
            return boxes
        }
        /// The item id of `count` bytes (2 or 4) at `at`, inside `box`.
        func itemID(_ at: Int, _ count: Int, in box: Box) throws(ProbeError) -> Int {
            guard box.payload.upperBound - at >= count else { throw malformed("the \(box.type) box is too short") }
            return bytes.bigEndian(at: at, count: count)
        }
        guard bytes.count >= 4 else { throw malformed("its meta box is empty") }
        let metaBoxes = try children(4..<bytes.count, of: "meta")
        guard let pitm = metaBoxes.first(where: { $0.type == "pitm" }), pitm.payload.count >= 6 else {
            throw malformed("no primary item (pitm box)")
        }
        let primary = try itemID(pitm.payload.lowerBound + 4, bytes[pitm.payload.lowerBound] == 0 ? 2 : 4, in: pitm)
        guard let iprp = metaBoxes.first(where: { $0.type == "iprp" }) else { throw malformed("no item properties (iprp box)") }
        let iprpBoxes = try children(iprp.payload, of: "iprp")
        guard let ipco = iprpBoxes.first(where: { $0.type == "ipco" }) else { throw malformed("no property container (ipco box)") }
        // An association names a property by a 15-bit index: the boxes past 32,767 cannot be named.
        let properties = try children(ipco.payload, of: "ipco", limit: 0x7FFF)
        let alphaProperties = properties.map { box in
            guard box.type == "auxC", box.payload.count > 4 else { return false }
            let urn = String(decoding: bytes[(box.payload.lowerBound + 4)..<box.payload.upperBound].prefix { $0 != 0 }, as: UTF8.self)
            return urn == "urn:mpeg:hevc:2015:auxid:1" || urn == "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha"
        }

        // The primary item's properties, in the order listed (ipma: index 1 is ipco's first box), and the
        // items with an alpha property; nothing else is kept, so memory follows the property boxes, not
        // the associations (64,000 items of 255 each once took 572 MB). The standard lists each item
        // once over all ipma boxes, in increasing order within each: anything else is refused.
        var primaryProperties: [Box] = []
        var alphaItems = Set<Int>()
        var listed = Set<Int>()  // across the ipma boxes: each item once
        for ipma in iprpBoxes where ipma.type == "ipma" {
            var lastItem = -1  // within a box: increasing
            let start = ipma.payload.lowerBound
            guard ipma.payload.count >= 8 else { throw malformed("the ipma box is too short") }
            let idSize = bytes[start] < 1 ? 2 : 4, entrySize = bytes[start + 3] & 1 != 0 ? 2 : 1
            var at = start + 8
            for _ in 0..<bytes.bigEndian(at: start + 4, count: 4) {
                let item = try itemID(at, idSize, in: ipma)
                guard item > lastItem else {
                    throw malformed(item == lastItem ? "its ipma box lists item \(item) more than once, which the format forbids"
                        : "its ipma box lists item \(item) after item \(lastItem), where the format lists items in increasing order")
                }
                guard listed.insert(item).inserted else {
                    throw malformed("its ipma boxes list item \(item) more than once, which the format forbids")
                }
                lastItem = item
                guard ipma.payload.upperBound - at > idSize else { throw malformed("the ipma box is too short") }
                let count = Int(bytes[at + idSize])
                at += idSize + 1
                guard ipma.payload.upperBound - at >= count * entrySize else { throw malformed("the ipma box is too short") }
                for index in 0..<count {
                    let value = bytes.bigEndian(at: at + index * entrySize, count: entrySize) & (entrySize == 2 ? 0x7FFF : 0x7F)
                    guard value > 0 else { continue }
                    guard value <= properties.count else {
                        throw malformed("item \(item) names property \(value), which the ipco box does not hold")
                    }
                    if item == primary { primaryProperties.append(properties[value - 1]) }
                    if alphaProperties[value - 1] { alphaItems.insert(item) }
                }
                at += count * entrySize
            }
        }

        var facts = Facts()
        // Alpha: an item whose auxC names the alpha type, referring to the primary item by auxl (iref).
        if !alphaItems.isEmpty, let iref = metaBoxes.first(where: { $0.type == "iref" }), iref.payload.count >= 4 {
            let idSize = bytes[iref.payload.lowerBound] == 0 ? 2 : 4
            // Read one at a time: an iref may hold a box for every few bytes of the meta box.
            var next = iref.payload.lowerBound + 4
            while next < iref.payload.upperBound, !facts.hasAlpha {
                guard let reference = try children(next..<iref.payload.upperBound, of: "iref", limit: 1).first else { break }
                next = reference.payload.upperBound
                guard reference.type == "auxl" else { continue }
                let from = try itemID(reference.payload.lowerBound, idSize, in: reference)
                guard alphaItems.contains(from) else { continue }
                let countAt = reference.payload.lowerBound + idSize
                let count = try itemID(countAt, 2, in: reference)
                for index in 0..<count where try itemID(countAt + 2 + index * idSize, idSize, in: reference) == primary {
                    facts.hasAlpha = true
                }
            }
        }

        // Turns and flips in the order listed (irot, then imir, as the standard orders them), composed
        // as an EXIF orientation: flipped left to right first, then turned clockwise by quarter turns.
        var quarterTurns = 0, flipped = false
        for box in primaryProperties {
            let payload = bytes[box.payload]
            switch box.type {
            case "ispe":
                guard payload.count >= 12 else { throw malformed("the ispe box is too short") }
                if facts.size == nil {
                    facts.size = (bytes.bigEndian(at: box.payload.lowerBound + 4, count: 4), bytes.bigEndian(at: box.payload.lowerBound + 8, count: 4))
                }
            case "irot":
                guard let first = payload.first else { throw malformed("the irot box is empty") }
                quarterTurns -= Int(first & 3)  // anticlockwise
            case "imir":
                guard let first = payload.first else { throw malformed("the imir box is empty") }
                // Axis 0 is vertical (left and right swap); axis 1 horizontal (a left-right flip and a half turn).
                (quarterTurns, flipped) = (first & 1 == 0 ? -quarterTurns : 2 - quarterTurns, !flipped)
            case "clap":
                facts.warnings.append("clap: the clean aperture (crop) is not applied; the size is the uncropped one")
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
}
