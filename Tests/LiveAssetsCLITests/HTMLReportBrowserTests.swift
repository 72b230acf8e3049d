import Foundation
import LiveAssetsTestSupport
import Testing

/// The HTML report opened in headless Chromium (Tests/Browser/check_report.py, through selenium and
/// Debian's chromium-driver): drawn images and slots at their true sizes, the JSON report's oversized
/// images drawn as not fitting, no request leaving the page, no console error. Screenshots are kept in
/// .build/artifacts.
@Suite struct HTMLReportBrowserTests {
    static let python = "/usr/bin/python3"
    static let script = Repository.root.appendingPathComponent("Tests/Browser/check_report.py").path

    /// Chromium, its driver, and a Python that has selenium.
    static let browserReason: String? = {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver", python] where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is missing (apt-get install chromium chromium-driver python3-selenium)"
        }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import selenium"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "\(python) cannot run" }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? nil : "Python's selenium is missing (apt-get install python3-selenium)"
    }()

    /// Writes the HTML and JSON reports of `check` over `inputs` (run in `directory`) and opens the
    /// first in the browser; returns what the checker printed.
    func checkInBrowser(_ inputs: [String], in directory: URL, screenshot: String) throws -> CLIRunner.Outcome {
        let reports = try TemporaryDirectory()
        let html = reports.path("report.html"), json = reports.path("report.json")
        let page = try CLIRunner.run(["check", "--format", "html", "--output", html] + inputs, in: directory)
        #expect(page.status == 2 || page.status == 0, "\(page.error)")
        #expect(page.output.isEmpty)
        let data = try CLIRunner.run(["check", "--format", "json"] + inputs, in: directory)
        try Data(data.output.utf8).write(to: URL(fileURLWithPath: json))
        let artifacts = Repository.root.appendingPathComponent(".build/artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: Self.python)
        browser.arguments = [Self.script, html, json, Repository.root.appendingPathComponent("presentation-sizes.json").path,
                             artifacts.appendingPathComponent(screenshot).path]
        return try CLIRunner.outcome(of: browser)
    }

    @Test(.enabled(if: browserReason == nil, "\(browserReason ?? "")"))
    func theSamplesReportDrawsEveryImageAtItsTrueSize() throws {
        let outcome = try checkInBrowser(["samples"], in: Repository.root, screenshot: "html-report-samples.png")
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.error)")
        #expect(outcome.output.hasPrefix("ok: "))
        // The samples hold oversized images: some are drawn so.
        #expect(!outcome.output.contains(", 0 oversized drawn so"))
    }

    @Test(.enabled(if: browserReason == nil, "\(browserReason ?? "")"))
    func aCatalogReportDrawsEachPresentationInItsSlot() throws {
        let folder = try TemporaryDirectory()
        func imageSet(_ name: String, _ files: [(file: String, scale: String, width: UInt32, height: UInt32)]) throws {
            let images = files.map { "{\"idiom\": \"universal\", \"filename\": \"\($0.file)\", \"scale\": \"\($0.scale)\"}" }
            try folder.write("App.xcassets/\(name).imageset/Contents.json",
                             Array("{\"images\": [\(images.joined(separator: ", "))], \"info\": {\"version\": 1, \"author\": \"xcode\"}}".utf8))
            for file in files {
                try folder.write("App.xcassets/\(name).imageset/\(file.file)", ImageBytes.png(width: file.width, height: file.height))
            }
        }
        try imageSet("Leading", [("leading@2x.png", "2x", 100, 60), ("leading@3x.png", "3x", 200, 110)])
        try imageSet("Minimal", [("minimal@3x.png", "3x", 90, 90)])
        try imageSet("Hero", [("hero@3x.png", "3x", 1300, 480)])
        try imageSet("Small", [("small.png", "1x", 40, 40)])
        try folder.write(".liveassets.json", Array("""
            {"devices": ["iphone-430x932", "iphone-375x667", "ipad-1366x1024", "watch-46mm"],
             "presentations": {"**/Leading.imageset": ["compact-leading", "compact-trailing"],
                               "**/Minimal.imageset": ["minimal"], "**/Hero.imageset": ["lock-screen", "expanded"],
                               "**/Small.imageset": ["minimal", "compact-leading"]}}
            """.utf8))
        let outcome = try checkInBrowser(["App.xcassets"], in: folder.url, screenshot: "html-report-catalog.png")
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.error)")
        #expect(outcome.output.hasPrefix("ok: "))
    }
}
