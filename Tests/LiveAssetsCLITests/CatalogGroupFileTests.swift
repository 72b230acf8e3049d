import Foundation
import LiveAssetsTestSupport
import Testing

/// An image in a catalog or one of its groups, outside any image set, is not an asset: it is said, never
/// passed in silence; images in typed folders (an app icon set) are not Live Activity images.
@Suite struct CatalogGroupFileTests {
    @Test func anImageOutsideEveryImageSetIsAnUnlistedFileWarning() throws {
        let folder = try TemporaryDirectory()
        try folder.write("W.xcassets/hero.png", ImageBytes.png(width: 2400, height: 1200))
        try folder.write("W.xcassets/Group/badge.png", ImageBytes.png(width: 50, height: 50))
        try folder.write("W.xcassets/AppIcon.appiconset/icon.png", ImageBytes.png(width: 1024, height: 1024))
        let result = try CLIRunner.run(["check", "--devices", "iPhone 16 Pro", "W.xcassets"], in: folder.url)
        #expect(result.status == 0 && result.diagnostics == "")
        #expect(result.output == """
            W.xcassets/Group/badge.png:1:1: warning: W.xcassets/Group/badge.png is in the catalog but in no image set, so Xcode ignores it; move it into an image set or delete it. [catalog-unlisted-file]
            W.xcassets/hero.png:1:1: warning: W.xcassets/hero.png is in the catalog but in no image set, so Xcode ignores it; move it into an image set or delete it. [catalog-unlisted-file]

            """)
        let strict = try CLIRunner.run(["check", "--strict", "--devices", "iPhone 16 Pro", "W.xcassets"], in: folder.url)
        #expect(strict.status == 3)
    }
}
