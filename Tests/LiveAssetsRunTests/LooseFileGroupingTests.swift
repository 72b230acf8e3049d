import LiveAssetsRun
import LiveAssetsTestSupport
import Testing

/// Loose files are grouped as `UIImage(named:)` finds them: by base name and extension, so that every
/// file is checked, whichever sorts first.
@Suite struct LooseFileGroupingTests {
    func scan(_ names: [String]) throws -> (root: String, scan: AssetScan, folder: TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        for name in names { try folder.write(name, ImageBytes.png(width: 1, height: 1)) }
        return (folder.url.path, AssetScanner.scan([folder.url.path]), folder)
    }

    @Test func filesWithOneBaseNameButAnotherExtensionAreAssetsOfTheirOwn() throws {
        let (_, scan, _) = try scan(["logo.png", "logo.jpg", "logo@2x.jpg", "icon@2x.png", "icon@2x.jpeg", "icon@3x.jpeg"])
        #expect(scan.assets.map(\.name) == ["icon.jpeg", "icon", "logo.jpg", "logo"])
        #expect(scan.assets.map { $0.variants.map { String(FileTree.lastComponent($0.path)) } }
            == [["icon@2x.jpeg", "icon@3x.jpeg"], ["icon@2x.png"], ["logo.jpg", "logo@2x.jpg"], ["logo.png"]])
        #expect(scan.assets.map(\.displayName) == ["icon@2x.jpeg", "icon@2x.png", "logo.jpg", "logo.png"])
    }

    @Test func anExtensionDifferingOnlyInCaseIsAnotherAsset() throws {
        let (_, scan, _) = try scan(["a.PNG", "a@2x.png"])
        #expect(scan.assets.map { $0.variants.map { String(FileTree.lastComponent($0.path)) } } == [["a.PNG"], ["a@2x.png"]])
        #expect(scan.assets.map(\.name) == ["a.PNG", "a"])
    }

    @Test func aFileNoDeviceWouldChooseOverAnotherIsAnAssetOfItsOwn() throws {
        // logo.png and logo@1x.png are both 1x: one of them would never be checked in one asset.
        let (_, scan, _) = try scan(["logo.png", "logo@1x.png", "logo@2x.png"])
        #expect(scan.assets.map { $0.variants.map { String(FileTree.lastComponent($0.path)) } }
            == [["logo.png", "logo@2x.png"], ["logo@1x.png"]])
    }

    @Test func deviceModifiersInLooseNamesAreIdioms() throws {
        let (_, scan, _) = try scan(["logo.png", "logo~ipad.png", "logo@3x~iphone.png", "logo~mac.png"])
        #expect(scan.assets.map { $0.variants.map { "\(FileTree.lastComponent($0.path)) \($0.idiom)" } }
            == [["logo.png universal", "logo@3x~iphone.png iphone", "logo~ipad.png ipad"], ["logo~mac.png universal"]])
    }

    @Test(arguments: [
        (["logo.jpg", "logo.png"], "logo.png"),  // the oversized one sorts second
        (["logo.png", "logo.jpg"], "logo.jpg"),
        (["icon@2x.jpeg", "icon@2x.png"], "icon@2x.png"),
        (["icon@2x.jpeg", "icon@2x.jpg"], "icon@2x.jpg"),
    ])
    func everyLooseFileIsCheckedWhicheverSortsFirst(names: [String], oversized: String) throws {
        let folder = try TemporaryDirectory()
        for name in names {
            let side = name == oversized ? 600 : 30
            try folder.write(name, name.hasSuffix("png") ? ImageBytes.png(width: UInt32(side), height: UInt32(side))
                                                         : ImageBytes.jpegHeader(width: UInt16(side), height: UInt16(side)))
        }
        let iphone = try #require(SizeTable.bundled.device(id: "iphone-430x932"))
        let findings = AssetScanner.scan([folder.url.path]).findings(devices: [iphone]) { _ in [.compactLeading] }
        #expect(findings.filter { $0.rule == .oversized }.map { String(FileTree.lastComponent($0.path)) } == [oversized])
    }
}
