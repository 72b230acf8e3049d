import Foundation
import LiveAssetsRun
import LiveAssetsTestSupport
import Testing

/// An image the Live Activity shares with the app is drawn by the app at its own sizes: `fit` leaves the
/// ones the app's code names (or may name, or that code it could not read may name), says so with what
/// to do, and fits the others; `--app-images` fits them all.
@Suite struct FitAppImagesTests {
    /// The widget's code: the logo in compact leading, the badge on the Lock Screen and in minimal.
    static let widgetCode = ProjectScopeTests.widgetCode

    /// An app and a widget extension that both bundle `Shared/Shared.xcassets`, whose `logo` and `badge`
    /// (300x300 @3x each) the widget shows; the app compiles `appCode` (and `Legacy.m` when `objectiveC`)
    /// and holds `appFiles` (paths under `App/`: Swift compiled, others bundled); both compile
    /// `bothCompile` (paths under `Shared/`).
    static func project(appCode: String, objectiveC: Bool = false, appFiles: [String: String] = [:],
                        bothCompile: [String: String] = [:]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("App/AppView.swift", Array(appCode.utf8))
        if objectiveC { try folder.write("App/Legacy.m", Array("@import UIKit;\n".utf8)) }
        try folder.write("Widget/ScoreLiveActivity.swift", Array(widgetCode.utf8))
        for (path, text) in appFiles.merging(bothCompile, uniquingKeysWith: { $1 }) { try folder.write(path, Array(text.utf8)) }
        for name in ["logo", "badge"] {
            try folder.write("Shared/Shared.xcassets/\(name).imageset/Contents.json", XcodeContents.imageSet([(nil, 1), (nil, 2), ("\(name)@3x.png", 3)]))
            try folder.write("Shared/Shared.xcassets/\(name).imageset/\(name)@3x.png", ImageBytes.png(width: 300, height: 300))
        }
        var project = XcodeProjectFixture()
        let app = project.group("App"), shared = project.group("Shared"), widget = project.group("Widget")
        let appView = project.file("AppView.swift", in: app), legacy = project.file("Legacy.m", in: app)
        let assets = project.file("Shared.xcassets", in: shared)
        let activity = project.file("ScoreLiveActivity.swift", in: widget)
        let extra = appFiles.keys.sorted().map { (path: $0, file: project.file(String($0.dropFirst("App/".count)), in: app)) }
        let both = bothCompile.keys.sorted().map { project.file(String($0.dropFirst("Shared/".count)), in: shared) }
        project.target("App", type: .application,
                       sources: [appView] + (objectiveC ? [legacy] : []) + extra.filter { $0.path.hasSuffix(".swift") }.map(\.file) + both,
                       resources: [assets] + extra.filter { !$0.path.hasSuffix(".swift") }.map(\.file))
        project.target("ScoreWidget", type: .appExtension, sources: [activity] + both, resources: [assets])
        try project.write(named: "App", in: folder.url)
        return folder
    }

    /// The size of each image's @3x file.
    static func sizes(_ folder: TemporaryDirectory) throws -> [String: String] {
        var sizes: [String: String] = [:]
        for name in ["logo", "badge"] {
            let info = try ImageProbe.probe(path: folder.path("Shared/Shared.xcassets/\(name).imageset/\(name)@3x.png"))
            sizes[name] = "\(info.width)x\(info.height)"
        }
        return sizes
    }

    static let options = ["--devices", "iphone"]

    static func expectSizes(_ folder: TemporaryDirectory, _ expected: [String: String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let sizes = try sizes(folder)
        #expect(sizes == expected, sourceLocation: sourceLocation)
    }

    @Test func anImageTheAppNamesIsLeftAndSaidAndTheOthersAreFitted() throws {
        let folder = try Self.project(appCode: "import SwiftUI\nstruct AppView: View {\n    var body: some View { Image(\"logo\").frame(width: 80) }\n}\n")
        let dry = try CLIRunner.run(["fit", "--dry-run"] + Self.options + ["."], in: folder.url)
        #expect(dry.status == 0, "\(dry.error)")
        #expect(dry.error.contains("Shared/Shared.xcassets/logo.imageset/Contents.json: would be left as it is: the App target shows it too (`Image(\"logo\")`, AppView.swift:3), and fitting it would shrink it there; give the Live Activity an image set of its own, or pass --app-images to fit it anyway.\n"), "\(dry.error)")
        #expect(!dry.output.contains("logo@3x.png"), "\(dry.output)")
        #expect(dry.output.contains("Shared/Shared.xcassets/badge.imageset/badge@3x.png: 300x300 -> "), "\(dry.output)")

        // The report says what fit does: the logo left, and why; the badge fitted.
        let html = try CLIRunner.run(["check", "--format", "html"] + Self.options + ["."], in: folder.url)
        #expect(html.output.contains("; <code>fit</code> leaves it: the App target shows it too (`Image(&quot;logo&quot;)`, AppView.swift:3), and fitting it would shrink it there; give the Live Activity an image set of its own, or pass --app-images to fit it anyway</span>"), "\(html.output)")
        #expect(html.output.contains("<code>fit</code> leaves it: the App target shows it too</td>"))
        #expect(html.output.contains("<code>fit</code> would write 110x110 px"))

        let fit = try CLIRunner.run(["fit", "--in-place"] + Self.options + ["."], in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        #expect(fit.error.contains("Shared/Shared.xcassets/logo.imageset/Contents.json: left as it is: the App target shows it too"), "\(fit.error)")
        try Self.expectSizes(folder, ["logo": "300x300", "badge": "110x110"])
        #expect(!FileManager.default.fileExists(atPath: folder.path("Shared/Shared.xcassets/logo.imageset/logo@2x.png")))

        let all = try CLIRunner.run(["fit", "--in-place", "--app-images"] + Self.options + ["."], in: folder.url)
        #expect(all.status == 0, "\(all.error)")
        #expect(!all.error.contains("left as it is"), "\(all.error)")
        try Self.expectSizes(folder, ["logo": "110x110", "badge": "110x110"])
    }

    @Test func aNameTheAppComputesLeavesEveryImageItMayBe() throws {
        let code = "import UIKit\nfunc icon(_ name: String) -> UIImage? {\n    UIImage(named: name)\n}\n"
        let folder = try Self.project(appCode: code)
        let fit = try CLIRunner.run(["fit", "--in-place"] + Self.options + ["."], in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        for name in ["badge", "logo"] {
            #expect(fit.error.contains("Shared/Shared.xcassets/\(name).imageset/Contents.json: left as it is: the App target may show it too: `UIImage(named: name)` (AppView.swift:3) computes a name that may be it, and fitting it would shrink it there;"), "\(fit.error)")
        }
        try Self.expectSizes(folder, ["logo": "300x300", "badge": "300x300"])
    }

    @Test func objectiveCTheAppCompilesLeavesEveryImageItShares() throws {
        let folder = try Self.project(appCode: "import SwiftUI\n", objectiveC: true)
        let fit = try CLIRunner.run(["fit", "--in-place"] + Self.options + ["."], in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        #expect(fit.error.contains("Shared/Shared.xcassets/logo.imageset/Contents.json: left as it is: the App target may show it too: its code was not all read (App/Legacy.m is Objective-C, which LiveAssets does not read), and fitting it would shrink it there;"), "\(fit.error)")
        try Self.expectSizes(folder, ["logo": "300x300", "badge": "300x300"])
    }

    @Test func theAppEmbeddingTheWidgetDoesNotMakeTheWidgetsOwnImagesTheApps() throws {
        // The app links the extension it embeds, and computes names the reader cannot narrow; a file both
        // compile names the badge in a view of the app's. Still, only what the app bundles can it show:
        // the widget's own catalog is fitted.
        let folder = try TemporaryDirectory()
        try folder.write("App/AppView.swift", Array("import UIKit\nfunc icon(_ name: String) -> UIImage? { UIImage(named: name) }\n".utf8))
        try folder.write("Widget/ScoreLiveActivity.swift", Array(Self.widgetCode.utf8))
        try folder.write("Widget/Shared.swift", Array("import SwiftUI\nstruct Banner: View { var body: some View { Image(\"badge\") } }\n".utf8))
        for name in ["logo", "badge"] {
            try folder.write("Widget/Widget.xcassets/\(name).imageset/Contents.json", XcodeContents.imageSet([(nil, 1), (nil, 2), ("\(name)@3x.png", 3)]))
            try folder.write("Widget/Widget.xcassets/\(name).imageset/\(name)@3x.png", ImageBytes.png(width: 300, height: 300))
        }
        var project = XcodeProjectFixture()
        let app = project.group("App"), widget = project.group("Widget")
        let appView = project.file("AppView.swift", in: app)
        let activity = project.file("ScoreLiveActivity.swift", in: widget), shared = project.file("Shared.swift", in: widget)
        let assets = project.file("Widget.xcassets", in: widget)
        let extensionTarget = project.target("ScoreWidget", type: .appExtension, sources: [activity, shared], resources: [assets])
        project.target("App", type: .application, sources: [appView, shared], frameworks: [project.product(of: extensionTarget)])
        try project.write(named: "App", in: folder.url)
        let fit = try CLIRunner.run(["fit", "--dry-run"] + Self.options + ["."], in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        #expect(!fit.error.contains("left as it is"), "\(fit.error)")
        #expect(fit.output.contains("logo@3x.png: 300x300 -> 110x110 px") && fit.output.contains("badge@3x.png: 300x300 -> 110x110 px"), "\(fit.output)")
    }

    @Test func aViewTheAppAndTheWidgetBothCompileIsTheAppsOutsideTheLiveActivitysViews() throws {
        // Shared.swift, compiled by both, holds an app view naming the logo, beside nothing of the Live Activity.
        let banner = "import SwiftUI\nstruct Banner: View { var body: some View { Image(\"logo\").frame(width: 200) } }\n"
        let folder = try Self.project(appCode: "import SwiftUI\n", bothCompile: ["Shared/Shared.swift": banner])
        let fit = try CLIRunner.run(["fit", "--dry-run"] + Self.options + ["."], in: folder.url)
        #expect(fit.error.contains("Shared/Shared.xcassets/logo.imageset/Contents.json: would be left as it is: the App target shows it too (`Image(\"logo\")`, Shared.swift:2)"), "\(fit.error)")
        #expect(fit.output.contains("badge@3x.png: 300x300 -> 110x110 px"), "\(fit.output)")
    }

    @Test func aStoryboardOrAStringTheAppHoldsLeavesItsImage() throws {
        // The launch screen names the logo; the app's own row type is given the badge's name.
        let launch = "<document>\n  <imageView image=\"logo\" id=\"x\"/>\n</document>\n"
        let folder = try Self.project(appCode: "struct Row { let icon: String }\nlet rows = [Row(icon: \"badge\")]\n",
                                      appFiles: ["App/LaunchScreen.storyboard": launch])
        let fit = try CLIRunner.run(["fit", "--dry-run"] + Self.options + ["."], in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        #expect(fit.error.contains("Shared/Shared.xcassets/logo.imageset/Contents.json: would be left as it is: the App target shows it too (`image=\"logo\"`, LaunchScreen.storyboard:2)"), "\(fit.error)")
        #expect(fit.error.contains("Shared/Shared.xcassets/badge.imageset/Contents.json: would be left as it is: the App target may show it too: its code names it (`\"badge\"`, AppView.swift:2) outside an image call the reader follows"), "\(fit.error)")
    }

    @Test func imagesTheAppDoesNotNameAreFittedAsBefore() throws {
        let folder = try Self.project(appCode: "import SwiftUI\nstruct AppView: View {\n    var body: some View { Image(\"avatar\") }\n}\n")
        let fit = try CLIRunner.run(["fit", "--in-place"] + Self.options + ["."], in: folder.url)
        #expect(fit.status == 0, "\(fit.error)")
        #expect(!fit.error.contains("left as it is"), "\(fit.error)")
        try Self.expectSizes(folder, ["logo": "110x110", "badge": "110x110"])
    }
}
