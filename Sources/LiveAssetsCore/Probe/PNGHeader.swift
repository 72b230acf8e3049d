import CZlib

/// A PNG's header facts, read as libpng's `png_read_info` reads them with the settings of the C probe
/// (critical chunks' CRCs checked, ancillary chunks' not; acTL, fcTL and eXIf
/// through the unknown-chunk callback; text dropped): the chunks up to the first IDAT, then, for
/// ``Truncation``, the chunk walk to IEND.
enum PNGHeader {
    /// The ancillary chunks libpng reads with handlers of its own, which need IHDR first.
    static let handledAncillary: Set<String> = [
        "bKGD", "cHRM", "gAMA", "hIST", "oFFs", "pCAL", "sCAL", "pHYs", "sBIT", "sPLT", "tIME", "iCCP", "sRGB", "tRNS",
    ]

    static func read(_ window: inout ByteWindow, name: String, limits: ImageLimits, findsTruncation: Bool)
        throws(ProbeError) -> ImageInfo
    {
        func malformed(_ reason: String) -> ProbeError { .malformed(file: name, format: .png, reason: reason) }
        let size = window.size

        // Huge declared dimensions are refused before anything else is read: IHDR is the first chunk.
        if size >= 24, try window.bytes(at: 12, count: 4).elementsEqual("IHDR".utf8) {
            let (width, height) = (try window.bigEndian32(at: 16), try window.bigEndian32(at: 20))
            if !limits.admits(width: width, height: height) {
                throw .tooLarge(file: name, format: .png, width: width, height: height, limits: limits)
            }
        }

        var header = Facts()
        var warnings: [String] = []
        var offset = 8
        chunks: while true {
            guard size - offset >= 8 else { throw .truncated(file: name, format: .png, fileSize: size) }
            let length = try window.bigEndian32(at: offset)
            let type = Array(try window.bytes(at: offset + 4, count: 4))
            let typeName = String(decoding: type, as: UTF8.self)
            guard length <= 0x7FFF_FFFF else { throw malformed("PNG unsigned integer out of range") }
            guard Truncation.isChunkType(type) else { throw malformed("\(Truncation.chunkTypeName(type)): invalid chunk type") }
            // A chunk longer than libpng's allocation limit is skipped, not refused (its data must still
            // be in the file); only a length over 2^31 - 1 is an error.
            if typeName == "IDAT" {
                guard header.hasIHDR else { throw malformed("IDAT: Missing IHDR before IDAT") }
                guard header.colorType != 3 || header.hasPLTE else { throw malformed("IDAT: Missing PLTE before IDAT") }
                break chunks  // the header ends at the first IDAT's header; its data is not read
            }
            // What libpng's handlers check before they read the chunk's data.
            switch typeName {
            case "IHDR":
                guard !header.hasIHDR else { throw malformed("IHDR: out of place") }
                guard length == 13 else { throw malformed("IHDR: invalid") }
            case "IEND":
                throw malformed("IEND: out of place")
            case "PLTE":
                guard header.hasIHDR else { throw malformed("PLTE: missing IHDR") }
                guard !header.hasPLTE else { throw malformed("PLTE: duplicate") }
            case _ where Self.handledAncillary.contains(typeName):
                guard header.hasIHDR else { throw malformed("\(typeName): missing IHDR") }
            default:
                break
            }
            // The chunk's data and CRC must be in the file.
            guard size - offset - 8 >= length + 4 else { throw .truncated(file: name, format: .png, fileSize: size) }
            let critical = type[0] & 0x20 == 0
            if critical, try Self.crc(&window, from: offset + 4, count: 4 + length) != UInt32(try window.bigEndian32(at: offset + 8 + length)) {
                throw malformed("\(typeName): CRC error")
            }
            switch typeName {
            case "IHDR":
                try header.takeIHDR(try window.bytes(at: offset + 8, count: 13), limits: limits, malformed: malformed)
            case "PLTE":
                if header.colorType & 2 == 0 {
                    warnings.append("PLTE: ignored in grayscale PNG")
                } else if length > 768 || length % 3 != 0 {
                    guard header.colorType != 3 else { throw malformed("PLTE: invalid") }
                    warnings.append("PLTE: invalid")
                } else {
                    header.paletteCount = length / 3
                }
                header.hasPLTE = true
            case "acTL":
                if length == 8 {
                    header.animation = (try window.bigEndian32(at: offset + 8), try window.bigEndian32(at: offset + 12))
                } else {
                    warnings.append("acTL: invalid length, animation ignored")
                }
            case "fcTL", "fdAT", "tEXt", "zTXt", "iTXt":
                break
            case "eXIf":
                guard header.hasIHDR else { throw malformed("eXIf: missing IHDR") }
                if length < 2 {
                    warnings.append("eXIf: too short")
                } else if header.exif != nil {
                    warnings.append("eXIf: duplicate")
                } else {
                    // Orientation sits in IFD0, at the start: 64 KiB of the data are kept.
                    let data = try window.bytes(at: offset + 8, count: min(length, 65_536))
                    if (data[1] != UInt8(ascii: "M") && data[1] != UInt8(ascii: "I")) || data[0] != data[1] {
                        warnings.append("eXIf: incorrect byte-order specifier")
                    } else {
                        header.exif = Array(data)
                    }
                }
            case "gAMA", "cHRM", "sRGB", "iCCP":
                try header.takeColorChunk(typeName, &window, offset: offset + 8, length: length, warnings: &warnings)
            case "tRNS":
                header.takeTRNS(length: length, warnings: &warnings)
            case _ where Self.handledAncillary.contains(typeName):
                break  // checked for IHDR above; nothing of it is kept
            default:
                guard !critical else { throw malformed("\(typeName): unhandled critical chunk") }
            }
            offset += 12 + length
        }

        guard limits.admits(width: header.width, height: header.height) else {
            throw .tooLarge(file: name, format: .png, width: header.width, height: header.height, limits: limits)
        }
        var tagValue: Int?
        if let exif = header.exif {
            switch exif.withUnsafeBytes({ ExifReader.orientation(in: $0) }) {
            case .orientation(let value): tagValue = value
            case .noOrientationTag: break
            case .malformed(let problem): warnings.append("EXIF data is unreadable (\(problem.description)); orientation taken as 1")
            }
        }
        var frameCount = 1, loopCount: Int?
        if let animation = header.animation {
            if animation.frames == 0 {
                warnings.append("acTL declares 0 frames; the animation is ignored")
            } else {
                (frameCount, loopCount) = (animation.frames, animation.plays)
            }
        }
        let colorModel: ColorModel = switch header.colorType {
        case 0: .gray
        case 2: .rgb
        case 3: .palette
        case 4: .grayAlpha
        default: .rgba
        }
        var info = ImageInfo(
            format: .png, width: header.width, height: header.height,
            orientation: ExifOrientation(rawTagValue: tagValue), orientationTagValue: tagValue,
            bitDepth: header.bitDepth, colorModel: colorModel,
            hasAlphaChannel: header.colorType & 4 != 0, hasTransparencyChunk: header.hasTRNS,
            isInterlaced: header.interlaced, iccProfileSize: header.colorSpace.iccProfileSize,
            hasSRGBChunk: header.colorSpace.sRGBIntent != nil, sRGBRenderingIntent: header.colorSpace.sRGBIntent,
            frameCount: frameCount, loopCount: loopCount, fileSize: size,
            warningCount: warnings.count, firstWarning: warnings.first,
            truncation: findsTruncation ? try truncation(&window) : nil)
        info.gamma = header.colorSpace.keptGamma
        info.chromaticities = header.colorSpace.keptChromaticities
        return info
    }

    /// What the chunks before the first IDAT said.
    struct Facts {
        var hasIHDR = false, hasPLTE = false
        var width = 0, height = 0, bitDepth = 0, colorType = 0, interlaced = false
        var paletteCount = 0
        var hasTRNS = false, tRNSSeen = false
        var colorSpace = PNGColorSpace()
        var animation: (frames: Int, plays: Int)?
        var exif: [UInt8]?

        /// IHDR's values, checked as `png_check_IHDR` checks them.
        mutating func takeIHDR(_ data: UnsafeRawBufferPointer, limits: ImageLimits,
                               malformed: (String) -> ProbeError) throws(ProbeError) {
            let width = data.bigEndian(at: 0, count: 4), height = data.bigEndian(at: 4, count: 4)
            let bitDepth = Int(data[8]), colorType = Int(data[9])
            let compression = data[10], filter = data[11], interlace = data[12]
            guard width != 0 else { throw malformed("Image width is zero in IHDR") }
            guard height != 0 else { throw malformed("Image height is zero in IHDR") }
            guard width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else { throw malformed("Invalid IHDR data") }
            guard width <= limits.maxSide else { throw malformed("Image width exceeds user limit in IHDR") }
            guard height <= limits.maxSide else { throw malformed("Image height exceeds user limit in IHDR") }
            guard [1, 2, 4, 8, 16].contains(bitDepth) else { throw malformed("Invalid bit depth in IHDR") }
            guard [0, 2, 3, 4, 6].contains(colorType) else { throw malformed("Invalid color type in IHDR") }
            guard !(colorType == 3 && bitDepth > 8), !([2, 4, 6].contains(colorType) && bitDepth < 8) else {
                throw malformed("Invalid color type/bit depth combination in IHDR")
            }
            guard interlace < 2 else { throw malformed("Unknown interlace method in IHDR") }
            guard compression == 0 else { throw malformed("Unknown compression method in IHDR") }
            guard filter == 0 else { throw malformed("Unknown filter method in IHDR") }
            (self.width, self.height, self.bitDepth, self.colorType) = (width, height, bitDepth, colorType)
            interlaced = interlace == 1
            hasIHDR = true
        }

        /// gAMA, cHRM, sRGB and iCCP, as libpng's handlers take them: ignored after PLTE or with the wrong
        /// length, else handed to the colour space.
        mutating func takeColorChunk(_ type: String, _ window: inout ByteWindow, offset: Int, length: Int,
                                     warnings: inout [String]) throws(ProbeError) {
            let wasInvalid = colorSpace.isInvalid
            guard !hasPLTE else { return warnings.append("\(type): out of place") }
            switch type {
            case "gAMA":
                guard length == 4 else { return warnings.append("gAMA: invalid") }
                colorSpace.takeGAMA(try window.bytes(at: offset, count: 4))
            case "cHRM":
                guard length == 32 else { return warnings.append("cHRM: invalid") }
                colorSpace.takeCHRM(try window.bytes(at: offset, count: 32))
            case "sRGB":
                guard length == 1 else { return warnings.append("sRGB: invalid") }
                colorSpace.takeSRGB(intent: Int(try window.byte(at: offset)))
            default:
                try colorSpace.takeICCP(&window, offset: offset, length: length, colorType: colorType)
            }
            if colorSpace.isInvalid, !wasInvalid {
                warnings.append("\(type): the colour chunks contradict each other or are damaged; no ICC profile or sRGB is used")
            }
        }

        /// A tRNS chunk of `length` bytes, as libpng's handler takes it.
        mutating func takeTRNS(length: Int, warnings: inout [String]) {
            guard !tRNSSeen else { return warnings.append("tRNS: duplicate") }
            let valid = switch colorType {
            case 0: length == 2
            case 2: length == 6
            case 3: hasPLTE && length > 0 && length <= paletteCount
            default: false
            }
            if valid {
                hasTRNS = true
                tRNSSeen = true
            } else {
                warnings.append("tRNS: invalid")
            }
        }
    }

    /// Where the data ends: the chunk walk of `lac_png_find_end`, reading only chunk headers (and first
    /// the last 12 bytes: when they are IEND, as nearly always, nothing else).
    static func truncation(_ window: inout ByteWindow) throws(ProbeError) -> Truncation? {
        let size = window.size
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        if size >= 8 + 12 + 12, try window.bytes(at: size - 12, count: 12).elementsEqual(iend) { return nil }
        var offset = 8
        while true {
            guard offset <= size, size - offset >= 8 else { return .pngMissingIEND(offset: offset) }
            let length = try window.bigEndian32(at: offset)
            let type = Array(try window.bytes(at: offset + 4, count: 4))
            guard length + 12 <= size - offset else {
                return .pngChunkCut(type: Truncation.chunkTypeName(type), offset: offset, declaredLength: length)
            }
            offset += length + 12
            if type.elementsEqual("IEND".utf8) { return nil }
        }
    }

    /// The CRC-32, as PNG defines it (zlib's), of `count` bytes from `offset` (a chunk's type and data),
    /// read a block at a time.
    static func crc(_ window: inout ByteWindow, from offset: Int, count: Int) throws(ProbeError) -> UInt32 {
        var crc = crc32(0, nil, 0)
        var position = offset
        while position < offset + count {
            let part = try window.bytes(at: position, count: min(offset + count - position, 65_536))
            crc = crc32(crc, part.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt32(part.count))
            position += part.count
        }
        return UInt32(crc)
    }

}
