import LiveAssetsRun
import LiveAssetsTestSupport
import Testing

@Suite struct AssetScannerTests {
    @Test(arguments: [
        ("logo.png", true), ("LOGO.PNG", true), ("photo.JpEg", true), ("a.webp", true), ("scan.tiff", true),
        ("a.jpe", true), (".png", false), ("a.", false), ("a.pngx", false), ("a.p", false), ("a.pné", false),
        ("notes.txt", false), ("archive.png.zip", false), ("noextension", false),
    ])
    func imageNamesAreKnownByExtensionInAnyCase(name: String, isImage: Bool) {
        #expect(FileTree.isImageName(name) == isImage)
    }

    @Test(arguments: [
        ("/a/Media.xcassets/Logo.imageset/logo.png", "/a/Media.xcassets"),
        ("/a/Outer.xcassets/x/Inner.xcassets/y.png", "/a/Outer.xcassets/x/Inner.xcassets"),
        ("Media.xcassets/logo.png", "Media.xcassets"),
        (".xcassets/logo.png", ".xcassets"),
        ("/a/Media.xcassetsx/logo.png", nil),
        ("/a/Media.xcassets", nil),
        ("/a/b/logo.png", nil),
    ] as [(String, String?)])
    func theInnermostCatalogAboveAPathIsFound(path: String, catalog: String?) {
        #expect(AssetScanner.catalog(containing: path) == catalog)
    }

    @Test(arguments: [
        ("dir/logo@2x~iphone.png", "dir/logo", 2), ("dir/logo.png", "dir/logo", nil), ("logo@3x.jpg", "logo", 3),
        ("a@4x.png", "a@4x", nil), ("x/y.z@1x.png", "x/y.z", 1), ("dir.v2/logo", "dir.v2/logo", nil),
        ("a~b.png~", "a", nil), ("a@2x~ipad", "a", 2), ("a~x@2x.png", "a", nil), ("d~/a@3x.png", "d~/a", 3),
        ("a.b~c.png", "a.b", nil), ("@2x.png", "", 2),
    ] as [(String, String, Int?)])
    func scaleSuffixesAreReadFromTheName(path: String, base: String, scale: Int?) {
        let found = AssetScanner.scaleSuffix(of: path)
        #expect(found.base == base[...] && found.scale == scale)
    }

    @Test func looseFilesSharingABaseNameAreOneAssetEvenWithOtherFilesBetweenThem() throws {
        let folder = try TemporaryDirectory()
        // In name order "logo0.png" comes between "logo.png" and "logo@2x.png".
        for name in ["logo.png", "logo0.png", "logo@2x.png", "logo~ipad.png", "a@3x.png", "a.png", "b.png"] {
            try folder.write(name, ImageBytes.png(width: 1, height: 1))
        }
        let root = folder.url.path
        let scan = AssetScanner.scan([root], jobs: 2)
        #expect(scan.assets.map(\.name) == ["a", "b", "logo", "logo0"])
        #expect(scan.assets.map { $0.variants.map { FileTree.lastComponent($0.path) } }
            == [["a.png", "a@3x.png"], ["b.png"], ["logo.png", "logo@2x.png", "logo~ipad.png"], ["logo0.png"]])
        #expect(scan.assets.map(\.reportPath) == ["a.png", "b.png", "logo.png", "logo0.png"].map { root + "/" + $0 })
        #expect(scan.files == ["a.png", "a@3x.png", "b.png", "logo.png", "logo@2x.png", "logo~ipad.png", "logo0.png"]
            .map { root + "/" + $0 })
    }

    @Test func folderEntriesAreSortedByTheirBytes() throws {
        let folder = try TemporaryDirectory()
        // Names that tie on their first 8 bytes, a prefix of another, upper case, and UTF-8 past ASCII.
        let names = ["b.png", "abcdefgh1.png", "é.png", "a.png", "abcdefgh0.png", "ab.png", "Z.png", "abcdefgh.png"]
        for name in names { _ = try folder.write(name, [1]) }
        #expect(FileTree.entries(of: folder.url.path)
            == ["Z.png", "a.png", "ab.png", "abcdefgh.png", "abcdefgh0.png", "abcdefgh1.png", "b.png", "é.png"])
    }
}
