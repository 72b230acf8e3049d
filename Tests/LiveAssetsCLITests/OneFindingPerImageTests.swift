import Foundation
import LiveAssetsTestSupport
import Testing

/// Every format on a catalog that has one image of each kind: a logo in the compact leading view, a
/// Lock Screen photo whose presentation is not stated, a 3x-only icon, and an image in the small view,
/// which no selected device shows. One line (or case) per image and rule.
@Suite struct OneFindingPerImageTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        func imageSet(_ name: String, _ file: String, width: UInt32, height: UInt32) throws {
            try folder.write("W/Media.xcassets/\(name).imageset/Contents.json", Array("""
                {
                  "images" : [
                    { "idiom" : "universal", "scale" : "1x" },
                    { "idiom" : "universal", "scale" : "2x" },
                    { "filename" : "\(file)", "idiom" : "universal", "scale" : "3x" }
                  ],
                  "info" : { "author" : "xcode", "version" : 1 }
                }

                """.utf8))
            try folder.write("W/Media.xcassets/\(name).imageset/\(file)", ImageBytes.png(width: width, height: height, colorType: 0))
        }
        try imageSet("TeamLogo", "logo@3x.png", width: 300, height: 300)
        try imageSet("Photo", "photo@3x.png", width: 1500, height: 2000)
        try imageSet("Icon", "icon@3x.png", width: 90, height: 90)
        try imageSet("WatchBadge", "badge@3x.png", width: 200, height: 200)
        try folder.write("W/.liveassets.json", Array("""
            {
              "devices": ["iphone", "ipad"],
              "presentations": {
                "TeamLogo.imageset": ["compact-leading"],
                "Icon.imageset": ["minimal"],
                "WatchBadge.imageset": ["small"]
              }
            }

            """.utf8))
    }

    @Test(arguments: ["xcode", "json", "sarif", "junit", "github"])
    func eachFormatMatchesItsGoldenFile(format: String) throws {
        let result = try CLIRunner.run(["check", "--format", format, "W"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.diagnostics == "")
        try Golden.expectMatches(Golden.normalizingRun(result.output), "surfaces.\(format)")
        if format == "xcode" {
            // At most one line per image and rule.
            let keys = result.output.split(separator: "\n").map { line in
                (line.prefix { $0 != ":" }, line.split(separator: "[").last ?? "")
            }
            #expect(Set(keys.map { "\($0.0) \($0.1)" }).count == keys.count)
            #expect(result.output.split(separator: "\n").allSatisfy { line in
                (line.range(of: ": error: ") ?? line.range(of: ": warning: ")).map { line[$0.upperBound...].count < 200 } ?? false
            })
        }
        if format == "sarif" && SchemaValidator.isAvailable {
            #expect(try SchemaValidator.problems(kind: "sarif", schema: "sarif-schema-2.1.0.json", report: result.output) == "")
        }
        if format == "junit" && SchemaValidator.isAvailable {
            #expect(try SchemaValidator.problems(kind: "junit", schema: "junit.xsd", report: result.output) == "")
        }
    }
}
