import Foundation
import LiveAssetsTestSupport
import Testing

/// The project decides what a Live Activity can load: hand-written Xcode projects and packages, each
/// checked from three entries (a catalog, the widget's folder, the root), which give the same verdicts
/// for the images they share.
@Suite struct ProjectScopeTests {
    /// Contents.json of a one-file image set at `scale`.
    static func imageSet(_ file: String, scale: String = "3x") -> [UInt8] {
        Array(#"{"images": [{"filename": "\#(file)", "idiom": "universal", "scale": "\#(scale)"}], "info": {"author": "xcode", "version": 1}}"#.utf8)
    }

    static let widgetCode = """
        import SwiftUI
        import WidgetKit
        struct ScoreLiveActivity: Widget {
            var body: some WidgetConfiguration {
                ActivityConfiguration(for: ScoreAttributes.self) { context in
                    Image("badge")
                } dynamicIsland: { context in
                    DynamicIsland {
                        DynamicIslandExpandedRegion(.leading) { Text("") }
                    } compactLeading: {
                        Image("logo")
                    } compactTrailing: {
                        Text("")
                    } minimal: {
                        Image("badge")
                    }
                }
            }
        }

        """

    /// Writes an image set `name` with one @3x file of `size` px in `catalog`.
    static func writeImage(_ name: String, size: UInt32, in catalog: String, folder: TemporaryDirectory) throws {
        try folder.write("\(catalog)/\(name).imageset/Contents.json", imageSet("\(name)@3x.png"))
        try folder.write("\(catalog)/\(name).imageset/\(name)@3x.png", ImageBytes.png(width: size, height: size))
    }

    /// Each image's verdict in a JSON report: "not checked", or its findings' rules and severities, keyed
    /// by the image set (or file) path relative to `root` (the report's paths are relative to where
    /// check ran, `root` + `entry`'s working directory).
    static func verdicts(_ json: String, prefix: String = "") throws -> [String: String] {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var verdicts: [String: [String]] = [:]
        func key(_ path: String) -> String {
            var path = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
            path = prefix + path
            if let range = path.range(of: ".imageset/") { return String(path[..<range.lowerBound]) + ".imageset" }
            return path
        }
        for case let finding as [String: Any] in report["findings"] as? [Any] ?? [] {
            let path = try #require(finding["path"] as? String)
            let rule = finding["rule"] as? String ?? "", severity = finding["severity"] as? String ?? ""
            guard rule != "missing-scale-variant" else { continue }  // the set's, not the image's
            verdicts[key(path), default: []].append("\(severity) \(rule)")
        }
        let summary = try #require(report["summary"] as? [String: Any])
        for path in summary["notInLiveActivity"] as? [String] ?? [] { verdicts[key(path)] = ["not checked"] }
        return verdicts.mapValues { $0.sorted().joined(separator: ", ") }
    }

    /// `check --format json` from `directory` on `input`, its verdicts keyed relative to the root.
    /// `check --format json` from `directory` on `input`: its exit status, verdicts keyed relative to the
    /// root, and its notes (one a line) after standard error.
    static func check(_ input: String, in root: URL, from directory: String = "", options: [String] = []) throws -> (status: Int32, verdicts: [String: String], error: String) {
        let outcome = try CLIRunner.run(["check", "--format", "json", "--devices", "iphone"] + options + [input],
                                        in: directory.isEmpty ? root : root.appendingPathComponent(directory))
        let report = try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any]
        let notes = ((report?["summary"] as? [String: Any])?["notes"] as? [String] ?? []).map { "note: " + $0 + "\n" }.joined()
        return (outcome.status, try verdicts(outcome.output, prefix: directory.isEmpty ? "" : directory + "/"), outcome.error + notes)
    }

    /// The verdicts from each entry agree on the images they share; returns the root's.
    static func sameFromEveryEntry(_ root: URL, entries: [String], sharedWith wholeEntry: String = ".") throws -> [String: String] {
        let whole = try check(wholeEntry, in: root).verdicts
        for entry in entries {
            let part = try check(entry, in: root).verdicts
            for (image, verdict) in part {
                #expect(whole[image] == verdict, "\(entry): \(image) is \(verdict) here, \(whole[image] ?? "absent") from \(wholeEntry)")
            }
        }
        return whole
    }

    // MARK: Xcode projects

    /// An app and a widget extension: the app's own catalog, a catalog both bundle, the widget's own,
    /// and the app's Preview Content, a development asset.
    static func appAndWidget() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("App/AppView.swift", Array(#"import SwiftUI\nstruct AppView: View { var body: some View { Image("avatar") } }\n"#.utf8))
        try writeImage("avatar", size: 900, in: "App/Assets.xcassets", folder: folder)
        try writeImage("photo", size: 3000, in: "App/Preview Content/Preview Assets.xcassets", folder: folder)
        try writeImage("logo", size: 300, in: "Shared/Shared.xcassets", folder: folder)
        try folder.write("Widget/ScoreLiveActivity.swift", Array(widgetCode.utf8))
        try writeImage("badge", size: 60, in: "Widget/Assets.xcassets", folder: folder)
        var project = XcodeProjectFixture()
        let app = project.group("App"), shared = project.group("Shared"), widget = project.group("Widget")
        let appView = project.file("AppView.swift", in: app), appAssets = project.file("Assets.xcassets", in: app)
        let preview = project.file("Preview Content/Preview Assets.xcassets", in: app)
        let sharedAssets = project.file("Shared.xcassets", in: shared)
        let activity = project.file("ScoreLiveActivity.swift", in: widget), widgetAssets = project.file("Assets.xcassets", in: widget)
        project.target("App", type: .application, sources: [appView], resources: [appAssets, preview, sharedAssets],
                       settings: ["DEVELOPMENT_ASSET_PATHS": #""\"App/Preview Content\"""#])
        project.target("ScoreWidget", type: .appExtension, sources: [activity], resources: [widgetAssets, sharedAssets])
        try project.write(named: "App", in: folder.url)
        return folder
    }

    @Test func aWidgetSharingTheAppsCatalogIsCheckedAndTheAppsOwnImagesAreNot() throws {
        let folder = try Self.appAndWidget()
        let whole = try Self.check(".", in: folder.url)
        #expect(whole.status == 2)
        #expect(whole.verdicts == [
            "App/Assets.xcassets/avatar.imageset": "not checked",
            "App/Preview Content/Preview Assets.xcassets/photo.imageset": "not checked",
            "Shared/Shared.xcassets/logo.imageset": "error oversized",
        ])
        #expect(whole.error.contains("note: 2 image files no Live Activity target loads were not checked (1 in the App target only: avatar; 1 development asset (DEVELOPMENT_ASSET_PATHS): photo).")
            || whole.error.contains("note: 2 image files no Live Activity target loads were not checked (1 development asset (DEVELOPMENT_ASSET_PATHS): photo; 1 in the App target only: avatar)."))
        // The widget's folder alone checks the images the widget loads, wherever they are.
        let widget = try Self.check("Widget", in: folder.url)
        #expect(widget.status == 2)
        #expect(widget.verdicts["Shared/Shared.xcassets/logo.imageset"] == "error oversized")
        _ = try Self.sameFromEveryEntry(folder.url, entries: ["Widget", "Widget/Assets.xcassets", "Shared/Shared.xcassets", "App/Assets.xcassets"])
    }

    @Test func aCatalogInTheAppTargetOnlyIsNotChecked() throws {
        let folder = try Self.appAndWidget()
        let catalog = try Self.check("App/Assets.xcassets", in: folder.url)
        #expect(catalog.status == 0)
        #expect(catalog.verdicts == ["App/Assets.xcassets/avatar.imageset": "not checked"])
        #expect(catalog.error.contains("1 in the App target only: avatar"))
        // --no-project: a plain folder again.
        let plain = try Self.check("App/Assets.xcassets", in: folder.url, options: ["--no-project"])
        #expect(plain.verdicts["App/Assets.xcassets/avatar.imageset"] == "error oversized")
    }

    @Test func previewContentIsADevelopmentAsset() throws {
        let folder = try Self.appAndWidget()
        let preview = try Self.check("App/Preview Content", in: folder.url)
        #expect(preview.status == 0)
        #expect(preview.verdicts == ["App/Preview Content/Preview Assets.xcassets/photo.imageset": "not checked"])
        #expect(preview.error.contains("1 development asset (DEVELOPMENT_ASSET_PATHS): photo"))
    }

    @Test func aSynchronizedFolderWithExceptionsBothWays() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Widget/ScoreLiveActivity.swift", Array(Self.widgetCode.utf8))
        try Self.writeImage("logo", size: 300, in: "Widget/Assets.xcassets", folder: folder)
        try Self.writeImage("badge", size: 60, in: "Widget/Assets.xcassets", folder: folder)
        // Excluded from the widget, which lists the folder: its images are not the widget's.
        try Self.writeImage("internal", size: 900, in: "Widget/Internal.xcassets", folder: folder)
        // The app lists its own folder, and takes one catalog of the widget's folder by an exception.
        try Self.writeImage("avatar", size: 900, in: "App/Assets.xcassets", folder: folder)
        try folder.write("App/AppView.swift", Array(#"struct AppView {}"#.utf8))
        var project = XcodeProjectFixture()
        let widgetFolder = project.synchronizedFolder("Widget"), appFolder = project.synchronizedFolder("App")
        let app = project.target("App", type: .application, folders: [appFolder])
        let widget = project.target("ScoreWidget", type: .appExtension, folders: [widgetFolder])
        project.exception(in: widgetFolder, target: widget, files: ["Internal.xcassets"])
        project.exception(in: widgetFolder, target: app, files: ["Internal.xcassets"])
        try project.write(named: "App", in: folder.url)
        let whole = try Self.sameFromEveryEntry(folder.url, entries: ["Widget", "Widget/Assets.xcassets", "Widget/Internal.xcassets"])
        #expect(whole == [
            "App/Assets.xcassets/avatar.imageset": "not checked",
            "Widget/Assets.xcassets/logo.imageset": "error oversized",
            "Widget/Internal.xcassets/internal.imageset": "not checked",
        ])
        let notes = try Self.check(".", in: folder.url).error
        #expect(notes.contains("2 in the App target only: avatar, internal") || notes.contains("2 in the App target only: internal, avatar"))
    }

    @Test func anEmbeddedFrameworksCatalogIsLoadedByTheWidgetThatLinksIt() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Widget/ScoreLiveActivity.swift", Array(Self.widgetCode.replacingOccurrences(of: #"Image("logo")"#, with: #"Image("logo", bundle: Bundle(identifier: "com.example.TeamKit"))"#).utf8))
        try Self.writeImage("badge", size: 60, in: "Widget/Assets.xcassets", folder: folder)
        try folder.write("TeamKit/Team.swift", Array("public struct Team {}\n".utf8))
        try Self.writeImage("logo", size: 300, in: "TeamKit/TeamKit.xcassets", folder: folder)
        try Self.writeImage("unused", size: 900, in: "Other/Other.xcassets", folder: folder)
        var project = XcodeProjectFixture()
        let widget = project.group("Widget"), kit = project.group("TeamKit"), other = project.group("Other")
        let activity = project.file("ScoreLiveActivity.swift", in: widget), widgetAssets = project.file("Assets.xcassets", in: widget)
        let team = project.file("Team.swift", in: kit), kitAssets = project.file("TeamKit.xcassets", in: kit)
        let otherAssets = project.file("Other.xcassets", in: other)
        let framework = project.target("TeamKit", type: .framework, sources: [team], resources: [kitAssets])
        project.target("OtherKit", type: .framework, resources: [otherAssets])
        project.target("ScoreWidget", type: .appExtension, sources: [activity], resources: [widgetAssets], frameworks: [project.product(of: framework)])
        try project.write(named: "App", in: folder.url)
        let whole = try Self.sameFromEveryEntry(folder.url, entries: ["Widget", "TeamKit/TeamKit.xcassets", "Other"])
        #expect(whole == ["TeamKit/TeamKit.xcassets/logo.imageset": "error oversized", "Other/Other.xcassets/unused.imageset": "not checked"])
    }

    @Test func aRemotePackageTheWidgetLinksIsNamedAsNotRead() throws {
        let folder = try Self.appAndWidget()
        // The widget's project again, linking a remote package.
        var project = XcodeProjectFixture()
        let widget = project.group("Widget"), shared = project.group("Shared")
        let activity = project.file("ScoreLiveActivity.swift", in: widget), widgetAssets = project.file("Assets.xcassets", in: widget)
        let sharedAssets = project.file("Shared.xcassets", in: shared)
        let remote = project.remotePackage("https://github.com/example/TeamLogos")
        project.target("ScoreWidget", type: .appExtension, sources: [activity], resources: [widgetAssets, sharedAssets],
                       products: [(remote, "TeamLogos")])
        try Data(project.text().utf8).write(to: folder.url.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        let whole = try Self.check(".", in: folder.url)
        #expect(whole.error.contains("note: The Live Activity of App.xcodeproj is built by the ScoreWidget target, which links code that is not in the repository and was not read (TeamLogos (https://github.com/example/TeamLogos))."))
    }

    @Test func aMalformedProjectIsSaidAndItsImagesMayBeShownAnywhere() throws {
        let folder = try Self.appAndWidget()
        try Data("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = { isa = PBXProject; \n".utf8)
            .write(to: folder.url.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        let whole = try Self.check(".", in: folder.url)
        #expect(whole.status == 0)
        #expect(whole.error.contains("App.xcodeproj/project.pbxproj could not be read (line 5: the file ends inside a dictionary); the images in its folder that no other project places may be shown in any presentation, and are checked in each, as warnings."))
        // Nothing is taken for "not in a Live Activity", nor held to the loose default bound, on the
        // strength of a project not read: each image may be shown anywhere, a warning at its tightest limit.
        #expect(whole.verdicts == [
            "App/Assets.xcassets/avatar.imageset": "warning oversized",
            "App/Preview Content/Preview Assets.xcassets/photo.imageset": "warning decoded-memory, warning oversized",
            "Shared/Shared.xcassets/logo.imageset": "warning oversized",
        ])
        #expect(try Self.check(".", in: folder.url, options: ["--strict"]).status == 3)
    }

    @Test func aPathTheProjectNamesOutsideTheRepositoryIsNotRead() throws {
        let folder = try TemporaryDirectory()
        try folder.write("elsewhere/Evil.swift", Array(#"let x = Image("badge")"#.utf8))
        try folder.write("repo/.git/HEAD", Array("ref: refs/heads/main\n".utf8))
        try folder.write("repo/Widget/ScoreLiveActivity.swift", Array(Self.widgetCode.utf8))
        try Self.writeImage("logo", size: 300, in: "repo/Widget/Assets.xcassets", folder: folder)
        var project = XcodeProjectFixture()
        let widget = project.group("Widget")
        let outside = project.file(folder.path("elsewhere/Evil.swift"), in: widget, sourceTree: "<absolute>")
        let stale = project.file("../../elsewhere/Stale.xcassets", in: widget)
        project.target("ScoreWidget", type: .appExtension, sources: [project.file("ScoreLiveActivity.swift", in: widget), outside],
                       resources: [project.file("Assets.xcassets", in: widget), stale])
        try project.write(named: "App", in: folder.url.appendingPathComponent("repo"))
        let outcome = try CLIRunner.run(["check", "--format", "json", "Widget"], in: folder.url.appendingPathComponent("repo"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        let notes = summary["notes"] as? [String] ?? []
        let real = URL(fileURLWithPath: folder.path("elsewhere")).resolvingSymlinksInPath().path
        #expect(notes.contains { $0.hasPrefix("App.xcodeproj names ") && $0.contains("elsewhere/Evil.swift") && $0.contains("elsewhere/Stale.xcassets")
            && $0.hasSuffix(", outside the repository, which were not read.") } || notes.contains { $0.contains(real) }, "\(notes)")
        #expect(summary["swiftBytesRead"] as? Int == Self.widgetCode.utf8.count)
    }

    @Test func twoProjectsInOneWorkspace() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Widget/ScoreLiveActivity.swift", Array(Self.widgetCode.utf8))
        try Self.writeImage("logo", size: 300, in: "Widget/Assets.xcassets", folder: folder)
        try Self.writeImage("avatar", size: 900, in: "App/Assets.xcassets", folder: folder)
        // Both projects in Projects/, their groups relative to it.
        var appProject = XcodeProjectFixture()
        let app = appProject.group("../App")
        appProject.target("App", type: .application, resources: [appProject.file("Assets.xcassets", in: app)])
        try appProject.write(named: "App", in: folder.url.appendingPathComponent("Projects"))
        var moved = XcodeProjectFixture()
        let movedWidget = moved.group("../Widget")
        moved.target("ScoreWidget", type: .appExtension, sources: [moved.file("ScoreLiveActivity.swift", in: movedWidget)],
                     resources: [moved.file("Assets.xcassets", in: movedWidget)])
        try moved.write(named: "Widgets", in: folder.url.appendingPathComponent("Projects"))
        try folder.write("All.xcworkspace/contents.xcworkspacedata", Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace
               version = "1.0">
               <FileRef
                  location = "group:Projects/App.xcodeproj">
               </FileRef>
               <FileRef
                  location = "group:Projects/Widgets.xcodeproj">
               </FileRef>
            </Workspace>

            """.utf8))
        let whole = try Self.sameFromEveryEntry(folder.url, entries: ["Widget", "App/Assets.xcassets"])
        #expect(whole == ["App/Assets.xcassets/avatar.imageset": "not checked", "Widget/Assets.xcassets/logo.imageset": "error oversized"])
    }

    // MARK: Packages

    @Test func aPackageWidgetLoadsItsOwnResourcesByModule() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Package.swift", Array("""
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Scores",
                products: [.library(name: "ScoreActivities", targets: ["ScoreActivities"])],
                targets: [
                    .target(name: "ScoreActivities", resources: [.process("Resources")]),
                    .target(name: "AppUI"),
                    .testTarget(name: "ScoreActivitiesTests", dependencies: ["ScoreActivities"]),
                ]
            )

            """.utf8))
        try folder.write("Sources/ScoreActivities/ScoreLiveActivity.swift",
                         Array(Self.widgetCode.replacingOccurrences(of: #"Image("logo")"#, with: #"Image("logo", bundle: .module)"#).utf8))
        try Self.writeImage("logo", size: 300, in: "Sources/ScoreActivities/Resources/Assets.xcassets", folder: folder)
        try Self.writeImage("badge", size: 60, in: "Sources/ScoreActivities/Resources/Assets.xcassets", folder: folder)
        try folder.write("Sources/AppUI/AppView.swift", Array("struct AppView {}\n".utf8))
        try Self.writeImage("avatar", size: 900, in: "Sources/AppUI/Media.xcassets", folder: folder)
        try Self.writeImage("fixture", size: 900, in: "Tests/ScoreActivitiesTests/Fixtures.xcassets", folder: folder)
        try Self.writeImage("design", size: 900, in: "Design/Mockups.xcassets", folder: folder)
        let whole = try Self.sameFromEveryEntry(folder.url, entries: ["Sources/ScoreActivities", "Sources/AppUI", "Tests"])
        #expect(whole == [
            "Sources/ScoreActivities/Resources/Assets.xcassets/logo.imageset": "error oversized",
            "Sources/AppUI/Media.xcassets/avatar.imageset": "not checked",
            "Tests/ScoreActivitiesTests/Fixtures.xcassets/fixture.imageset": "not checked",
            "Design/Mockups.xcassets/design.imageset": "not checked",
        ])
        // A folder no target touches stays a plain folder, checked as any.
        let design = try Self.check("Design", in: folder.url)
        #expect(design.verdicts["Design/Mockups.xcassets/design.imageset"] == "error oversized")
    }

    @Test func aPackageThatComputesItsTargetsIsSaidAndNothingIsLeftOut() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Package.swift", Array("""
            // swift-tools-version:5.9
            import PackageDescription
            let names = ["ScoreActivities", "Other"]
            let package = Package(name: "Scores", targets: names.map { .target(name: $0) })

            """.utf8))
        try folder.write("Sources/ScoreActivities/ScoreLiveActivity.swift", Array(Self.widgetCode.utf8))
        try Self.writeImage("logo", size: 300, in: "Sources/ScoreActivities/Assets.xcassets", folder: folder)
        try Self.writeImage("avatar", size: 900, in: "Sources/Other/Assets.xcassets", folder: folder)
        let whole = try Self.check(".", in: folder.url)
        #expect(whole.error.contains("Package.swift computes its targets (line 4), which LiveAssets reads only when written literally; the images it would place are checked as any folder's."))
        #expect(whole.verdicts == (try Self.check(".", in: folder.url, options: ["--no-project"]).verdicts))
    }

    @Test func aProjectWithNoLiveActivityHoldsNoneOfItsImagesToLiveActivityLimits() throws {
        let folder = try TemporaryDirectory()
        try Self.writeImage("avatar", size: 900, in: "App/Assets.xcassets", folder: folder)
        try Self.writeImage("photo", size: 3000, in: "App/Preview Content/Preview Assets.xcassets", folder: folder)
        try folder.write("App/AppView.swift", Array("struct AppView {}\n".utf8))
        var project = XcodeProjectFixture()
        let app = project.group("App")
        project.target("App", type: .application, sources: [project.file("AppView.swift", in: app)],
                       resources: [project.file("Assets.xcassets", in: app), project.file("Preview Content/Preview Assets.xcassets", in: app)])
        try project.write(named: "App", in: folder.url)
        let whole = try Self.check(".", in: folder.url)
        #expect(whole.status == 0)
        #expect(whole.error.contains("note: No Live Activity in App.xcodeproj: no Swift file of it declares an ActivityConfiguration"))
        #expect(whole.verdicts.values.allSatisfy { $0 == "not checked" } && whole.verdicts.count == 2)
        // Stated presentations check them.
        #expect(try Self.check(".", in: folder.url, options: ["--presentation", "lock-screen"]).status == 2)
    }
}
