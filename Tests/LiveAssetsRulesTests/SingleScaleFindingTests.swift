import LiveAssetsRun
import Testing

/// A single-scale entry that `fit` makes a file per scale is judged as fit leaves it: its tightest limit
/// is one of the devices that keep the file, and the message gives each scale's size, saying which
/// rests on an inferred limit.
@Suite struct SingleScaleFindingTests {
    static let table = SizeTable.bundled

    static func asset(_ width: Int, _ height: Int, contents: String = "App.xcassets/Logo.imageset/Contents.json") -> Asset {
        let info = ImageInfo(format: .png, width: width, height: height, orientation: .up, colorModel: .rgba, hasAlphaChannel: true, fileSize: 100)
        return Asset(name: "Logo", variants: [AssetVariant(path: "App.xcassets/Logo.imageset/logo.png", content: .image(info),
                                                           reportPath: contents)], reportPath: contents)
    }

    @Test func theMessageGivesEachScaleItsSizeAndMarksTheInferredOne() throws {
        let devices = [Self.table.device(id: "iphone-402x874")!, Self.table.device(id: "iphone-414x896-2x")!]  // iPhone 16 Pro @3x, iPhone XR @2x
        let finding = try #require(AssetChecker.findings(for: Self.asset(300, 300), presentations: [.minimal], devices: devices)
            .first { $0.rule == .oversized })
        #expect(finding.message == "logo.png (300x300 px, counted as @1x) is too large for minimal; tightest: minimal on iPhone 16 Pro, 135x110 px; give each scale a file of its own (Xcode's Individual Scales): @3x at most 110x110 px and @2x at most 73x73 px (inferred).")
        #expect(finding.device == "iphone-402x874" && finding.suggested == PixelSize(width: 110, height: 110))
        #expect(!finding.usesInferredLimit)  // the tightest it names is published; the @2x size says (inferred) itself
    }

    @Test func aSetWithALocaleEntryOrAFileListedTwiceIsNotSplit() throws {
        let devices = [Self.table.device(id: "iphone-402x874")!, Self.table.device(id: "iphone-414x896-2x")!]
        let info = ImageInfo(format: .png, width: 300, height: 300, orientation: .up, colorModel: .rgba, hasAlphaChannel: true, fileSize: 100)
        let contents = "App.xcassets/Logo.imageset/Contents.json"
        let plain = AssetVariant(path: "App.xcassets/Logo.imageset/logo.png", content: .image(info), reportPath: contents)
        var french = AssetVariant(path: "App.xcassets/Logo.imageset/logo-fr.png", content: .image(info), reportPath: contents)
        french.traits = "locale=fr"
        var iphone = plain
        iphone.idiom = .iphone
        for variants in [[plain, french], [plain, iphone]] {
            let asset = Asset(name: "Logo", variants: variants, reportPath: contents)
            let messages = AssetChecker.findings(for: asset, presentations: [.minimal], devices: devices).filter { $0.rule == .oversized }.map(\.message)
            #expect(!messages.isEmpty && messages.allSatisfy { $0.hasSuffix("fit it to at most 73x73 px.") }, "\(messages)")
            #expect(FitPlan.fitting(asset, presentations: [.minimal], limits: DeviceLimits(devices)).added.isEmpty)
        }
    }

    @Test func aLooseFileOrOneScaleOfDevicesKeepsOneSize() throws {
        let devices = [Self.table.device(id: "iphone-402x874")!, Self.table.device(id: "iphone-414x896-2x")!]
        let loose = Self.asset(300, 300, contents: "art/logo.png")
        let message = try #require(AssetChecker.findings(for: loose, presentations: [.minimal], devices: devices).first { $0.rule == .oversized }?.message)
        #expect(message.hasSuffix("tightest: minimal in StandBy on iPhone XR, 90x73 px (inferred); fit it to at most 73x73 px."), "\(message)")
        let one = try #require(AssetChecker.findings(for: Self.asset(300, 300), presentations: [.minimal], devices: [devices[0]])
            .first { $0.rule == .oversized }?.message)
        #expect(one.hasSuffix("fit it to at most 110x110 px."), "\(one)")
    }
}
