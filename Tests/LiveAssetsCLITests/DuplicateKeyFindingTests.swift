import Foundation
import LiveAssetsTestSupport
import Testing

/// `check` warns about a key a Contents.json repeats, and checks the value that is read (the last).
@Suite struct DuplicateKeyFindingTests {
    @Test func aRepeatedKeyInAContentsJSONIsAWarningAndTheLastValueIsChecked() throws {
        let folder = try TemporaryDirectory()
        try folder.write("A.xcassets/Logo.imageset/small.png", ImageBytes.png(width: 30, height: 30))
        try folder.write("A.xcassets/Logo.imageset/big.png", ImageBytes.png(width: 900, height: 900))
        try folder.write("A.xcassets/Logo.imageset/Contents.json", Array("""
            {
              "images" : [
                {
                  "filename" : "small.png",
                  "idiom" : "universal",
                  "filename" : "big.png",
                  "scale" : "3x"
                }
              ]
            }

            """.utf8))
        let result = try CLIRunner.run(["check", "--devices", "iphone-430x932", "--presentation", "compact-leading", "A.xcassets"],
                                       in: folder.url)
        #expect(result.status == 2)
        let contents = "A.xcassets/Logo.imageset/Contents.json"
        #expect(result.output == """
            \(contents):6:7: error: big.png (900x900 px, @3x) is too large for compact leading; tightest: compact leading on iPhone 14 Pro Max, 187x110 px; fit it to at most 110x110 px. [oversized]
            \(contents):6:7: warning: \(contents) repeats the key "filename" in images[0] (first at line 4), so only this last value is read; remove the other. [catalog-duplicate-key]
            A.xcassets/Logo.imageset/small.png:1:1: warning: A.xcassets/Logo.imageset/small.png is not listed in the image set's Contents.json, so Xcode ignores it; list it or delete it. [catalog-unlisted-file]

            """)
    }
}
