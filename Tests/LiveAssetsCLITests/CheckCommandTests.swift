import Foundation
import LiveAssetsTestSupport
import Testing

/// A small project: a catalog with an oversized 3x-only logo, an invalid Contents.json, a missing and an
/// unlisted file, and a loose EXIF-rotated photo, with a configuration naming devices and presentations.
struct CheckFixture {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        let info = "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
        try folder.write("App/Assets.xcassets/Contents.json", Array(info.utf8))
        try folder.write("App/Assets.xcassets/Logo.imageset/Contents.json", Array("""
            {
              "images" : [
                {
                  "idiom" : "universal",
                  "scale" : "1x"
                },
                {
                  "idiom" : "universal",
                  "scale" : "2x"
                },
                {
                  "filename" : "logo@3x.png",
                  "idiom" : "universal",
                  "scale" : "3x"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """.utf8))
        try folder.write("App/Assets.xcassets/Logo.imageset/logo@3x.png", ImageBytes.png(width: 300, height: 100))
        try folder.write("App/Assets.xcassets/Broken.imageset/Contents.json",
                         Array("{\n  \"images\" : [\n    {\n      \"filename\" : \"b.png\",\n    }\n  ]\n}\n".utf8))
        try folder.write("App/Assets.xcassets/Gone.imageset/Contents.json", Array("""
            {
              "images" : [
                {
                  "filename" : "gone.png",
                  "idiom" : "universal"
                }
              ]
            }

            """.utf8))
        try folder.write("App/Assets.xcassets/Gone.imageset/stray.png", ImageBytes.png(width: 4, height: 4))
        try folder.write("App/photo.jpg", ImageBytes.jpegHeader(
            width: 640, height: 480, segments: [ImageBytes.exifSegment(ImageBytes.orientationTIFF(6))]))
        try folder.write("App/.liveassets.json", Array("""
            {
              "devices": ["iphone-430x932", "iphone-414x896-2x"],
              "presentations": {
                "Assets.xcassets/Logo.imageset": ["compact-leading"],
                "photo.jpg": ["lock-screen"]
              }
            }

            """.utf8))
    }

    func check(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIRunner.Outcome {
        try CLIRunner.run(["check"] + arguments + ["App"], in: folder.url, environment: environment)
    }
}

enum Golden {
    static let folder = Repository.root.appendingPathComponent("Tests/LiveAssetsCLITests/Golden")

    /// Compares `text` with the golden file; `UPDATE_GOLDEN=1` rewrites it instead.
    static func expectMatches(_ text: String, _ name: String) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try Data(text.utf8).write(to: url)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(text == golden, "output differs from \(name)")
    }

    /// JUnit's timestamp, hostname and time differ on every run.
    static func normalizingRun(_ text: String) -> String {
        text.replacing(#/timestamp="[^"]*"/#, with: #"timestamp="T""#)
            .replacing(#/hostname="[^"]*"/#, with: #"hostname="H""#)
            .replacing(#/ time="[0-9.]+">/#, with: #" time="0">"#)
    }
}

enum SchemaValidator {
    static let schemas = Repository.root.deletingLastPathComponent().appendingPathComponent("shared/reference/schemas")
    static let hasSchemas = FileManager.default.fileExists(atPath: schemas.appendingPathComponent("junit.xsd").path)
    /// Python's validators can be imported (`.ci/run` and the README's first command install them).
    static let hasValidators: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import jsonschema, xmlschema"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()
    /// Both: reports inside larger tests are validated only then.
    static var isAvailable: Bool { hasSchemas && hasValidators }
    static let missingSchemas = "skipped: the official schemas (../shared/reference/schemas) are not present"
    static let missingValidators = "skipped: Python's jsonschema and xmlschema are not installed"
        + " (apt-get install python3-jsonschema python3-xmlschema; .ci/run installs them)"

    /// Validates with Tests/Scripts/validate_report.py; returns the validator's complaints ("" when valid).
    static func problems(kind: String, schema: String, report: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("liveassets-report-\(UUID().uuidString)")
        try Data(report.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Repository.root.appendingPathComponent("Tests/Scripts/validate_report.py").path,
                             kind, schemas.appendingPathComponent(schema).path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? "" : "exit \(process.terminationStatus): \(output)"
    }
}

@Suite struct CheckCommandTests {
    let fixture: CheckFixture

    init() throws { fixture = try CheckFixture() }

    @Test(arguments: ["xcode", "json", "sarif", "junit", "github"])
    func reportFormatsMatchTheirGoldenFiles(format: String) throws {
        let result = try fixture.check(["--format", format])
        #expect(result.status == 2)
        #expect(result.diagnostics == "")
        try Golden.expectMatches(Golden.normalizingRun(result.output), "check.\(format)")
    }

    @Test(.enabled(if: SchemaValidator.hasSchemas, "\(SchemaValidator.missingSchemas)"),
          .enabled(if: SchemaValidator.hasValidators, "\(SchemaValidator.missingValidators)"))
    func sarifIsValidAgainstTheOfficialSchema() throws {
        let result = try fixture.check(["--format", "sarif"])
        #expect(try SchemaValidator.problems(kind: "sarif", schema: "sarif-schema-2.1.0.json", report: result.output) == "")
    }

    @Test(.enabled(if: SchemaValidator.hasSchemas, "\(SchemaValidator.missingSchemas)"),
          .enabled(if: SchemaValidator.hasValidators, "\(SchemaValidator.missingValidators)"))
    func junitIsValidAgainstTheOfficialSchema() throws {
        for strict in [false, true] {
            let result = try fixture.check(["--format", "junit"] + (strict ? ["--strict"] : []))
            #expect(try SchemaValidator.problems(kind: "junit", schema: "junit.xsd", report: result.output) == "")
        }
    }

    @Test(.enabled(if: SchemaValidator.hasSchemas, "\(SchemaValidator.missingSchemas)"),
          .enabled(if: SchemaValidator.hasValidators, "\(SchemaValidator.missingValidators)"))
    func schemaValidationCatchesABrokenReport() throws {
        let broken = #"{"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}"#
        #expect(try SchemaValidator.problems(kind: "sarif", schema: "sarif-schema-2.1.0.json", report: broken).contains("'name' is a required property"))
        let junit = "<testsuites><testsuite name=\"x\"/></testsuites>"
        #expect(try SchemaValidator.problems(kind: "junit", schema: "junit.xsd", report: junit) != "")
    }

    @Test func githubFormatWritesTheStepSummary() throws {
        let summary = fixture.folder.path("summary.md")
        let result = try fixture.check(["--format", "github"], environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(result.status == 2)
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.hasPrefix("### liveassets check: 4 errors, 2 warnings in 2 image files\n\nConfiguration:\n\n- App/\\.liveassets\\.json, line 2, selects the devices"))
        #expect(text.contains("\n\n> 1 oversized image file has no scale \\(outside a catalog, no \\@2x or \\@3x in the name\\), so it was counted as \\@1x"))
        #expect(text.contains("\n\n| severity | rule |"))
        #expect(text.split(separator: "\n").count == 5 + 4 + 6)  // heading, "Configuration:" and 3 notices, 2 notes, table head and rule, 6 findings
    }
}

@Suite struct GitHubAnnotationPathTests {
    @Test func annotationsNameFilesFromTheRepositoryRootWhenTheInputIsTheCurrentFolder() throws {
        let folder = try TemporaryDirectory()
        try folder.write("art/logo@3x.png", ImageBytes.png(width: 900, height: 900, colorType: 2))
        let result = try CLIRunner.run(["check", "--format", "github", "--presentation", "minimal", "."], in: folder.url)
        #expect(result.status == 2)
        #expect(result.output.hasPrefix("::error file=art/logo@3x.png,title=Oversized image [oversized]::logo@3x.png (900x900 px, @3x) is too large"))
    }

    @Test func checkWritesSARIFBesideAnotherFormatFromTheSameRun() throws {
        let folder = try TemporaryDirectory()
        try folder.write("art/logo@3x.png", ImageBytes.png(width: 900, height: 900, colorType: 2))
        let result = try CLIRunner.run(["check", "--format", "github", "--sarif", "results.sarif", "--presentation", "minimal", "art"],
                                       in: folder.url)
        #expect(result.status == 2)
        let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("results.sarif"))) as? [String: Any]
        let results = ((sarif?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(results.compactMap { $0["ruleId"] as? String } == ["oversized", "missing-scale-variant"])
        let same = try CLIRunner.run(["check", "--output", "r.txt", "--sarif", "./r.txt", "art"], in: folder.url)
        #expect(same.status == 64)
        #expect(same.error.hasPrefix("Error: --output and --sarif name the same file, ./r.txt; give each a path of its own\n"))
    }
}

@Suite struct CheckExitCodeTests {
    @Test func cleanInputExitsZero() throws {
        let folder = try TemporaryDirectory()
        try folder.write("ok/icon@3x.png", ImageBytes.png(width: 90, height: 90))
        try folder.write("ok/icon@2x.png", ImageBytes.png(width: 60, height: 60))
        let result = try CLIRunner.run(["check", "--presentation", "compact-leading", "--devices", "iphone", "ok"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.output == "")
    }

    @Test func warningsExitZeroAndThreeUnderStrict() throws {
        let folder = try TemporaryDirectory()
        try folder.write("w/icon@3x.png", ImageBytes.png(width: 90, height: 90))  // no @2x: a warning only
        let arguments = ["check", "--presentation", "lock-screen", "--devices", "iphone-430x932,iphone-414x896-2x", "w"]
        let plain = try CLIRunner.run(arguments, in: folder.url)
        #expect(plain.status == 0)
        #expect(plain.output == "w/icon@3x.png:1:1: warning: icon@3x.png has no @2x variant, so iPhone XR uses the @3x one; add it. [missing-scale-variant]\n")
        #expect(try CLIRunner.run(arguments + ["--strict"], in: folder.url).status == 3)
    }

    @Test func anInvalidConfigurationIsAToolFailureNamingTheLine() throws {
        let folder = try TemporaryDirectory()
        try folder.write("p/a.png", ImageBytes.png(width: 1, height: 1))
        let config = try folder.write("p/.liveassets.json", Array("{\n  \"rules\": {\"oversize\": \"off\"}\n}\n".utf8))
        let result = try CLIRunner.run(["check", "p"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.error == "Error: \(config) has an invalid \"rules\" at line 2: unknown rule \"oversize\" (did you mean \"oversized\"?).\n")
    }

    @Test func rulesCanBeTurnedOffOrUpInTheConfiguration() throws {
        let folder = try TemporaryDirectory()
        try folder.write("p/icon@3x.png", ImageBytes.png(width: 90, height: 90))
        try folder.write("p/.liveassets.json", Array(#"{"rules": {"missing-scale-variant": "error"}, "devices": ["iphone-414x896-2x"], "presentations": {"*.png": ["lock-screen"]}}"#.utf8))
        #expect(try CLIRunner.run(["check", "p"], in: folder.url).status == 2)
        try folder.write("p/.liveassets.json", Array(#"{"rules": {"missing-scale-variant": "off"}, "devices": ["iphone-414x896-2x"]}"#.utf8))
        #expect(try CLIRunner.run(["check", "p"], in: folder.url).status == 0)
    }

    @Test func usageErrorsExitSixtyFour() throws {
        let format = try CLIRunner.run(["check", "--format", "sarf", "x"])
        #expect(format.status == 64)
        #expect(format.error.hasPrefix("Error: Unknown format 'sarf'. Did you mean 'sarif'?\n"))
        let presentation = try CLIRunner.run(["check", "--presentation", "compact", "x"])
        #expect(presentation.status == 64)
        #expect(presentation.error.hasPrefix("Error: Unknown presentation 'compact'"))
        let device = try CLIRunner.run(["check", "--devices", "iphone-xr", "x"])
        #expect(device.status == 64)
        #expect(device.error.hasPrefix("Error: Unknown device 'iphone-xr'"))
    }

    @Test func noImagesIsAFailure() throws {
        let folder = try TemporaryDirectory()
        try folder.write("empty/readme.txt", Array("hi".utf8))
        let result = try CLIRunner.run(["check", "empty"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.error == "Error: no image files were found in empty.\n")
    }
}
