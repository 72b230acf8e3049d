import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

/// A file name or a catalog value holding terminal control sequences (erase the line, hide text, write
/// the clipboard through OSC 52, set the window's title, a C1 CSI) reaches no terminal raw: every format
/// meant for people, on standard output and standard error, shows each control character as its code.
@Suite struct TerminalInjectionTests {
    /// ESC [2K erases the line; ESC ]52;c;... BEL writes the clipboard; ESC ]0;... BEL sets the title;
    /// U+009B is the one-character CSI; DEL and a C0 BEL too.
    static let hostile = "x\u{1B}[2K\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}]0;ok\u{07}\u{9B}8m\u{7F}"
    static let shown = #"x\u{1B}[2K\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}]0;ok\u{07}\u{9B}8m\u{7F}"#

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        try folder.write("in/\(Self.hostile)@3x.png", ImageBytes.png(width: 900, height: 900))
        try folder.write("in/A.xcassets/Logo.imageset/Contents.json",
                         Array(#"{"images": [{"filename": "y\u001b]0;pwned\u0007.png", "idiom": "universal", "scale": "3x"}]}"#.utf8))
    }

    /// Whether `text` holds a control character a terminal acts on (all but line feed and tab).
    static func holdsControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
    }

    func run(_ arguments: [String]) throws -> CLIRunner.Outcome {
        try CLIRunner.run(arguments, in: folder.url)
    }

    @Test func checksDefaultReportShowsControlCharactersAsTheirCodes() throws {
        let check = try run(["check", "--devices", "iphone-430x932", "in"])
        #expect(check.status == 2)
        #expect(!Self.holdsControl(check.output) && !Self.holdsControl(check.error))
        #expect(check.output.contains("in/\(Self.shown)@3x.png:1:1: error: \(Self.shown)@3x.png (900x900 px, @3x) is too large"))
        #expect(check.output.contains(#"lists y\u{1B}]0;pwned\u{07}.png, which is not in the Logo image set."#))
        // Written to a file, the default format is the same text.
        let report = try run(["check", "--devices", "iphone-430x932", "--output", "report.txt", "in"])
        #expect(report.status == 2)
        #expect(try String(contentsOfFile: folder.path("report.txt"), encoding: .utf8) == check.output)
    }

    @Test func fitAndInfoAndUsageShowControlCharactersAsTheirCodes() throws {
        let fit = try run(["fit", "--devices", "iphone-430x932", "--presentation", "minimal", "--out", "o", "in/\(Self.hostile)@3x.png"])
        #expect(fit.status == 0)
        #expect(!Self.holdsControl(fit.output) && !Self.holdsControl(fit.error))
        #expect(fit.output.hasPrefix("in/\(Self.shown)@3x.png: 900x900 -> 110x110 px (fits 135x110)"))
        let info = try run(["info", "in/\(Self.hostile)@3x.png", "in/missing\u{1B}[8m.png"])
        #expect(info.status == 1)
        #expect(!Self.holdsControl(info.output) && !Self.holdsControl(info.error))
        #expect(info.output.hasPrefix("in/\(Self.shown)@3x.png: PNG 900x900"))
        #expect(info.error.contains(#"in/missing\u{1B}[8m.png"#))
        try folder.write("W.swift", Array("ActivityConfiguration(for: A.self) { _ in Image(\"\(Self.hostile)\") }".utf8))
        let usage = try run(["usage", "W.swift", "in"])
        #expect(!Self.holdsControl(usage.output) && !Self.holdsControl(usage.error))
        #expect(usage.output.contains(Self.shown))
    }

    @Test func aBadArgumentIsShownAsItsCodesInTheUsageError() throws {
        let outcome = try run(["check", "--format", "x\u{1B}]0;t\u{07}"])
        #expect(outcome.status == 64)
        #expect(!Self.holdsControl(outcome.error))
        #expect(outcome.error.hasPrefix(#"Error: Unknown format 'x\u{1B}]0;t\u{07}'"#))
    }
}
