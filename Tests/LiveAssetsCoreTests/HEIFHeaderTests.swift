import LiveAssets
import LiveAssetsTestSupport
import Testing

/// HEIF/HEIC measured from its boxes: size, orientation, completeness; never decoded.
@Suite struct HEIFHeaderTests {
    static func read(_ bytes: [UInt8], limits: ImageLimits = .default) -> Result<ImageInfo, ProbeError> {
        Result { () throws(ProbeError) in try HeaderReader.read(bytes, name: "photo.heic", limits: limits) }
    }

    @Test func anIPhonePhotosSizeAndTurnComeFromItsPrimaryItem() throws {
        let info = try Self.read(ImageBytes.heif(width: 4032, height: 3024, rotation: 3, iccProfile: 536)).get()
        #expect((info.format, info.width, info.height, info.iccProfileSize, info.isDecodable) == (.heif, 4032, 3024, 536, false))
        // Three anticlockwise quarter turns are one clockwise: EXIF orientation 6, shown 3024 wide.
        #expect(info.orientation == .right && info.displaySize == PixelSize(width: 3024, height: 4032))
        #expect(info.truncation == nil && info.warningCount == 0)
    }

    @Test func turnsAndMirrorsComposeAsEXIFOrientations() throws {
        func orientation(_ rotation: UInt8?, _ axis: UInt8?) throws -> Int {
            try Self.read(ImageBytes.heif(width: 30, height: 20, rotation: rotation, mirrorAxis: axis)).get().orientation.rawValue
        }
        #expect(try [nil, 1, 2, 3].map { try orientation($0, nil) } == [1, 8, 3, 6])
        // Turned, then mirrored left to right (axis 0) or top to bottom (axis 1).
        #expect(try [nil, 1, 2, 3].map { try orientation($0, 0) } == [2, 7, 4, 5])
        #expect(try [nil, 1, 2, 3].map { try orientation($0, 1) } == [4, 5, 2, 7])
    }

    @Test func aMirrorListedBeforeATurnIsAppliedFirst() throws {
        // Mirrored left to right, then three anticlockwise quarter turns: the transverse, EXIF 7 (turned
        // first and then mirrored, the same boxes make the transpose, EXIF 5).
        let info = try Self.read(ImageBytes.heif(width: 30, height: 20, rotation: 3, mirrorAxis: 0, mirrorFirst: true)).get()
        #expect(info.orientation == .rightMirrored)
    }

    @Test func alphaIsAnAuxiliaryImageOfThePrimaryItem() throws {
        #expect(try Self.read(ImageBytes.heif(width: 30, height: 20, alpha: true)).get().hasAlphaChannel)
        #expect(try Self.read(ImageBytes.heif(width: 30, height: 20, alpha: true, version1: true)).get().hasAlphaChannel)
        #expect(try !Self.read(ImageBytes.heif(width: 30, height: 20)).get().hasAlphaChannel)
    }

    @Test func everyWayOfStatingSizesAndIdsReadsTheSame() throws {
        let plain = try Self.read(ImageBytes.heif(width: 640, height: 480, rotation: 1)).get()
        for variant in [ImageBytes.heif(width: 640, height: 480, rotation: 1, version1: true),
                        ImageBytes.heif(width: 640, height: 480, rotation: 1, mdat: .large),
                        ImageBytes.heif(width: 640, height: 480, rotation: 1, mdat: .toEnd)] {
            let info = try Self.read(variant).get()
            #expect((info.width, info.height, info.orientation, info.truncation) == (640, 480, plain.orientation, nil))
            // Read from a source in 5-byte blocks, as from a file: the same answer.
            var window = ByteWindow(source: ArraySource(variant, path: "photo.heic"), blockSize: 5)
            #expect(try HeaderReader.read(&window, name: "photo.heic", limits: .default, findsTruncation: true) == info)
        }
    }

    @Test func aFileCutInsideItsImageDataIsMeasuredAndSaidTruncated() throws {
        let whole = ImageBytes.heif(width: 400, height: 300, imageData: 5000)
        let mdat = whole.count - 5008
        let info = try Self.read(Array(whole.prefix(whole.count - 100))).get()
        #expect(info.width == 400 && info.truncation == Truncation.boxCut(type: "mdat", offset: mdat, declaredLength: 5008))
        #expect(info.truncation?.clause(fileSize: whole.count - 100)
            == "its mdat box at byte \(mdat.groupedDigits) needs 5,008 bytes but the file ends at byte \((whole.count - 100).groupedDigits)")
    }

    @Test func refusalsNameWhatIsMissing() {
        var noSize = ImageBytes.heif(width: 400, height: 300)
        let ispe = noSize.indices.first { noSize[$0..<$0 + 4].elementsEqual("ispe".utf8) }!
        noSize.replaceSubrange(ispe..<ispe + 4, with: Array("free".utf8))
        guard case .failure(.malformed(_, .heif, let reason)) = Self.read(noSize) else { Issue.record("accepted"); return }
        #expect(reason == "its primary image has no ispe size property")
        let ftypOnly = Array(ImageBytes.heif(width: 4, height: 4).prefix(24))
        guard case .failure(.malformed(_, .heif, let missing)) = Self.read(ftypOnly) else { Issue.record("accepted"); return }
        #expect(missing == "no meta box, so no image is described")
        #expect(Self.read(ImageBytes.heif(width: 100_000, height: 4)).failureCode == "too-large")
        // Cut inside the meta box: nothing is described, so the file is refused as truncated.
        guard case .failure(.truncated(_, .heif, 60)) = Self.read(Array(ImageBytes.heif(width: 4, height: 4).prefix(60))) else {
            Issue.record("a HEIF cut inside its meta box was not refused as truncated"); return
        }
        // A box whose size is smaller than its own header.
        var bogus = ImageBytes.heif(width: 4, height: 4)
        bogus.replaceSubrange(0..<4, with: ImageBytes.be32(4))
        guard case .failure(.malformed(_, .heif, let small)) = Self.read(bogus) else { Issue.record("accepted"); return }
        #expect(small == "the ftyp box at byte 0 declares 4 bytes, less than its header")
    }
}

extension HEIFHeaderTests {
    /// Items are increasing within each ipma box, and listed once over all of them: two boxes that
    /// interleave are valid; an item in both is not.
    @Test func itemsMayInterleaveAcrossIpmaBoxesButNotRepeat() throws {
        func heif(secondBoxItem: UInt16) -> [UInt8] {
            let ftyp = ImageBytes.box("ftyp", Array("heic".utf8) + ImageBytes.be32(0) + Array("mif1heic".utf8))
            let hdlr = ImageBytes.box("hdlr", [0, 0, 0, 0] + ImageBytes.be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
            let pitm = ImageBytes.box("pitm", [0, 0, 0, 0] + ImageBytes.be16(1))
            let ispe = ImageBytes.box("ispe", [0, 0, 0, 0] + ImageBytes.be32(64) + ImageBytes.be32(48))
            let first = ImageBytes.box("ipma", [0, 0, 0, 0] + ImageBytes.be32(2) + ImageBytes.be16(1) + [1, 0x81] + ImageBytes.be16(4) + [1, 0x81])
            let second = ImageBytes.box("ipma", [0, 0, 0, 0] + ImageBytes.be32(1) + ImageBytes.be16(secondBoxItem) + [1, 0x81])
            let meta = ImageBytes.box("meta", [0, 0, 0, 0] + hdlr + pitm + ImageBytes.box("iprp", ImageBytes.box("ipco", ispe) + first + second))
            return ftyp + meta + ImageBytes.box("mdat", [1, 2, 3])
        }
        #expect(try Self.read(heif(secondBoxItem: 2)).get().width == 64)
        #expect(throws: ProbeError.self) { try Self.read(heif(secondBoxItem: 4)).get() }
    }
}
