import LiveAssetsCore
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
        #expect(Self.read(Array(ImageBytes.heif(width: 4, height: 4).prefix(60))).failureCode == "truncated")
    }
}
