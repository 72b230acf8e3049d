import Foundation
import LiveAssetsTestSupport
import Testing

@Suite struct InfoCommandTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }

    @Test func printsOneLinePerFileAndExitsZero() throws {
        let pngBytes = ImageBytes.png(width: 3, height: 2, colorType: 6)
        let jpegBytes = ImageBytes.jpegHeader(
            width: 640, height: 480, segments: [ImageBytes.exifSegment(ImageBytes.orientationTIFF(6))])
        let png = try folder.write("icon@3x.png", pngBytes)
        let jpeg = try folder.write("photo.jpg", jpegBytes)
        let result = try CLIRunner.run(["info", png, jpeg])
        #expect(result.status == 0)
        #expect(result.error == "")
        #expect(result.output == """
            \(png): PNG 3x2, 8-bit RGBA, alpha, \(pngBytes.count) bytes
            \(jpeg): JPEG 640x480 (EXIF orientation 6, rotated 90° clockwise: shown 480x640), 8-bit YCbCr, \(jpegBytes.count) bytes

            """)
    }

    @Test func printsTheDocumentedJSONKeysAndErrorObjects() throws {
        let bytes = ImageBytes.png(width: 5, height: 4, colorType: 0)
        let png = try folder.write("a.png", bytes)
        let missing = folder.path("missing.png")
        let result = try CLIRunner.run(["info", "--json", png, missing])
        #expect(result.status == 1)
        #expect(result.error == "")
        #expect(result.output == """
            [
              {
                "path": "\(png)",
                "format": "png",
                "width": 5,
                "height": 4,
                "orientation": 1,
                "displayWidth": 5,
                "displayHeight": 4,
                "bitDepth": 8,
                "colorModel": "gray",
                "hasAlpha": false,
                "interlaced": false,
                "progressive": false,
                "hasICC": false,
                "frameCount": 1,
                "fileSize": \(bytes.count),
                "orientationTag": null,
                "alphaChannel": false,
                "transparencyChunk": false,
                "arithmetic": false,
                "iccSize": null,
                "sRGBChunk": false,
                "loopCount": null,
                "decodable": true,
                "warnings": 0,
                "firstWarning": null
              },
              {
                "path": "\(missing)",
                "error": {
                  "code": "file-not-found",
                  "message": "\(missing) does not exist."
                }
              }
            ]

            """)
    }

    /// A catalog's vector image set is listed as not measured and fails nothing, as `check` only warns of
    /// it; the same file named on the command line is still an error.
    @Test func aCatalogsVectorImageSetIsListedAsNotMeasuredAndExitsZero() throws {
        let png = ImageBytes.png(width: 1, height: 1)
        try folder.write("A.xcassets/Logo.imageset/logo.png", png)
        let pdf = try folder.write("A.xcassets/Icon.imageset/icon.pdf", Array("%PDF-1.4\n%%EOF\n".utf8))
        let result = try CLIRunner.run(["info", folder.path("A.xcassets")])
        #expect(result.status == 0 && result.error == "")
        #expect(result.output == """
            \(pdf): PDF, not measured (LiveAssets measures PNG, JPEG and HEIF)
            \(folder.path("A.xcassets/Logo.imageset/logo.png")): PNG 1x1, 8-bit RGBA, alpha, \(png.count) bytes

            """)
        let json = try CLIRunner.run(["info", "--json", folder.path("A.xcassets/Icon.imageset")])
        #expect(json.status == 0)
        #expect(json.output.contains(#""code" : "unsupported-format""#) || json.output.contains(#""code": "unsupported-format""#))
        let named = try CLIRunner.run(["info", pdf])
        #expect(named.status == 1 && named.error == "Error: \(pdf) is a PDF file; LiveAssets reads only PNG, JPEG and HEIF.\n")
    }

    @Test func reportsUnreadableFilesOnStandardErrorAndExitsOne() throws {
        let bytes = ImageBytes.png(width: 1, height: 1)
        try folder.write("assets/ok.png", bytes)
        let text = try folder.write("assets/notes.png", Array("not an image".utf8))
        try folder.write("assets/Contents.json", Array("{}".utf8))
        let result = try CLIRunner.run(["info", folder.path("assets")])
        #expect(result.status == 1)
        #expect(result.output == "\(folder.path("assets/ok.png")): PNG 1x1, 8-bit RGBA, alpha, \(bytes.count) bytes\n")
        #expect(result.error == "Error: \(text) is not a PNG or JPEG image: it starts with 6E 6F 74 20 61 6E 20 69.\n")
    }

    @Test func verifyFindsACorruptImageThatTheHeaderHides() throws {
        var png = ImageBytes.png(width: 8, height: 8, colorType: 2)
        png[png.count - 13] ^= 0xFF
        let path = try folder.write("crc.png", png)
        #expect(try CLIRunner.run(["info", path]).status == 0)
        let verified = try CLIRunner.run(["info", "--verify", path])
        #expect(verified.status == 1)
        #expect(verified.error == "Error: \(path) is not a valid PNG: IDAT: CRC error.\n")
    }

    @Test func refusesImagesOverTheGivenLimits() throws {
        let path = try folder.write("big.png", ImageBytes.png(width: 300, height: 200, colorType: 0))
        let result = try CLIRunner.run(["info", "--max-pixels", "50000", path])
        #expect(result.status == 1)
        #expect(result.error == "Error: \(path) declares a 300x200 PNG, over the limit of 50000 pixels and 65535 per side, so it was not read further.\n")
        #expect(try CLIRunner.run(["info", "--max-pixels", "60000", path]).status == 0)
    }

    @Test func listsFilesInTheSameOrderWhateverTheJobs() throws {
        for index in 0..<40 {
            try folder.write("many/\(index).png", ImageBytes.png(width: UInt32(index + 1), height: 1))
        }
        let serial = try CLIRunner.run(["info", "--jobs", "1", folder.path("many")])
        let parallel = try CLIRunner.run(["info", "-j", "8", folder.path("many")])
        #expect(serial.status == 0 && parallel.status == 0)
        #expect(serial.output == parallel.output)
        #expect(serial.output.split(separator: "\n").count == 40)
    }

    @Test func failsWhenAFolderHoldsNoImages() throws {
        try folder.write("empty/readme.txt", Array("hi".utf8))
        let result = try CLIRunner.run(["info", folder.path("empty")])
        #expect(result.status == 1)
        #expect(result.error == "Error: no image files were found in \(folder.path("empty")).\n")
    }
}

@Suite struct CommandLineConventionTests {
    @Test func versionGoesToStandardOutput() throws {
        let result = try CLIRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("liveassets 0.3.0 (libpng "))
        #expect(result.error == "")
    }

    @Test func helpGoesToStandardOutput() throws {
        let top = try CLIRunner.run(["--help"])
        #expect(top.status == 0 && top.error == "")
        #expect(top.output.contains("USAGE: liveassets <subcommand> [options]"))
        #expect(top.output.contains("  info "))
        let info = try CLIRunner.run(["info", "--help"])
        #expect(info.status == 0)
        #expect(info.output.hasPrefix("OVERVIEW: Show what each image file is"))
        #expect(try CLIRunner.run(["help", "info"]).output == info.output)
    }

    @Test func unknownOptionIsAUsageErrorWithASuggestion() throws {
        let result = try CLIRunner.run(["info", "--jsn", "a.png"])
        #expect(result.status == 64)
        #expect(result.output == "")
        #expect(result.error == """
            Error: Unknown option '--jsn'. Did you mean '--json'?
            Usage: liveassets info [--json] [--verify] [--jobs <N>] [--max-pixels <N>] [--max-side <N>] <path> ...
              See 'liveassets info --help' for more information.

            """)
    }

    @Test func badValuesAndMissingArgumentsAreUsageErrors() throws {
        let jobs = try CLIRunner.run(["info", "--jobs", "0", "a.png"])
        #expect(jobs.status == 64)
        #expect(jobs.error.hasPrefix("Error: The value '0' is invalid for '--jobs': expected a whole number from 1 to 1024\n"))
        let nothing = try CLIRunner.run(["info"])
        #expect(nothing.status == 64)
        #expect(nothing.error.hasPrefix("Error: Missing expected argument '<path> ...'\n"))
        let none = try CLIRunner.run([])
        #expect(none.status == 64)
        #expect(none.error.hasPrefix("Error: Missing subcommand\n"))
    }

    @Test func unknownSubcommandSuggestsTheClosest() throws {
        let result = try CLIRunner.run(["ifno", "a.png"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: Unknown subcommand 'ifno'. Did you mean 'info'?\n"))
    }

    @Test func samplesAreReadAsDocumented() throws {
        let result = try CLIRunner.run(["info", "samples"])
        #expect(result.status == 0)
        #expect(result.output == """
            samples/Widgets.xcassets/Badge.imageset/badge@2x.png: PNG 72x72, 8-bit RGBA, alpha, 2,206 bytes
            samples/Widgets.xcassets/Badge.imageset/badge@3x.png: PNG 108x108, 8-bit RGBA, alpha, 3,413 bytes
            samples/Widgets.xcassets/TeamLogo.imageset/team-logo.png: PNG 300x300, 8-bit RGBA, alpha, 10,311 bytes
            samples/badge@3x.png: PNG 120x120, 8-bit RGBA, alpha, 4,026 bytes
            samples/hero-oversized.jpg: JPEG 2400x1200, 8-bit YCbCr, progressive, 25,753 bytes
            samples/logo-gray.png: PNG 64x64, 8-bit gray, 508 bytes
            samples/photo-exif-rotated.jpg: JPEG 480x320 (EXIF orientation 6, rotated 90° clockwise: shown 320x480), 8-bit YCbCr, 17,186 bytes

            """)
    }
}
