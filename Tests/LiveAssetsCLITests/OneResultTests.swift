import Foundation
import LiveAssetsRun
import LiveAssetsTestSupport
import Testing

/// One run, one result: every format, the HTML report and `fit` say what `check` decided, with the same
/// names, counts and exit codes.
@Suite struct OneResultTests {
    /// A widget whose code shows 5 of 1,000 image sets (one file each) in the Lock Screen: 995 image
    /// files are in no Live Activity. shown-0 is too large there.
    static func thousandImages() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let shown = (0..<5).map { "Image(\"shown-\($0)\")" }.joined(separator: "; ")
        try folder.write("Widget/Activity.swift", Array("""
            ActivityConfiguration(for: A.self) { context in VStack { \(shown) } } dynamicIsland: { context in DynamicIsland { } }
            """.utf8))
        let small = ImageBytes.png(width: 30, height: 30)
        for number in 0..<1000 {
            let name = number < 5 ? "shown-\(number)" : "app-\(number)"
            try folder.write("Widget/Assets.xcassets/\(name).imageset/Contents.json", XcodeContents.imageSet([("\(name)@3x.png", 3)]))
            try folder.write("Widget/Assets.xcassets/\(name).imageset/\(name)@3x.png", number == 0 ? ImageBytes.png(width: 2000, height: 2000) : small)
        }
        return folder
    }

    @Test func everyOutputCountsTheImagesNotInALiveActivityAlike() throws {
        let folder = try Self.thousandImages()
        let text = try CLIRunner.run(["check", "Widget"], in: folder.url)
        #expect(text.status == 2)
        #expect(text.error.contains("liveassets: 1 error, 5 warnings in 5 image files (995 more not in a Live Activity, not checked)\n"), "\(text.error)")
        #expect(text.error.contains("995 image files no Live Activity view shows (app-10, app-100, app-101, ...) were not checked"), "\(text.error)")
        let json = try CLIRunner.run(["check", "--format", "json", "Widget"], in: folder.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect((summary["notInLiveActivity"] as? [String])?.count == 995)
        #expect(summary["files"] as? Int == 1000)  // every image file read
        #expect(summary["checked"] as? Int == 5)  // the summary line's "in 5 image files"
        #expect((summary["notes"] as? [String] ?? []).contains { $0.hasPrefix("995 image files no Live Activity view shows") })
        let junit = try CLIRunner.run(["check", "--format", "junit", "Widget"], in: folder.url)
        #expect(junit.output.components(separatedBy: "<skipped").count - 1 == 995)
        let github = try CLIRunner.run(["check", "--format", "github", "Widget"], in: folder.url)
        #expect(github.error.contains("(995 more not in a Live Activity, not checked)"))
        let fit = try CLIRunner.run(["fit", "--dry-run", "Widget"], in: folder.url)
        #expect(fit.error.hasSuffix("; 995 image files not in a Live Activity left as they are\n"), "\(fit.error)")
        let html = try CLIRunner.run(["check", "--format", "html", "Widget"], in: folder.url)
        #expect(html.output.contains("<dt>Not in a Live Activity</dt><dd><details><summary>995 image files not checked</summary>"))
        #expect(html.output.contains("<dt>Images</dt><dd>5 image files checked, 5 drawn</dd>"))
        // The overview comes first: before it, no list of 995 paths in sight.
        let overview = try #require(html.output.range(of: "<table data-overview>"))
        let before = html.output[..<overview.lowerBound]
        #expect(before.components(separatedBy: "<details>").count - 1 == before.components(separatedBy: "</details>").count - 1)
        #expect(!before.replacingOccurrences(of: "<details><summary>", with: "\u{1}").split(separator: "\u{1}").dropFirst()
            .contains { !$0.contains("</summary>") })
    }

    @Test func aDeviceIsCalledAsTheUserSelectedItInEveryFormat() throws {
        // iPhone 15 is in the class whose first model is iPhone 14 Pro.
        let folder = try TemporaryDirectory()
        try folder.write("art/wide.png", ImageBytes.png(width: 5000, height: 100))
        let options = ["--devices", "iPhone 15", "--presentation", "lock-screen", "art"]
        for format in ["xcode", "json", "sarif", "junit", "github"] {
            let outcome = try CLIRunner.run(["check", "--format", format] + options, in: folder.url)
            #expect(outcome.output.contains("iPhone 15"), "\(format)")
            #expect(!outcome.output.contains("iPhone 14 Pro"), "\(format)")
        }
        let html = try CLIRunner.run(["check", "--format", "html"] + options, in: folder.url).output
        #expect(html.contains("px limit on iPhone 15; <code>fit</code>"))  // the overview
        #expect(html.contains("<option value=\"iphone-393x852\">iPhone 15 and "))  // the device filter
        #expect(html.contains("&quot;iphone-393x852&quot;:[&quot;iPhone 15&quot;,"))  // the captions' names, first
        #expect(!html.contains("on iPhone 14 Pro"))
    }

    @Test func displayP3AndLocaleEntriesAreDrawnAndCountedInTheOverview() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App.xcassets/Logo.imageset/Contents.json", XcodeContents.imageSet(entries: [
            .init("logo@3x.png", scale: 3), .init("logo-p3@3x.png", scale: 3, traits: ["display-gamut": "display-P3"]),
            .init("logo-fr@3x.png", scale: 3, traits: ["locale": "fr"]),
        ], localizable: true))
        try folder.write("App.xcassets/Logo.imageset/logo@3x.png", ImageBytes.png(width: 90, height: 90))
        try folder.write("App.xcassets/Logo.imageset/logo-p3@3x.png", ImageBytes.png(width: 900, height: 900))
        try folder.write("App.xcassets/Logo.imageset/logo-fr@3x.png", ImageBytes.png(width: 600, height: 600))
        let options = ["--devices", "iPhone 15", "--presentation", "minimal", "App.xcassets"]
        let check = try CLIRunner.run(["check"] + options, in: folder.url)
        #expect(check.output.contains("logo-p3@3x.png (900x900 px, @3x) is too large for minimal"))
        #expect(check.output.contains("logo-fr@3x.png (600x600 px, @3x) is too large for minimal"))
        let html = try CLIRunner.run(["check", "--format", "html"] + options, in: folder.url).output
        #expect(html.contains("<dt>Images</dt><dd>3 image files checked, 3 drawn</dd>"))
        for file in ["logo@3x.png", "logo-p3@3x.png", "logo-fr@3x.png"] {
            #expect(html.contains("<tr data-image=\"App.xcassets/Logo.imageset/\(file)\""), "\(file)")
            #expect(html.contains("<section class=\"image\" id=\"img-") && html.contains("data-image=\"App.xcassets/Logo.imageset/\(file)\" data-severities"), "\(file)")
        }
        #expect(!html.contains("<dt>Not drawn</dt>"))
    }

    @Test func fitDryRunSaysWhatFitDoesOfAHEICAPNGAndAJPEG() throws {
        let folder = try TemporaryDirectory()
        // A HEIC banner (no codec here decodes it) with an empty @2x slot, a PNG logo whose Contents.json is
        // valid but not in Xcode's layout (fit will not edit it), and a loose JPEG photo.
        try folder.write("App.xcassets/Banner.imageset/Contents.json", XcodeContents.imageSet([(nil, 2), ("banner@3x.heic", 3)]))
        try folder.write("App.xcassets/Banner.imageset/banner@3x.heic", ImageBytes.heif(width: 1800, height: 1800))
        try folder.write("App.xcassets/Logo.imageset/Contents.json", Array(#"{"images": [{"idiom": "universal", "scale": "2x"}, {"filename": "logo@3x.png", "idiom": "universal", "scale": "3x"}], "info": {"author": "xcode", "version": 1}}"#.utf8))
        try folder.write("App.xcassets/Logo.imageset/logo@3x.png", ImageBytes.png(width: 1800, height: 1800))
        let photo = try ImageEncoders.JPEG(quality: 80).encode(PixelBuffer.pattern(width: 1600, height: 1600, layout: .rgb))
        try folder.write("art/photo.jpg", [UInt8](photo))
        let options = ["--presentation", "lock-screen", "App.xcassets", "art"]
        let dry = try CLIRunner.run(["fit", "--dry-run"] + options, in: folder.url)
        let out = try CLIRunner.run(["fit", "--out", "fitted"] + options, in: folder.url)
        #expect(dry.status == 1 && out.status == 1)
        func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }
        // The same problems, each once, in both.
        let problems = lines(dry.error).filter { $0.hasPrefix("Error: ") }
        #expect(problems == lines(out.error).filter { $0.hasPrefix("Error: ") })
        #expect(problems.count == 2)
        #expect(problems.contains("Error: App.xcassets/Banner.imageset/banner@3x.heic is a HEIF/HEIC file, which LiveAssets measures but cannot decode, so it cannot fit it; export it as JPEG or PNG to fit it."))
        #expect(problems.contains { $0.hasPrefix("Error: App.xcassets/Logo.imageset/Contents.json could not be written (it is not laid out as Xcode writes it") })
        // The same counts: the summary differs only by its verbs and the bytes written.
        let said = try #require(lines(dry.error).last), done = try #require(lines(out.error).last)
        #expect(said.hasPrefix("2 would be fitted, 0 already fitting, 2 failed"), "\(said)")
        #expect(done.hasPrefix("2 fitted, 0 already fitting, 2 failed"), "\(done)")
        #expect(!said.contains("variant") && !done.contains("variant"))
        // The same lines, but for the bytes written and where.
        func withoutBytes(_ line: String) -> String {
            line.replacingOccurrences(of: #", [0-9,]+ -> [0-9,]+ bytes( in [^;]+)?"#, with: "", options: .regularExpression)
        }
        #expect(lines(dry.output).map(withoutBytes) == lines(out.output).map(withoutBytes))
        #expect(lines(dry.output).count == 2)
        // The report says what fit does of the HEIC: it leaves it, for the reason fit gives, and adds no variant from it.
        let html = try CLIRunner.run(["check", "--format", "html"] + options, in: folder.url).output
        let section = try #require(html.components(separatedBy: "<section class=\"image\"").dropFirst().first { $0.contains("data-image=\"App.xcassets/Banner.imageset/banner@3x.heic\"") })
        #expect(section.contains("; <code>fit</code> leaves it: App.xcassets/Banner.imageset/banner@3x.heic is a HEIF/HEIC file, which LiveAssets measures but cannot decode, so it cannot fit it; export it as JPEG or PNG to fit it.</span>"), "\(section.prefix(800))")
        #expect(!section.contains("variant") && !section.contains("data-added"))
        #expect(html.contains("; <code>fit</code> cannot decode it here"))
    }

    @Test func whetherTheAppDeclaresTheSmallFamilyIsDecidedOnceByItsConfigurationAndItsCode() throws {
        // The configuration says nothing of the small family; the widget's code declares it, so the watch
        // shows the small view, not the compact ones: compact leading on the watch alone shows nothing.
        let folder = try TemporaryDirectory()
        try folder.write("Widget/Assets.xcassets/crest.imageset/Contents.json", XcodeContents.imageSet([("crest@2x.png", 2)]))
        try folder.write("Widget/Assets.xcassets/crest.imageset/crest@2x.png", ImageBytes.png(width: 600, height: 600))
        let plain = """
            ActivityConfiguration(for: A.self) { context in Image("crest") } dynamicIsland: { context in DynamicIsland { } }
            """
        try folder.write("Widget/Activity.swift", Array((plain + "\n    .supplementalActivityFamilies([.small])").utf8))
        let options = ["check", "--presentation", "compact-leading", "--devices", "watch", "Widget"]
        let declared = try CLIRunner.run(options, in: folder.url)
        #expect(declared.status == 64, "\(declared.error)")
        #expect(declared.error.hasPrefix("Error: None of the 8 selected device classes shows compact-leading (the widget's `.supplementalActivityFamilies([.small])` says the app shows its small view there instead of the compact ones)"), "\(declared.error)")
        // Without the declaration the watch's Smart Stack shows the compact views: the image is checked there.
        try folder.write("Widget/Activity.swift", Array(plain.utf8))
        let undeclared = try CLIRunner.run(options, in: folder.url)
        #expect(undeclared.status == 2, "\(undeclared.error)")
        #expect(undeclared.output.contains("crest@2x.png (600x600 px, @2x) is too large for compact leading"), "\(undeclared.output)")
    }

    @Test func anImageSetWhoseContentsFitCannotEditIsRefusedOnceForAllItsVariants() throws {
        // A light and a dark @3x, each missing its @2x, in a Contents.json on one line: two variants fit
        // would add, one Contents.json it will not edit, said once in the dry run and in the run.
        let folder = try TemporaryDirectory()
        let contents = #"{"images": [{"filename": "logo@3x.png", "idiom": "universal", "scale": "3x"}, "#
            + #"{"appearances": [{"appearance": "luminosity", "value": "dark"}], "filename": "logo-dark@3x.png", "idiom": "universal", "scale": "3x"}], "#
            + #""info": {"author": "xcode", "version": 1}}"#
        try folder.write("App.xcassets/Logo.imageset/Contents.json", Array(contents.utf8))
        try folder.write("App.xcassets/Logo.imageset/logo@3x.png", ImageBytes.png(width: 300, height: 120))
        try folder.write("App.xcassets/Logo.imageset/logo-dark@3x.png", ImageBytes.png(width: 300, height: 120))
        for mode in [["--dry-run"], ["--out", "fitted"]] {
            let fit = try CLIRunner.run(["fit"] + mode + ["--presentation", "lock-screen", "--devices", "iphone", "App.xcassets"], in: folder.url)
            #expect(fit.status == 1, "\(mode)")
            let problems = fit.error.split(separator: "\n").filter { $0.hasPrefix("Error: ") }
            #expect(problems == ["Error: App.xcassets/Logo.imageset/Contents.json could not be written (it is not laid out as Xcode writes it, so it was left for a person to edit); the original is untouched."], "\(mode): \(fit.error)")
            let verb = mode == ["--dry-run"] ? "would be fitted" : "fitted"
            #expect(fit.error.hasSuffix("0 \(verb), 2 already fitting, 1 failed\n"), "\(mode): \(fit.error)")
        }
    }
}
