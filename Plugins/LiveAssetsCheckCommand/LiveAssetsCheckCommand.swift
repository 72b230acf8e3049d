import Foundation
import PackagePlugin

/// `swift package liveassets-check [options] [paths]`: runs `liveassets check` over the given paths,
/// or over the whole package folder when none are given, and fails when it finds errors. The package's
/// targets are read for which Live Activity views show which image either way.
@main
struct LiveAssetsCheckCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "liveassets").url
        let paths = Self.namesPaths(arguments) ? [] : [context.package.directoryURL.path]
        // The package's Swift code says which views show which image: under the package folder check
        // finds it itself; for paths given, the targets' folders are read too (unless --no-sources).
        var sources: [String] = []
        if paths.isEmpty && !arguments.contains("--no-sources") {
            // Test targets' code is not the widget's: their fixtures would place images no view shows.
            sources = context.package.targets.compactMap { $0 as? SourceModuleTarget }.filter { $0.kind != .test }
                .flatMap { ["--sources", $0.directoryURL.path] }
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["check"] + sources + arguments + paths
        try process.run()
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return
        case 2: Diagnostics.error("liveassets check found images that can keep a Live Activity from starting")
        case 3: Diagnostics.error("liveassets check found warnings (strict mode)")
        default: Diagnostics.error("liveassets check failed with exit status \(process.terminationStatus)")
        }
        throw CheckFailed(status: process.terminationStatus)
    }

    /// Options of `liveassets check` that take a value (the next argument, unless written `--x=value`), with
    /// their short names and aliases. A plugin cannot import the command line's declarations:
    /// `PluginOptionsTests` holds this list to them.
    static let valueOptions: Set<String> = [
        "--format", "--output", "-o", "--sarif", "--jobs", "-j", "--stamp", "--presentation", "--devices", "--device", "--sources",
        "--config", "--table", "--include", "--exclude", "--max-pixels", "--max-side",
    ]

    /// Whether the arguments name any path, values of options aside.
    static func namesPaths(_ arguments: [String]) -> Bool {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return index + 1 < arguments.count }
            if valueOptions.contains(argument) {
                index += 2
                continue
            }
            if !argument.hasPrefix("-") { return true }
            index += 1
        }
        return false
    }

    struct CheckFailed: Error, CustomStringConvertible {
        let status: Int32
        var description: String { "liveassets check exited with status \(status)" }
    }
}
