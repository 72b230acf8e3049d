import Foundation
import LiveAssetsTestSupport
import Testing

/// Python's XML parser (expat), which refuses what XML 1.0 cannot hold.
enum XMLWellFormedness {
    /// Whether python3 is on the path.
    static let isAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import xml.dom.minidom"]
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// The parser's complaint about `text` ("" when it is well-formed XML).
    static func problems(_ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sys, xml.dom.minidom\ntry:\n xml.dom.minidom.parse(sys.stdin.buffer)\nexcept Exception as e:\n print(e)"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return said
    }
}

/// `check` over a file name and a Contents.json string holding control characters: every report
/// format stays well-formed.
@Suite struct ControlCharacterOutputTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        try folder.write("in/a\u{01}b\u{1B}c\u{7F}@3x.png", ImageBytes.png(width: 900, height: 900))
        try folder.write("in/A.xcassets/Logo.imageset/Contents.json",
                         Array(#"{"images": [{"filename": "x\u0002.png", "idiom": "universal", "scale": "3x"}]}"#.utf8))
    }

    func check(_ format: String) throws -> CLIRunner.Outcome {
        try CLIRunner.run(["check", "--devices", "iphone-430x932", "--format", format, "in"], in: folder.url)
    }

    @Test(.enabled(if: XMLWellFormedness.isAvailable, "skipped: no python3 to parse the XML"))
    func junitIsWellFormedXMLWithControlCharactersReplaced() throws {
        let result = try check("junit")
        #expect(result.status == 2)
        #expect(try XMLWellFormedness.problems(result.output) == "")
        #expect(result.output.contains(#"<testcase classname="oversized" name="in/a\#u{FFFD}b\#u{FFFD}c\#u{7F}@3x.png" time="0">"#))
        #expect(result.output.contains(
            #"message="in/A.xcassets/Logo.imageset/Contents.json lists x\#u{FFFD}.png, which is not in the Logo image set.""#))
        // Without the replacement the parser refuses the report: the check can fail.
        #expect(try XMLWellFormedness.problems(result.output.replacing("\u{FFFD}", with: "\u{01}")) != "")
    }

    @Test(.enabled(if: SchemaValidator.hasSchemas, "\(SchemaValidator.missingSchemas)"),
          .enabled(if: SchemaValidator.hasValidators, "\(SchemaValidator.missingValidators)"))
    func junitWithControlCharactersIsValidAgainstTheOfficialSchema() throws {
        #expect(try SchemaValidator.problems(kind: "junit", schema: "junit.xsd", report: check("junit").output) == "")
    }

    @Test func jsonAndSARIFEscapeControlCharactersAndStayValidJSON() throws {
        for format in ["json", "sarif"] {
            let result = try check(format)
            #expect(result.status == 2)
            #expect(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) is [String: Any], "\(format)")
            #expect(result.output.contains(#"lists x\u0002.png, which is not in the Logo image set."#), "\(format)")
            #expect(!result.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(format)")
        }
        #expect(try check("json").output.contains(#""path": "in/a\u0001b\u001bc\#u{7F}@3x.png","#))
    }

    @Test(.enabled(if: SchemaValidator.hasSchemas, "\(SchemaValidator.missingSchemas)"),
          .enabled(if: SchemaValidator.hasValidators, "\(SchemaValidator.missingValidators)"))
    func sarifWithControlCharactersIsValidAgainstTheOfficialSchema() throws {
        #expect(try SchemaValidator.problems(kind: "sarif", schema: "sarif-schema-2.1.0.json", report: check("sarif").output) == "")
    }
}
