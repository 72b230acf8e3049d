import Foundation
import LiveAssetsTestSupport

/// Runs the built `liveassets` binary and captures what it prints.
struct CLIRunner {
    struct Outcome {
        let status: Int32
        let output: String
        let error: String

        /// Standard error without the summary `check` ends on (its "liveassets: ..." line and the
        /// "note:" lines after it) and without the configuration's notices (`FILE:LINE:1: note: this
        /// configuration ...`, before it): the warnings and errors alone.
        var diagnostics: String {
            var lines = error.split(separator: "\n", omittingEmptySubsequences: false)
            lines.removeAll { $0.contains(":1: note: this configuration ") }
            guard let summary = lines.lastIndex(where: { $0.hasPrefix("liveassets: ") && $0.contains(" in ") }),
                  lines[(summary + 1)...].allSatisfy({ $0.hasPrefix("note: ") || $0.isEmpty }) else { return error }
            lines.removeSubrange(summary...)
            return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        }

        /// The summary line `check` prints on standard error ("liveassets: 1 error, 0 warnings in 2 image
        /// files"), if it printed one.
        var summary: String? {
            error.split(separator: "\n").last { $0.hasPrefix("liveassets: ") && $0.contains(" in ") }.map(String.init)
        }
    }

    /// The binary next to the test bundle (`swift test` builds every executable product first).
    static let executable: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundle, bundle.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("liveassets")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return Repository.root.appendingPathComponent(".build/debug/liveassets")
    }()

    /// Whether ``run(_:in:environment:unprivileged:)`` can run the binary without root's power to read
    /// and write whatever it likes: as another user when this is root, as this user otherwise.
    static let canRunUnprivileged = getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// Runs the binary with `arguments`; `unprivileged` runs it as user and group 65534 (nobody) when
    /// the tests run as root, so that file permissions apply to it.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                    unprivileged: Bool = false) throws -> Outcome {
        let process = Process()
        if unprivileged && getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory ?? Repository.root
        // As in CI: no terminal, no CI-specific variables unless a test sets them.
        var inherited = ProcessInfo.processInfo.environment
        for key in ["GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "CI"] { inherited[key] = nil }
        process.environment = inherited.merging(environment) { $1 }
        return try outcome(of: process)
    }

    /// Runs `process`, set up but not started, to its end and captures what it printed.
    static func outcome(of process: Process) throws -> Outcome {
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes before waiting, so a large report cannot fill a pipe and block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                       error: String(decoding: errorData, as: UTF8.self))
    }

    /// The binary with `arguments`, set up as ``run(_:in:environment:unprivileged:)`` sets it up (in
    /// `directory`, no CI variables) but not started, for a test that handles the process itself.
    static func process(_ arguments: [String], in directory: URL) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        for key in ["GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "CI"] { environment[key] = nil }
        process.environment = environment
        return process
    }

    /// Runs script(1) so that the binary sees a terminal; returns everything it printed.
    static func runScript(_ arguments: [String], in directory: URL, environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var inherited = ProcessInfo.processInfo.environment
        for key in ["GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "CI"] { inherited[key] = nil }
        process.environment = inherited.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }
}
