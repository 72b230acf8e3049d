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
    func checkInBrowser(_ inputs: [String], in directory: URL, screenshot: String, maxHeight: Int) throws -> CLIRunner.Outcome {
        let reports = try TemporaryDirectory()
        let html = reports.path("report.html"), json = reports.path("report.json")
        let page = try CLIRunner.run(["check", "--format", "html", "--output", html] + inputs, in: directory)
        #expect(page.status == 2 || page.status == 0, "\(page.error)")
        #expect(page.output.isEmpty)
        let data = try CLIRunner.run(["check", "--format", "json"] + inputs, in: directory)
        try Data(data.output.utf8).write(to: URL(fileURLWithPath: json))
        // What the page should draw, from other commands: each image's size (info) and what fit writes
        // (fit --dry-run), so the drawings are measured against them and the table, not against the page.
        var files: [String] = []
        for input in inputs {
            let root = directory.appendingPathComponent(input).path
            for case let relative as String in FileManager.default.enumerator(atPath: root) ?? FileManager.DirectoryEnumerator()
            where relative.hasSuffix(".png") || relative.hasSuffix(".jpg") {
                files.append(input + "/" + relative)
            }
        }
        let info = try CLIRunner.run(["info", "--json"] + files, in: directory)
        let sizes = try #require(try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [[String: Any]])
        var expected: [String: Any] = [:]
        expected["sizes"] = Dictionary(uniqueKeysWithValues: sizes.compactMap { entry -> (String, [Int])? in
            guard let path = entry["path"] as? String, let width = entry["width"] as? Int, let height = entry["height"] as? Int else { return nil }
            let turned = (entry["orientation"] as? Int ?? 1) >= 5
            return (path, turned ? [height, width] : [width, height])
        })
        let dryRun = try CLIRunner.run(["fit", "--dry-run"] + inputs, in: directory)
        var fitted: [String: [Int]] = [:]
        for line in dryRun.output.split(separator: "\n") {
            // "path: 300x300 -> 110x110 px (fits 135x110)"
            guard let arrow = line.range(of: " -> "), let colon = line[..<arrow.lowerBound].range(of: ": ", options: .backwards) else { continue }
            let size = line[arrow.upperBound...].prefix { $0 != " " }.split(separator: "x").compactMap { Int($0) }
            if size.count == 2 { fitted[String(line[..<colon.lowerBound])] = size }
        }
        #expect(!fitted.isEmpty || !data.output.contains("\"oversized\""), "\(dryRun.output)")
        expected["fitted"] = fitted
        let expectations = reports.path("expected.json")
        try JSONSerialization.data(withJSONObject: expected).write(to: URL(fileURLWithPath: expectations))
        let artifacts = Repository.root.appendingPathComponent(".build/artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: Self.python)
        browser.arguments = [Self.script, html, json, Repository.root.appendingPathComponent("presentation-sizes.json").path,
                             expectations, artifacts.appendingPathComponent(screenshot).path, String(maxHeight)]
        return try CLIRunner.outcome(of: browser)
    }

    @Test(.enabled(if: browserReason == nil, "\(browserReason ?? "")"))
    func theSamplesReportDrawsEveryImageAtItsTrueSize() throws {
        // A person reads it at a glance: at most 5,000 CSS px tall at 1400x900, as it opens.
        let outcome = try checkInBrowser(["samples"], in: Repository.root, screenshot: "html-report-samples.png", maxHeight: 5_000)
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
                // Opaque orange with a transparent left half, so that the screenshot shows each image and its mask.
                let row = (0..<Int(file.width)).flatMap { x in x < Int(file.width) / 2 ? [0, 0, 0, 0] : [240, 120, 40, 255] as [UInt8] }
                let pixels = (0..<Int(file.height)).flatMap { _ in row }
                try folder.write("App.xcassets/\(name).imageset/\(file.file)", ImageBytes.png(width: file.width, height: file.height, pixels: pixels))
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
        let outcome = try checkInBrowser(["App.xcassets"], in: folder.url, screenshot: "html-report-catalog.png", maxHeight: 5_000)
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.error)")
        #expect(outcome.output.hasPrefix("ok: "))
        // Where each is drawn: the iPhone's island, Lock Screen and StandBy, the iPad's Lock Screen and the
        // watch's Smart Stack (which shows the compact views: no small family is declared).
        #expect(outcome.output.contains("""
            drawn: compact-leading on dynamic-island, compact-leading on smart-stack, compact-trailing on dynamic-island, \
            compact-trailing on smart-stack, expanded on dynamic-island, lock-screen on lock-screen, lock-screen on standby, \
            minimal on dynamic-island, minimal on standby
            """), "\(outcome.output)")
    }

    @Test(.enabled(if: browserReason == nil, "\(browserReason ?? "")"))
    func aCatalogOf68LogosAllTooLargeStaysAPageAPersonScrolls() throws {
        let folder = try TemporaryDirectory()
        // 68 logos, one @3x file each.
        for number in 0..<68 {
            let name = "team-\(number)"
            let images = #"{"images": [{"idiom": "universal", "filename": "\#(name)@3x.png", "scale": "3x"}]}"#
            try folder.write("Logos.xcassets/\(name).imageset/Contents.json", Array(images.utf8))
            try folder.write("Logos.xcassets/\(name).imageset/\(name)@3x.png", ImageBytes.png(width: 300, height: 300))
        }
        try folder.write(".liveassets.json", Array(#"{"presentations": {"**/*.imageset": ["compact-leading", "minimal"]}}"#.utf8))
        // Every logo is over the compact and minimal limits on every device: every section is open.
        let outcome = try checkInBrowser(["Logos.xcassets"], in: folder.url, screenshot: "html-report-logos.png", maxHeight: 40_000)
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.error)")
        #expect(outcome.output.hasPrefix("ok: "))
    }

    @Test(.enabled(if: browserReason == nil, "\(browserReason ?? "")"))
    func aThousandImageAppOpensOnItsOverview() throws {
        // 995 of the 1,000 image files are in no Live Activity: listed, folded, below the overview's first row.
        let folder = try OneResultTests.thousandImages()
        let outcome = try checkInBrowser(["Widget"], in: folder.url, screenshot: "html-report-thousand.png", maxHeight: 40_000)
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.error)")
        #expect(outcome.output.hasPrefix("ok: "))
    }
}
