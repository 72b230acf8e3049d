import Foundation
import LiveAssetsRun
import LiveAssetsTestSupport
import Testing

/// Inputs that name one file in different ways are one input to the scanner: the file is read once,
/// under the first name given, and is one asset.
@Suite struct ScannerSameFileTests {
    @Test func oneFileNamedInEveryWayIsScannedOnceUnderItsFirstName() throws {
        let folder = try TemporaryDirectory()
        try folder.write("d/a@3x.png", ImageBytes.png(width: 10, height: 10))
        try FileManager.default.createSymbolicLink(atPath: folder.path("l@3x.png"), withDestinationPath: "d/a@3x.png")
        let first = folder.path("d/a@3x.png")
        let scan = AssetScanner.scan([first, folder.path("d/../d/./a@3x.png"), folder.path("d//a@3x.png"),
                                      folder.path("l@3x.png"), folder.path("d"), folder.path("./d/")])
        #expect(scan.files == [first])
        #expect(scan.assets.map(\.name) == ["a"])
    }

    @Test func anImageSetGivenWithItsCatalogIsScannedOnce() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.xcassets/Logo.imageset/logo.png", ImageBytes.png(width: 10, height: 10))
        try folder.write("A.xcassets/Logo.imageset/Contents.json",
                         Array(#"{"images": [{"filename": "logo.png", "idiom": "universal", "scale": "3x"}]}"#.utf8))
        let scan = AssetScanner.scan([folder.path("A.xcassets"), folder.path("A.xcassets/../A.xcassets/Logo.imageset")])
        #expect(scan.files == [folder.path("A.xcassets/Logo.imageset/logo.png")])
        #expect(scan.assets.count == 1)
    }
}
