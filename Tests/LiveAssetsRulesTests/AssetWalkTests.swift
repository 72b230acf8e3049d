import LiveAssetsRun
import Testing

/// The size findings, the report's showings and fit's plans are read from one walk (`AssetWalk`): what
/// it decided is what every one of them says, and none compares a size with a limit of its own.
@Suite struct AssetWalkTests {
    static let iphone = SizeTable.bundled.device(id: "iphone-430x932")!  // @3x
    static let xr = SizeTable.bundled.device(id: "iphone-414x896-2x")!  // @2x

    static func info(_ width: Int, _ height: Int) -> ImageInfo {
        ImageInfo(format: .png, width: width, height: height, orientation: .up, colorModel: .rgba, hasAlphaChannel: true, fileSize: 100)
    }

    static let logo = Asset(name: "Logo", variants: [
        AssetVariant(path: "Logo@3x.png", content: .image(info(100, 100)), suffixScale: 3),
        AssetVariant(path: "Logo@2x.png", content: .unreadable(code: "truncated", message: "Logo@2x.png is cut short."), suffixScale: 2),
    ])

    @Test func eachDeviceLoadsItsScalesFileAndAnUnreadFileHasNoVerdict() throws {
        let limits = DeviceLimits([Self.iphone, Self.xr])
        let walk = AssetWalk(Self.logo, presentations: [.minimal], limits: limits)
        let choice = try #require(walk.choices.first)
        #expect(walk.choices.count == 1)
        #expect(choice.loads.map { choice.variants[$0.variant!].path } == ["Logo@3x.png", "Logo@2x.png"])
        let verdicts = choice.loads.map { load in Set(choice.held[load.held].map(\.verdict)) }
        #expect(verdicts == [[.fits], [.unread]])
        #expect(choice.held.allSatisfy { limits.entries[$0.entry].presentation == .minimal })
    }

    @Test func theFindingsAndTheShowingsReadTheWalksVerdicts() throws {
        let limits = DeviceLimits([Self.iphone])
        var walk = AssetWalk(Self.logo, presentations: [.minimal], limits: limits)
        #expect(AssetChecker.findings(for: Self.logo, walk: walk, limits: limits).filter { $0.rule == .oversized }.isEmpty)
        #expect(ImageShowing.all(of: walk, limits: limits).allSatisfy { $0.fits })
        // A walk that found the 100x100 file too large is what both then say, though it is within the limit.
        for index in walk.choices[0].held.indices { walk.choices[0].held[index].verdict = .tooLarge }
        let oversized = AssetChecker.findings(for: Self.logo, walk: walk, limits: limits).filter { $0.rule == .oversized }
        #expect(oversized.map(\.image) == ["Logo@3x.png"])
        #expect(oversized.first?.device == Self.iphone.id)
        #expect(!ImageShowing.all(of: walk, limits: limits).contains { $0.fits })
    }

    @Test func anAssetNoDeviceShowsIsWalkedToNothing() {
        let limits = DeviceLimits([Self.iphone])
        let walk = AssetWalk(Self.logo, presentations: [], limits: limits)
        #expect(walk.choices.allSatisfy { $0.loads.isEmpty })
        #expect(AssetWalk.none.choices.isEmpty && AssetWalk.none.presentations == [])
    }
}
