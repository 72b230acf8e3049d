#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import LiveAssetsPlatform
import Dispatch
import LiveAssetsRun
import LiveAssetsReports

/// `liveassets check`: the build-step linter.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Find the images that would make a Live Activity fail to start, per device and presentation.",
        discussion: """
            Inputs are image files, folders (searched recursively) and .xcassets catalogs. Each image is \
            checked, in pixels after EXIF orientation, against the presentation it is shown in on every \
            selected device that shows it (see 'liveassets sizes'). An image whose presentation is not \
            stated is held, on each iPhone and iPad, to the larger of the Lock Screen and expanded sizes; \
            an image no selected device shows gets a not-checked warning. The Swift files under the inputs are \
            read when one declares an ActivityConfiguration (--no-sources: not read): an image a Live \
            Activity view names is held to that view; one a computed name may be, to that view as a \
            warning; one no view can show is not checked, and counted in the summary. A one-line summary \
            and the run's notes end the run on standard error (--quiet: not printed). A .liveassets.json found in an \
            input's folder or its parents, or in a folder below it for that folder, sets devices, \
            presentations per path pattern, supplementalFamilies, rule severities and excludes.
            \(CheckOptions.patternsHelp)
            Exit status: 0 clean, 2 errors found, 3 warnings found under --strict, 1 the tool failed, \
            64 bad usage (also when no selected device shows any presentation asked for).
            """,
        arguments: "<path> ...",
        argumentHelp: "Image files, folders or .xcassets catalogs.",
        options: [format.spec, output.spec, sarif.spec, strict.spec, jobs.spec, stamp.spec, quiet.spec] + CheckOptions.specs)

    static let format = Option.text("--format", value: "FORMAT", completion: .reportFormats, help: "xcode (default), json, sarif, junit, github or html.")
        .map { name, parsed throws(CommandLineError) -> ReportFormat in
            guard let name else { return .xcode }
            guard let format = ReportFormat(rawValue: name) else {
                throw CommandLineError.unknown("format", name, among: ReportFormat.allCases.map(\.rawValue), command: parsed.spec)
            }
            return format
        }
    static let output = Option.text("--output", short: "-o", value: "FILE", completion: .files, help: "Write the report to FILE instead of standard output.")
    static let sarif = Option.text("--sarif", value: "FILE", completion: .files,
                                   help: "Also write the report as SARIF to FILE, for code scanning, whatever the --format.")
    static let strict = Option.flag("--strict", help: "Fail (exit 3) on warnings too.")
    static let jobs = Option.jobs("Files read")
    static let stamp = Option.text("--stamp", value: "FILE", completion: .files, help: "Write FILE when no error is found (for build systems).")
    static let quiet = Option.flag("--quiet", short: "-q", help: "Print no summary on standard error (by default one line, \"liveassets: 1 error, 2 warnings in 7 image files\", and the run's notes; on a terminal, a table).")

    static func run(_ parsed: ParsedArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream)
        throws(CommandLineError) -> ExitCode
    {
        let started = Date()
        let format = try parsed[Self.format]
        let jobs = try parsed[Self.jobs]
        guard !parsed.positionals.isEmpty else {
            throw CommandLineError(message: "Missing expected argument '<path> ...'", command: spec)
        }

        // The stamp replaces only a regular file (or nothing): never a device, a FIFO or a folder.
        let stamp = try parsed[Self.stamp]
        // So does the report file.
        let reportPath = try parsed[Self.output]
        // And the SARIF file.
        let sarifPath = try parsed[Self.sarif]
        let outputs = [(stamp, "--stamp", "stamp"), (reportPath, "--output", "report"), (sarifPath, "--sarif", "SARIF report")]
        for (path, option, what) in outputs {
            guard let path else { continue }
            guard !path.isEmpty else { throw CommandLineError(message: "\(option) needs the path of a file", command: spec) }
            if let refusal = Self.refusal(ofOutput: path, called: what) {
                print("Error: " + refusal, to: &errors)
                return .failure
            }
            // The inputs are known now: an output over one of them is refused before any work.
            if let refusal = Self.refusal(ofOutput: path, called: what, sameAsAnyOf: parsed.positionals) {
                print("Error: " + refusal, to: &errors)
                return .failure
            }
        }
        let directory = FileManager.default.currentDirectoryPath
        func same(_ a: String, _ b: String) -> Bool {
            CheckRun.absolute(a, from: directory) == CheckRun.absolute(b, from: directory) || Self.input(sameAs: a, inputs: [b]) != nil
        }
        for (first, second) in [(0, 1), (0, 2), (1, 2)] {
            guard let a = outputs[first].0, let b = outputs[second].0, same(a, b) else { continue }
            throw CommandLineError(message: "\(outputs[first].1) and \(outputs[second].1) name the same file, \(b); give each a path of its own",
                                   command: spec)
        }
        for option in [CheckOptions.config, CheckOptions.table] {
            guard let read = try parsed[option], !read.isEmpty else { continue }
            for (path, what) in [(stamp, "stamp"), (reportPath, "report"), (sarifPath, "SARIF report")] where path != nil {
                if same(path!, read) {
                    throw CommandLineError(message: "the \(what) \(path!) is the file \(option.spec.name) names; give the \(what) a path of its own", command: spec)
                }
            }
        }

        let terminal = Terminal.current
        let progress = terminal.showsProgress ? ProgressLine(started: started) : nil
        guard let options = try CheckOptions.parse(parsed, spec: spec, errors: &errors) else { return .failure }
        for input in parsed.positionals where !FileTree.exists(input) {
            print("Error: \(input) does not exist.", to: &errors)
            return .failure
        }
        var run = options.run(inputs: parsed.positionals, strict: try parsed[Self.strict], jobs: jobs)
        if let progress { run.progress = { total in progress.advance(total: total) } }
        run.keepsWalks = format == .html  // the report draws what the check decided of each image

        let result: CheckRun.Outcome
        var pictures: [ReportPicture] = []
        var devices: [DeviceClass] = []
        var selectedModels: [String: [String]] = [:]
        do throws(CheckRun.Failure) {
            result = try run.run()
            if format == .html {
                pictures = CheckRun.pictures(of: result, jobs: jobs)
                for group in result.survey.groups {
                    for device in group.devices where !devices.contains(device) { devices.append(device) }
                    selectedModels.merge(group.limits.names.selected) { first, _ in first }
                }
            }
        } catch {
            progress?.finish()
            if case .nothingShown(let reason) = error { throw CommandLineError(message: reason, command: spec) }
            print("Error: \(error.message)", to: &errors)
            return .failure
        }
        progress?.finish()
        guard !result.files.isEmpty || !result.findings.isEmpty else {
            print("Error: \(options.nothingFound(in: parsed.positionals))", to: &errors)
            return .failure
        }
        for warning in result.warnings { print(warning, to: &errors) }
        // What a configuration changed, where the report has no place for it: always (--quiet too), so
        // that a pull request's configuration never acts unseen; Xcode shows each at its line.
        if format == .xcode {
            for notice in result.notices { print(notice.noteLine, to: &errors) }
        }

        var report = CheckReport(
            orderedFindings: result.findings, files: result.files, strict: result.strict, notes: result.notes,
            context: .init(toolVersion: LiveAssetsCommandLine.version, timestamp: Self.timestamp(),
                           hostname: ProcessInfo.processInfo.hostName, seconds: Date().timeIntervalSince(started),
                           tableRevision: options.table.revision))
        report.unchecked = result.unchecked
        report.notices = result.notices
        report.swiftBytesRead = result.survey.swiftBytesRead
        report.devices = devices
        report.selectedModels = selectedModels
        report.pictures = pictures
        let rendered = format == .github ? GitHubReport.render(report) : nil
        if let reportPath {
            // As standard output shows it (a name that is not UTF-8 with U+FFFD).
            let rendered = rendered?.annotations ?? format.render(report)
            let text = rendered  // the xcode format's lines are made safe by XcodeReport
            if let refusal = Self.write(text.displayed, to: reportPath, called: "report", option: "--output", inputs: result.files) {
                print("Error: " + refusal, to: &errors)
                return .failure
            }
        }
        if let sarifPath,
           let refusal = Self.write(ReportFormat.sarif.render(report).displayed, to: sarifPath, called: "SARIF report", option: "--sarif",
                                    inputs: result.files) {
            print("Error: " + refusal, to: &errors)
            return .failure
        }
        if let rendered {
            // GitHub reads the annotations from standard output, whether or not they are also in a file.
            output.write(rendered.annotations)
            if let summary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty,
               let reason = Self.append(rendered.stepSummary, to: summary) {
                print("Error: the step summary could not be written to \(summary) (GITHUB_STEP_SUMMARY): \(reason).", to: &errors)
                return .failure
            }
        } else if reportPath == nil {
            // The default format is for people: XcodeReport shows every control character of a name as
            // its code (and a bidirectional one in messages), each line once.
            format.write(report, to: &output)
        }
        let code = Self.exitCode(report: report, stamp: stamp, inputs: parsed.positionals + result.files, errors: &errors)
        if try parsed[Self.quiet] {
            // Nothing more: the report alone.
        } else if terminal.isInteractive && format == .xcode {
            let table = SummaryTable.render(report, fitArguments: fitArguments(parsed), colour: terminal.usesColour)
            if terminal.usesColour {
                // Its own colour codes go to the terminal as they are; what it shows of names is made
                // visible by `render`.
                var terminalErrors = StandardStream.error
                terminalErrors.write(table)
            } else {
                errors.write(table)
            }
        } else {
            // As linters do, a line a person finds at the end of any log; the notes with it where the
            // report itself has no place for them.
            print(report.statusLine, to: &errors)
            if format == .xcode { for note in report.notes { print("note: " + note.visible, to: &errors) } }
        }
        return code
    }

    /// The run's exit status; the stamp written when it is clean (the refusal or failure printed when it
    /// cannot be).
    static func exitCode(report: CheckReport, stamp: String?, inputs: [String], errors: inout some TextOutputStream) -> ExitCode {
        if report.errorCount > 0 { return .errorsFound }
        if report.strict && report.warningCount > 0 { return .warningsFound }
        if let stamp {
            // No stamp for a report nobody received: the command fails instead (see LiveAssetsCommandLine).
            guard StandardStream.outputFailure.code == nil else { return .failure }
            if let refusal = Self.write(report.summaryLine + "\n", to: stamp, called: "stamp", option: "--stamp", inputs: inputs) {
                print("Error: " + refusal, to: &errors)
                return .failure
            }
        }
        return .success
    }

    /// Why `path` cannot take the `what` ("stamp", "report"): it is not a regular file, or it has the name
    /// of a file check reads (a catalog's or the configuration's; image inputs are compared after the run).
    static func refusal(ofOutput path: String, called what: String) -> String? {
        if let reason = AtomicFile.unreplaceable(path) {
            return "the \(what) \(path) cannot be written: \(reason); give the path of a regular file."
        }
        let name = FileTree.lastComponent(path)
        guard name == "Contents.json" || name == ".liveassets.json" else { return nil }
        return "the \(what) \(path) has the name of a file check reads (\(name)); give the \(what) a path of its own."
    }

    /// Why `path` cannot take the `what`: it is one of `inputs` (an image being checked), or the same file.
    static func refusal(ofOutput path: String, called what: String, sameAsAnyOf inputs: [String]) -> String? {
        guard let image = Self.input(sameAs: path, inputs: inputs) ?? inputs.first(where: { $0 == path }) else { return nil }
        return "the \(what) \(path) is \(image == path ? "" : "the same file as ")the image \(image) being checked; give the \(what) a path of its own."
    }

    /// Writes `text` to `path`, replaced whole, unless it is one of `inputs`; the refusal or failure, as a
    /// sentence, when it is not written.
    static func write(_ text: String, to path: String, called what: String, option: String, inputs: [String]) -> String? {
        if let refusal = refusal(ofOutput: path, called: what, sameAsAnyOf: inputs) { return refusal }
        AtomicFile.removeLeftovers(beside: [path])
        do throws(FitError) {
            try AtomicFile.write(Data(text.utf8), to: path)
            return nil
        } catch {
            let reason = if case .write(_, let reason) = error { reason } else { error.message }
            return "the \(what) \(path) could not be written (\(reason)); give \(option) a path that can be written."
        }
    }

    /// What `fit` needs to fit what this run found: check's options that fit shares, then the inputs
    /// (after `--` when one starts with a dash).
    static func fitArguments(_ parsed: ParsedArguments) -> [String] {
        // Every flag and value as given (--no-sources, each --sources).
        parsed.arguments(for: CheckOptions.specs) + (parsed.positionals.contains { $0.hasPrefix("-") } ? ["--"] : []) + parsed.positionals
    }


    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// Appends `text` to the regular file at `path` (made when missing); the reason when it cannot. A
    /// FIFO or a device is refused, not opened: opening a FIFO nobody reads would wait for ever.
    static func append(_ text: String, to path: String) -> String? {
        let hint = "; point GITHUB_STEP_SUMMARY at a regular file"
        if let reason = AtomicFile.unreplaceable(path) { return reason + hint }
        let descriptor = path.systemOpen(O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, mode: 0o644)
        guard descriptor >= 0 else { return systemErrorText(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return "it is not a regular file" + hint
        }
        var bytes = text.displayed  // as standard output shows paths
        guard bytes.withUTF8({ Descriptor.writeAll(descriptor, UnsafeRawBufferPointer($0)) }) else {
            return systemErrorText(errno)
        }
        return nil
    }

    /// The input or checked file that `stamp` names (the same file, through links or another name), if any.
    static func input(sameAs stamp: String, inputs: [String]) -> String? {
        var target = stat(), other = stat()
        guard stamp.systemStat(into: &target) == 0 else { return nil }
        return inputs.first { $0.systemStat(into: &other) == 0 && other.st_dev == target.st_dev && other.st_ino == target.st_ino }
    }
}
