import Foundation
import LiveAssetsProject
import LiveAssetsTestSupport
import Testing

/// `Package.swift` read without running it: the literal declarations, and what it computes said.
@Suite struct PackageManifestReaderTests {
    static func read(_ manifest: String, folders: [String] = []) throws -> (Project, String) {
        let folder = try TemporaryDirectory()
        for path in folders { try FileManager.default.createDirectory(atPath: folder.path(path), withIntermediateDirectories: true) }
        let file = try folder.write("Package.swift", Array(manifest.utf8))
        let root = URL(fileURLWithPath: folder.path("")).standardizedFileURL.path
        return (try PackageManifestReader.read(file), root)
    }

    @Test func readsTargetsWithTheirFoldersResourcesAndLinks() throws {
        let (package, root) = try Self.read("""
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Scores",
                products: [.library(name: "ScoreKit", targets: ["Activities", "Models"])],
                dependencies: [.package(path: "../Shared"), .package(url: "https://github.com/example/Logos.git", from: "1.0.0")],
                targets: [
                    .target(name: "Activities", dependencies: ["Models", .product(name: "SharedUI", package: "Shared"),
                                                               .product(name: "Logos", package: "Logos")],
                            exclude: ["Old"], resources: [.process("Media"), .copy("hero.png")]),
                    .target(name: "Models", path: "Code/Models"),
                    .executableTarget(name: "Tool"),
                    .testTarget(name: "ActivitiesTests", dependencies: ["Activities"]),
                    .binaryTarget(name: "Fast", path: "Fast.xcframework"),
                ]
            )
            """, folders: ["src/Tool"])
        #expect(package.isComplete && package.notes.isEmpty)
        #expect(package.targets.map(\.name) == ["Activities", "Models", "Tool", "ActivitiesTests", "Fast"])
        let activities = package.targets[0]
        #expect(activities.kind == .library)
        #expect(activities.folders == [ProjectTarget.Folder(path: root + "/Sources/Activities", excluded: ["Old"])])
        #expect(activities.resources == [root + "/Sources/Activities/Media", root + "/Sources/Activities/hero.png"])
        let shared = URL(fileURLWithPath: root).deletingLastPathComponent().appendingPathComponent("Shared").path
        #expect(activities.links == [.target("Models"), .product(package: shared, name: "SharedUI"),
                                     .outside("Logos (https://github.com/example/Logos.git)")])
        #expect(package.targets[1].folders.map(\.path) == [root + "/Code/Models"])
        #expect(package.targets[2].folders.map(\.path) == [root + "/src/Tool"])  // the first of Sources, Source, src, srcs that exists
        #expect(package.targets[3].kind == .test && package.targets[3].folders.map(\.path) == [root + "/Tests/ActivitiesTests"])
        #expect(package.targets[4].kind == .other && package.targets[4].folders.isEmpty)
        #expect(package.products["ScoreKit"] == ["Activities", "Models"])
        #expect(package.localPackages == [shared])
    }

    @Test func whatTheManifestComputesIsSaidAndTheReadingIsIncomplete() throws {
        let (mapped, _) = try Self.read("""
            let names = ["A", "B"]
            let package = Package(name: "P", targets: names.map { .target(name: $0) })
            """)
        #expect(!mapped.isComplete)
        #expect(mapped.notes.contains { $0.hasSuffix("Package.swift computes its targets (line 2), which LiveAssets reads only when written literally") })
        let (appended, _) = try Self.read("""
            let package = Package(name: "P", targets: [.target(name: "A")])
            package.targets.append(.target(name: "B"))
            """)
        #expect(!appended.isComplete && appended.targets.map(\.name) == ["A", "B"])  // read where written, and the reading said incomplete
        let (named, _) = try Self.read("""
            let name = "A"
            let package = Package(name: "P", targets: [.target(name: name, path: "X"), .target(name: "B", path: "Y" + "Z")])
            """)
        #expect(!named.isComplete)
        #expect(named.notes.count == 2)
    }

    @Test func aCommentOrAStringNamingATargetIsNotOne() throws {
        let (package, _) = try Self.read("""
            // .target(name: "Ghost")
            let text = ".target(name: \\"Ghost\\")"
            let package = Package(name: "P", targets: [.target(name: "Real")])
            """)
        #expect(package.targets.map(\.name) == ["Real"])
    }
}
