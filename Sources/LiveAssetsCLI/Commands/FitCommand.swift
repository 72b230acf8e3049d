import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveAssets

/// `liveassets fit`: shrinks every image that `check` finds oversized to the largest size that fits.
enum FitCommand {
    static let spec = CommandSpec(
        name: "fit",
        abstract: "Shrink oversized images to the largest size that fits every presentation they are shown in.",
        discussion: """
            Targets follow the same rules as 'liveassets check' (devices, presentations, configuration); \
            a fitted image passes it. Images are decoded (JPEGs DCT-scaled on load), resampled with \
            Lanczos3 in premultiplied alpha, turned upright, and encoded in their own format. Images \
            that already fit are not touched. Choose where results go: --out DIR (mirrors each file by \
            where it really is: by its path from the working directory when inside it, else by its \
            absolute path; a file named twice is one file), --in-place (each file replaced \
            atomically) or --dry-run.
            \(CheckOptions.patternsHelp)
            Exit status: 0 every image fitted or already fitting, 1 some file failed, 64 bad usage (also \
            when no selected device shows any presentation asked for).
            """,
        arguments: "<path> ...",
        argumentHelp: "Image files, folders or .xcassets catalogs.",
        options: [
            .init("--out", value: "DIR", help: "Write fitted images under DIR, mirroring their paths."),
            .init("--in-place", help: "Replace each oversized image (temporary file, then rename)."),
            .init("--backup", help: "With --in-place, keep each original as FILE.orig (never over an existing one)."),
            .init("--dry-run", help: "List what would change, with sizes, and write nothing."),
            .init("--quality", value: "N", help: "JPEG quality, 1-100 (default 90)."),
            .init("--png-level", value: "N", help: "PNG zlib level, 0-9 (default 6; with the run-length strategy fit uses, 1-9 give the same bytes and 0 stores)."),
            .init("--exact", help: "Decode JPEGs at full size instead of shrinking them in the DCT (slower)."),
            .init("--jobs", short: "-j", value: "N", help: "Files fitted at once (default: the number of cores)."),
        ] + CheckOptions.specs)

    enum Destination {
        case out(OutTree)
        case inPlace(backup: Bool)
        case dryRun

        var isDryRun: Bool {
            if case .dryRun = self { return true }
            return false
        }
    }

    static func run(_ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream)
        throws(UsageError) -> ExitCode
    {
        guard let parsed = try ParsedArguments.parse(arguments, spec: spec, output: &output) else { return .success }
        let modes = [parsed.values["--out"] != nil, parsed.has("--in-place"), parsed.has("--dry-run")].filter { $0 }.count
        guard modes == 1 else {
            throw UsageError(message: "Choose exactly one of --out DIR, --in-place or --dry-run", command: spec)
        }
        if parsed.has("--backup") && !parsed.has("--in-place") {
            throw UsageError(message: "--backup goes with --in-place", command: spec)
        }
        var destination: Destination =
            if let directory = parsed.values["--out"] { .out(OutTree(folder: directory)) }
            else if parsed.has("--in-place") { .inPlace(backup: parsed.has("--backup")) } else { .dryRun }
        let quality = try parsed.integer("--quality", in: 1...100, spec: spec) ?? 90
        let level = try parsed.integer("--png-level", in: 0...9, spec: spec) ?? 6
        let jobs = try parsed.integer("--jobs", in: 1...1024, spec: spec) ?? ParsedArguments.defaultJobs
        guard !parsed.positionals.isEmpty else {
            throw UsageError(message: "Missing expected argument '<path> ...'", command: spec)
        }
        guard let options = try CheckOptions.parse(parsed, spec: spec, errors: &errors) else { return .failure }
        let fitOptions = ImageFitter.Options(quality: quality, compressionLevel: level, limits: options.limits,
                                             shrinksOnLoad: !parsed.has("--exact"))
        for input in parsed.positionals where !FileTree.exists(input) {
            print("Error: \(input) does not exist.", to: &errors)
            return .failure
        }
        var run = options.run(inputs: parsed.positionals, strict: false, jobs: jobs)
        // Results written under --out by an earlier run are not inputs, even when it is inside an input folder.
        if case .out(let tree) = destination { run.skippedFolder = tree.folder }

        let scan: CheckRun.Scan
        do throws(CheckRun.Failure) {
            scan = try run.scan()
        } catch {
            if case .nothingShown(let reason) = error { throw UsageError(message: reason, command: spec) }
            print("Error: \(error.message)", to: &errors)
            return .failure
        }
        let groups = scan.groups
        var plans: [FitPlan] = []
        var variants: [VariantPlan] = []
        var problems: [String] = []
        // Every file read, by its real path: a file named twice (through "..", "./" or a link) is read,
        // fitted and reported once, under the first name found.
        var inputs: [String: String] = [:]
        func real(_ path: String) -> String { FileTree.realPath(path) ?? path }
        // The headers the scan read: fitting decodes with them instead of reading each header again.
        var headers: [String: ImageInfo] = [:]
        for group in groups {
            // What the scan could not read (folders, names, catalogs): neither checked nor fitted.
            problems += group.scan.findings.filter { $0.rule == .unreadable || $0.rule == .catalogInvalidJSON }.map(\.message)
            // A name that is not UTF-8 is checked but never written under: the user renames it first.
            problems += group.scan.findings.filter { $0.rule == .undecodableName }.map { FileTree.unwritableNameMessage($0.path) }
            for asset in group.scan.assets {
                guard !asset.reportPath.hasRawBytes && !asset.variants.contains(where: { $0.path.hasRawBytes }) else { continue }
                // An image set's Contents.json is read too (and edited when a variant is added).
                if asset.reportPath.hasSuffix("/Contents.json") {
                    let key = real(asset.reportPath)
                    if inputs[key] == nil { inputs[key] = asset.reportPath }
                }
                for variant in asset.variants {
                    let key = real(variant.path)
                    guard inputs[key] == nil else { continue }
                    inputs[key] = variant.path
                    switch variant.content {
                    case .unreadable(_, let message): problems.append(message)
                    case .unsupported(let format):
                        print("\(variant.path) is a \(format.displayName) file, which fit leaves as it is.", to: &errors)
                    case .image(let info): headers[variant.path] = info
                    }
                }
                // Missing variants first: the existing files are then fitted for the devices that keep using them.
                let fitting = FitPlan.fitting(asset, presentations: group.presentations(asset), devices: group.devices,
                                              declaresSmallFamily: group.declaresSmallFamily)
                plans += fitting.plans
                variants += fitting.added
            }
        }
        // A file planned twice (a link found beside its target, an image set listing one file twice):
        // fitted once, by its first plan.
        var planned = Set<String>()
        plans = plans.filter { planned.insert(real($0.path)).inserted }
        guard !plans.isEmpty || !variants.isEmpty || !problems.isEmpty else {
            print("Error: \(options.nothingFound(in: parsed.positionals))", to: &errors)
            return .failure
        }
        for warning in run.warnings(scan) { print(warning, to: &errors) }
        let changing = plans.filter(\.changes)
        // Every result's place under --out, checked before anything is written.
        if case .out(var tree) = destination {
            try tree.place(changing.map(\.path) + variants.flatMap { [$0.filePath, $0.contentsPath] }, inputs: inputs)
            destination = .out(tree)
        }

        // Missing scale variants first, made from the original higher-scale files before those are fitted.
        var added = 0
        var variantLines = ""
        var variantProblems: [String] = []
        var edited = Set<String>()  // Contents.json files changed already: backed up by their first change
        for variant in variants {
            let description = "\(variant.fileName) (\(variant.target) px, from the @\(variant.sourceScale)x) for "
                + variant.devices.prefix(3).joined(separator: ", ") + (variant.devices.count > 3 ? " and \(variant.devices.count - 3) more" : "")
            if case .dryRun = destination {
                variantLines += "\(variant.contentsPath): would add \(description)\n"
                added += 1
                continue
            }
            do throws(FitError) {
                try addVariant(variant, header: headers[variant.source], to: destination, options: fitOptions,
                               backsUpContents: !edited.contains(variant.contentsPath))
                edited.insert(variant.contentsPath)
                variantLines += "\(variant.contentsPath): added \(description)\n"
                added += 1
            } catch {
                variantProblems.append(error.message)
            }
        }

        // Temporary files an earlier, killed run left beside the files this run writes.
        let written: [String] = switch destination {
            case .inPlace: changing.map(\.path)
            case .out(let tree): changing.compactMap { tree.paths[$0.path] }
            case .dryRun: []
            }
        for leftover in AtomicFile.removeLeftovers(beside: written) {
            print("Removed \(leftover), left by an interrupted run.", to: &errors)
        }
        // Each worker fits a file and writes it at once (memory stays at one image per worker); the
        // report comes out in plan order whatever the jobs.
        // `written` nil: another run fitted the file in place meanwhile.
        var outcomes = [Result<(bytes: Int, size: Int, written: String?), FitError>?](repeating: nil, count: changing.count)
        if case .dryRun = destination {} else {
            let progress = Terminal.current.showsProgress ? ProgressLine(started: Date(), verb: "Fitting") : nil
            defer { progress?.finish() }
            let (headers, destination) = (headers, destination)
            outcomes = changing.concurrentMap(jobs: jobs) { plan in
                Result { () throws(FitError) in
                    try whileLocked(plan, for: destination) { () throws(FitError) in
                        let size = FileTree.fileSize(plan.path) ?? 0  // of the image, through a link
                        let data: Data
                        do throws(FitError) {
                            data = try ImageFitter.fit(.file(plan.path), header: headers[plan.path], to: plan.target, options: fitOptions)
                        } catch {
                            guard case .inPlace = destination, case .decode(.changed) = error, fitsNow(plan) else { throw error }
                            progress?.advance(total: changing.count)
                            return (size, size, nil)
                        }
                        defer { progress?.advance(total: changing.count) }
                        return (data.count, size, try write(data, for: plan.path, to: destination))
                    }
                }
            }
        }
        problems += variantProblems
        var before = 0, after = 0, fitted = 0, failed = problems.count, fittedElsewhere = 0
        var lines = ""
        for (index, plan) in changing.enumerated() {
            let change = "\(plan.path.replacingNewlines): \(plan.current) -> \(plan.target) px (fits \(plan.box))"
            guard let outcome = outcomes[index] else {  // a dry run
                lines += change + "\n"
                fitted += 1
                continue
            }
            switch outcome {
            case .success(let result):
                guard let written = result.written else {
                    lines += change + ", done meanwhile by another run\n"
                    fittedElsewhere += 1
                    continue
                }
                lines += change + ", \(result.size.groupedDigits) -> \(result.bytes.groupedDigits) bytes"
                    + (written == plan.path ? "" : " in \(written.replacingNewlines)") + "\n"
                before += result.size
                after += result.bytes
                fitted += 1
            case .failure(let error):
                problems.append(error.message)
                failed += 1
            }
        }
        output.write(variantLines + lines)
        for problem in problems { print("Error: \(problem)", to: &errors) }
        let verb: String = if case .dryRun = destination { "would be fitted" } else { "fitted" }
        var summary = summaryLine(changed: fitted, verb: verb, fitting: plans.count - changing.count + fittedElsewhere, failed: failed,
                                  before: before, after: after)
        if added > 0 {
            summary += "; \(added) scale variant\(added == 1 ? "" : "s") \(destination.isDryRun ? "would be " : "")added"
        }
        print(summary, to: &errors)
        return failed > 0 ? .failure : .success
    }

    static func summaryLine(changed: Int, verb: String, fitting: Int, failed: Int, before: Int, after: Int) -> String {
        var line = "\(changed) \(verb), \(fitting) already fitting, \(failed) failed"
        if before > 0 { line += "; \(before.groupedDigits) -> \(after.groupedDigits) bytes" }
        return line
    }

    /// Makes a missing scale variant from its source and records it in Contents.json, both written
    /// atomically (or under --out, both mirrored).
    /// With --backup, the file is kept as FILE.orig only when it replaces one, and Contents.json only when
    /// `backsUpContents` (its first change in the run: the .orig is the user's original).
    static func addVariant(_ variant: VariantPlan, header: ImageInfo?, to destination: Destination,
                           options: ImageFitter.Options, backsUpContents: Bool = true) throws(FitError)
    {
        let data = try ImageFitter.fit(.file(variant.source), header: header, to: variant.target, options: options)
        var contentsSource = variant.contentsPath
        // Under --out, a Contents.json an earlier variant of this run (or an earlier run) wrote there is edited.
        if case .out(let tree) = destination, let mirrored = tree.paths[variant.contentsPath],
           FileManager.default.fileExists(atPath: mirrored) {
            contentsSource = mirrored
        }
        guard let text = try? String(contentsOfFile: contentsSource, encoding: .utf8) else {
            throw .write(file: variant.contentsPath, reason: "it could not be read again")
        }
        let edited: String
        do throws(ImageSetEdit.Problem) {
            edited = try ImageSetEdit.addingFile(variant.fileName, scale: variant.scale, idiom: variant.idiom,
                                                 appearance: variant.appearance, to: text)
        } catch {
            throw .write(file: variant.contentsPath, reason: error.reason)
        }
        // A file of that name not listed for this scale is a leftover of an interrupted run: replaced (and
        // kept with --backup); a new file has nothing to back up.
        var fileDestination = destination, contentsDestination = destination
        if case .inPlace(true) = destination {
            if !FileTree.exists(variant.filePath) { fileDestination = .inPlace(backup: false) }
            if !backsUpContents { contentsDestination = .inPlace(backup: false) }
        }
        _ = try write(data, for: variant.filePath, to: fileDestination)
        _ = try write(Data(edited.utf8), for: variant.contentsPath, to: contentsDestination)
    }

    /// Runs `body` for an in-place `plan` holding the file's lock, so that two runs over one tree take
    /// turns on it (the second then finds it fitted: see `fitsNow`); for other destinations, at once.
    static func whileLocked<T>(_ plan: FitPlan, for destination: Destination, _ body: () throws(FitError) -> T)
        throws(FitError) -> T
    {
        guard case .inPlace = destination else { return try body() }
        return try AtomicFile.whileLocked(plan.path, body)
    }

    /// Whether the file of `plan`, found changed since the scan, now fits its box (another run fitted it).
    static func fitsNow(_ plan: FitPlan) -> Bool {
        guard let info = try? ImageProbe.probe(path: plan.path) else { return false }
        return info.displayWidth <= plan.box.width && info.displayHeight <= plan.box.height
    }

    /// Writes a fitted image where the destination says; returns the path written.
    static func write(_ data: Data, for path: String, to destination: Destination) throws(FitError) -> String {
        switch destination {
        case .dryRun:
            return path
        case .inPlace(let backup):
            try AtomicFile.write(data, to: path, backup: backup, durable: true)
            return path
        case .out(let tree):
            // Every path written was placed before the first write (``OutTree/place(_:inputs:)``).
            guard let target = tree.paths[path] else { throw .write(file: path, reason: "it has no place under --out \(tree.folder)") }
            guard !AtomicFile.sameFile(target, path) else {
                throw .write(file: path, reason: "--out \(tree.folder) puts its result on the file itself; use --in-place to replace it")
            }
            let folder = String(target[..<target.lastIndex(of: "/")!])
            try AtomicFile.createFolder(folder, for: target)
            try AtomicFile.write(data, to: target)
            return target
        }
    }

}
