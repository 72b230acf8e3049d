import Foundation
import PackagePlugin

/// Runs `liveassets check` over a target's images and asset catalogs during `swift build`: an error
/// finding fails the build, with the diagnostic shown at the file and line (Xcode shows it inline).
///
/// Configure it with a `.liveassets.json` beside the images or in a parent folder (devices,
/// presentations per path pattern, rule severities): build plugins cannot take flags. The target's
/// Swift files are passed as `--sources`, so each image is held to the presentations whose views show
/// it where the configuration does not say.
@main
struct LiveAssetsCheckPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let plan = CheckPlan(files: target.sourceFiles.map(\.url), root: context.package.directoryURL)
        guard !plan.arguments.isEmpty else { return [] }
        return [plan.command(tool: try context.tool(named: "liveassets").url,
                             workDirectory: context.pluginWorkDirectoryURL, name: target.name)]
    }
}

/// The inputs and arguments of one check over a list of files.
struct CheckPlan {
    /// Every image and Contents.json: the build re-runs the check when one changes.
    var inputs: [URL] = []
    /// The catalogs and loose images to check, after a `--sources` option for each Swift file.
    var arguments: [String] = []

    /// As the library's FileTree.imageExtensions (a plugin cannot import the library).
    static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "jpe", "jfif", "heic", "heif", "avif", "avci", "gif", "webp", "tif", "tiff", "bmp", "pdf",
        "svg",
    ]

    /// `.liveassets.json` files in the input folders, `root` (the package) and every folder above them
    /// are inputs too, so editing a configuration re-runs the check.
    init(files: [URL], root: URL) {
        var catalogs = Set<String>()
        var sources: [String] = []
        for file in files {
            let path = file.path
            if file.pathExtension == "xcassets" {
                // A catalog copied as one resource: the folder itself, and every file in it as input.
                catalogs.insert(path)
                inputs += Self.files(in: file)
            } else if let range = path.range(of: ".xcassets/") {
                inputs.append(file)
                catalogs.insert(String(path[..<range.lowerBound]) + ".xcassets")
            } else if Self.imageExtensions.contains(file.pathExtension.lowercased()) {
                inputs.append(file)
                arguments.append(path)
            } else if file.pathExtension == "swift" {
                sources.append(path)
            }
        }
        // Swift files alone give nothing to check; with images, they are read, and are inputs too.
        guard !catalogs.isEmpty || !arguments.isEmpty else { return }
        inputs += sources.sorted().map { URL(fileURLWithPath: $0) }
        arguments = sources.sorted().flatMap { ["--sources", $0] } + catalogs.sorted() + arguments.sorted()
        var folders = Set(inputs.map { $0.deletingLastPathComponent().standardizedFileURL.path })
        folders.insert(root.standardizedFileURL.path)
        var configurations = Set<String>()
        for folder in folders {
            var current = URL(fileURLWithPath: folder)
            while current.path != "/" {
                let candidate = current.appendingPathComponent(".liveassets.json")
                if FileManager.default.fileExists(atPath: candidate.path) { configurations.insert(candidate.path) }
                current = current.deletingLastPathComponent()
            }
        }
        inputs += configurations.sorted().map { URL(fileURLWithPath: $0) }
    }

    static func files(in folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { !$0.hasDirectoryPath }
    }

    func command(tool: URL, workDirectory: URL, name: String) -> Command {
        let stamp = workDirectory.appendingPathComponent("\(name).liveassets-check")
        return .buildCommand(
            displayName: "Checking Live Activity images in \(name)",
            executable: tool,
            arguments: ["check", "--format", "xcode", "--stamp", stamp.path] + arguments,
            inputFiles: inputs,
            outputFiles: [stamp])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LiveAssetsCheckPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let plan = CheckPlan(files: target.inputFiles.map(\.url), root: context.xcodeProject.directoryURL)
        guard !plan.arguments.isEmpty else { return [] }
        return [plan.command(tool: try context.tool(named: "liveassets").url,
                             workDirectory: context.pluginWorkDirectoryURL, name: target.displayName)]
    }
}
#endif
