import Foundation
@testable import LiveAssetsProject
import LiveAssetsTestSupport
import Testing

/// `project.pbxproj` read as Xcode resolves it: paths through groups and source trees, the phases of
/// each target, synchronized folders and their exceptions, links, development assets.
@Suite struct XcodeProjectReaderTests {
    static func read(_ project: XcodeProjectFixture) throws -> (Project, String) {
        let folder = try TemporaryDirectory()
        try project.write(named: "App", in: folder.url)
        let root = URL(fileURLWithPath: folder.path("")).standardizedFileURL.path
        return (try XcodeProjectReader.read(folder.path("App.xcodeproj")), root)
    }

    @Test func pathsResolveThroughGroupsAndSourceTrees() throws {
        var project = XcodeProjectFixture()
        let app = project.group("App"), nested = project.group("Views/Shared", in: app), named = project.group(nil, name: "Only a name", in: app)
        let view = project.file("Card.swift", in: nested), inNamed = project.file("Named.swift", in: named)
        let rooted = project.file("Tools/Root.swift", in: nested, sourceTree: "SOURCE_ROOT")
        let absolute = project.file("/opt/Elsewhere.swift", in: nested, sourceTree: "<absolute>")
        let built = project.file("Generated.swift", in: nested, sourceTree: "BUILT_PRODUCTS_DIR")
        let sdk = project.file("System/Library/Frameworks/UIKit.framework", sourceTree: "SDKROOT")
        project.target("App", type: .application, sources: [view, inNamed, rooted, absolute, built], frameworks: [sdk])
        let (read, root) = try Self.read(project)
        let target = try #require(read.targets.first)
        #expect(target.kind == .application)
        #expect(target.sources == [root + "/App/Views/Shared/Card.swift", root + "/App/Named.swift", root + "/Tools/Root.swift", "/opt/Elsewhere.swift"])
        #expect(target.links.isEmpty)  // the SDK's framework is not a link to code of the repository
    }

    @Test func synchronizedFoldersAndTheirExceptionsBothWays() throws {
        var project = XcodeProjectFixture()
        let widgetFolder = project.synchronizedFolder("Widget")
        let app = project.target("App", type: .application)
        let widget = project.target("Widget", type: .appExtension, folders: [widgetFolder])
        project.exception(in: widgetFolder, target: widget, files: ["Info.plist", "Internal.xcassets", "/Localized: Resources/Foo.strings"])
        project.exception(in: widgetFolder, target: app, files: ["Internal.xcassets", "Shared.swift"])
        let (read, root) = try Self.read(project)
        let (appTarget, widgetTarget) = (read.targets[0], read.targets[1])
        #expect(widgetTarget.kind == .appExtension)
        #expect(widgetTarget.folders == [ProjectTarget.Folder(path: root + "/Widget", excluded: ["Info.plist", "Internal.xcassets", "Resources/Foo.strings"])])
        #expect(widgetTarget.bundles(root + "/Widget/Assets.xcassets/logo.imageset") && !widgetTarget.bundles(root + "/Widget/Internal.xcassets/x.imageset"))
        #expect(appTarget.resources == [root + "/Widget/Internal.xcassets"] && appTarget.sources == [root + "/Widget/Shared.swift"])
    }

    @Test func linksDevelopmentAssetsAndProducts() throws {
        var project = XcodeProjectFixture()
        let kit = project.target("TeamKit", type: .framework)
        let local = project.localPackage("Packages/Scores"), remote = project.remotePackage("https://github.com/example/Logos")
        project.target("Widget", type: .appExtension, products: [(local, "ScoreUI"), (remote, "Logos")], frameworks: [project.product(of: kit)],
                       settings: ["DEVELOPMENT_ASSET_PATHS": #""\"Widget/Preview Content\" Other\\ Assets $(SRCROOT)/Mocks""#])
        let (read, root) = try Self.read(project)
        let widget = read.targets[1]
        #expect(read.targets[0].kind == .library)
        #expect(widget.links == [.product(package: root + "/Packages/Scores", name: "ScoreUI"),
                                 .outside("Logos (https://github.com/example/Logos)"), .target("TeamKit")])
        #expect(widget.developmentAssets == [root + "/Widget/Preview Content", root + "/Other Assets", root + "/Mocks"])
        #expect(read.localPackages == [root + "/Packages/Scores"])
    }

    @Test func aProjectFileThatIsNotOneIsAnErrorNamingIt() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App.xcodeproj/project.pbxproj", Array("{ archiveVersion = 1; }".utf8))
        #expect(throws: ProjectError(file: folder.path("App.xcodeproj") + "/project.pbxproj", reason: "it has no objects or no root object")) {
            try XcodeProjectReader.read(folder.path("App.xcodeproj"))
        }
        #expect(throws: ProjectError.self) { try XcodeProjectReader.read(folder.path("Missing.xcodeproj")) }
    }

    @Test func workspacesListTheirProjectsByLocation() throws {
        let folder = try TemporaryDirectory()
        try folder.write("All.xcworkspace/contents.xcworkspacedata", Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:App/App.xcodeproj"></FileRef>
               <Group location = "group:Modules" name = "Modules">
                  <FileRef location = "group:Kit/Kit.xcodeproj"></FileRef>
                  <FileRef location = "container:Pods/Pods.xcodeproj"></FileRef>
               </Group>
               <FileRef location = "absolute:/opt/Shared &amp; Co/Shared.xcodeproj"></FileRef>
               <FileRef location = "self:"></FileRef>
            </Workspace>
            """.utf8))
        let root = URL(fileURLWithPath: folder.path("")).standardizedFileURL.path
        #expect(try XcodeWorkspaceReader.references(folder.path("All.xcworkspace"))
            == [root + "/App/App.xcodeproj", root + "/Modules/Kit/Kit.xcodeproj", root + "/Pods/Pods.xcodeproj", "/opt/Shared & Co/Shared.xcodeproj"])
    }
}
