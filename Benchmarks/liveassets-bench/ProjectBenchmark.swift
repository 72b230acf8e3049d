import Foundation
import LiveAssetsRun
import LiveAssetsProject

/// Reading an Xcode project: a synthetic `project.pbxproj` of a large app (5 MB by default: thousands of
/// files in nested groups, every one in a target's Sources or Resources phase), parsed and resolved
/// as `check` reads one. And, with `--tree`, a whole project to time `check` on: an app and a widget
/// extension, `swift` files and image sets split between them.
enum ProjectBenchmark {
    /// Writes `App.xcodeproj` in `directory`, about `megabytes` MB, with `files` per group.
    static func writeProject(in directory: String, megabytes: Int) throws -> Int {
        var project = XcodeProjectFixtureWriter()
        var files = 0
        let target = project.target("App", isExtension: false)
        let widget = project.target("Widget", isExtension: true)
        var group = 0
        while project.bytes < megabytes * 1_000_000 {
            let folder = project.group("Group\(group)")
            for index in 0..<50 {
                project.addFile("File\(group)_\(index).swift", in: folder, to: index.isMultiple(of: 7) ? widget : target, resource: false)
                project.addFile("Assets\(group)_\(index).xcassets", in: folder, to: target, resource: true)
                files += 2
            }
            group += 1
        }
        try project.write(to: directory + "/App.xcodeproj")
        return files
    }

    static func run(directory: String, megabytes: Int, rounds: Int) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let files = try writeProject(in: directory, megabytes: megabytes)
        let size = try FileManager.default.attributesOfItem(atPath: directory + "/App.xcodeproj/project.pbxproj")[.size] as? Int ?? 0
        var targets = 0
        let median = try FitBenchmark.median(rounds) { targets = try XcodeProjectReader.read(directory + "/App.xcodeproj").targets.count }
        print(String(format: "project: %.1f MB project.pbxproj, %d files, %d targets", Double(size) / 1e6, files, targets))
        print(String(format: "  read and resolved in %.1f ms (median of %d, one thread)", median, rounds))
    }
}

/// A minimal pbxproj writer for the benchmark (the test suite has a fuller one).
struct XcodeProjectFixtureWriter {
    private var lines: [String] = []
    private var counter = 0
    private var mainChildren: [String] = []
    private var groups: [(id: String, path: String, children: [String])] = []
    private var targets: [(id: String, name: String, isExtension: Bool, sources: [String], resources: [String])] = []
    private(set) var bytes = 0

    private mutating func id() -> String {
        counter += 1
        return String(format: "B0B0B0B0%016X", counter)
    }

    private mutating func object(_ id: String, _ body: String) {
        let line = "\t\t\(id) = {\(body)};"
        bytes += line.utf8.count + 1
        lines.append(line)
    }

    mutating func target(_ name: String, isExtension: Bool) -> Int {
        targets.append((id(), name, isExtension, [], []))
        return targets.count - 1
    }

    mutating func group(_ path: String) -> Int {
        let group = id()
        mainChildren.append(group)
        groups.append((group, path, []))
        bytes += 80
        return groups.count - 1
    }

    mutating func addFile(_ name: String, in group: Int, to target: Int, resource: Bool) {
        let file = id(), build = id()
        object(file, "isa = PBXFileReference; lastKnownFileType = \(resource ? "folder.assetcatalog" : "sourcecode.swift"); path = \"\(name)\"; sourceTree = \"<group>\"; ")
        object(build, "isa = PBXBuildFile; fileRef = \(file) /* \(name) */; ")
        groups[group].children.append(file)
        bytes += file.utf8.count + 2
        if resource { targets[target].resources.append(build) } else { targets[target].sources.append(build) }
    }

    mutating func write(to bundle: String) throws {
        let main = id(), project = id()
        for group in groups {
            object(group.id, "isa = PBXGroup; children = (\(group.children.joined(separator: ", "))); path = \(group.path); sourceTree = \"<group>\"; ")
        }
        object(main, "isa = PBXGroup; children = (\(mainChildren.joined(separator: ", "))); sourceTree = \"<group>\"; ")
        var targetIDs: [String] = []
        for target in targets {
            let sources = id(), resources = id()
            object(sources, "isa = PBXSourcesBuildPhase; files = (\(target.sources.joined(separator: ", "))); ")
            object(resources, "isa = PBXResourcesBuildPhase; files = (\(target.resources.joined(separator: ", "))); ")
            object(target.id, "isa = PBXNativeTarget; buildPhases = (\(sources), \(resources)); name = \(target.name); productType = \"com.apple.product-type.\(target.isExtension ? "app-extension" : "application")\"; ")
            targetIDs.append(target.id)
        }
        object(project, "isa = PBXProject; mainGroup = \(main); projectDirPath = \"\"; targets = (\(targetIDs.joined(separator: ", "))); ")
        let text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n" + lines.joined(separator: "\n")
            + "\n\t};\n\trootObject = \(project);\n}\n"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: bundle + "/project.pbxproj"))
    }
}
