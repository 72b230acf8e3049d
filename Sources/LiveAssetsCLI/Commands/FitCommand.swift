import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveAssetsRun

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
        options: [out.spec, inPlace.spec, backup.spec, dryRun.spec, quality.spec, pngLevel.spec, exact.spec, candidates.spec, appImages.spec, variants.spec, jobs.spec] + CheckOptions.specs)

    static let out = Option.text("--out", value: "DIR", completion: .directories, help: "Write fitted images under DIR, mirroring their paths.")
    static let inPlace = Option.flag("--in-place", help: "Replace each oversized image (temporary file, then rename).")
    static let backup = Option.flag("--backup", help: "With --in-place, keep each original as FILE.orig (never over an existing one).")
    static let dryRun = Option.flag("--dry-run", help: "List what would change, with sizes, and write nothing.")
    static let quality = Option.integer("--quality", in: 1...100, help: "JPEG quality, 1-100 (default 90).")
    static let pngLevel = Option.integer("--png-level", in: 0...9, help: "PNG zlib level, 0-9 (default 6; with the run-length strategy fit uses, 1-9 give the same bytes and 0 stores).")
    static let exact = Option.flag("--exact", help: "Decode JPEGs at full size instead of shrinking them in the DCT (slower).")
    static let candidates = Option.flag("--candidates", help: "Also fit the images a Live Activity view may show (a computed name such as Image(team), or code the reader could not follow), to that view; the code does not prove they are shown, so they are left as they are by default.")
    static let appImages = Option.flag("--app-images", help: "Also fit the images an app target's own code shows (or may show) too, which then shrink in the app; they are left as they are by default, as the app draws them at its own sizes.")
    static let variants = Option.flag("--variants", help: "For an image file outside a catalog that devices of several scales show, also write a file for each scale beside it (logo@2x.png, logo@3x.png), each the largest size that fits that scale's devices; the app finds them where it loads the file by name (UIImage(named:), Image(\"logo\")).")
    static let jobs = Option.jobs("Files fitted")

    static func run(_ parsed: ParsedArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream)
        throws(CommandLineError) -> ExitCode
    {
        let outFolder = try parsed[Self.out], inPlace = try parsed[Self.inPlace]
        let modes = [outFolder != nil, inPlace, try parsed[Self.dryRun]].filter { $0 }.count
        guard modes == 1 else {
            throw CommandLineError(message: "Choose exactly one of --out DIR, --in-place or --dry-run", command: spec)
        }
        if try parsed[Self.backup] && !inPlace {
            throw CommandLineError(message: "--backup goes with --in-place", command: spec)
        }
        let destination: FitDestination =
            if let outFolder { .out(OutTree(folder: outFolder)) }
            else if inPlace { .inPlace(backup: try parsed[Self.backup]) } else { .dryRun }
        let quality = try parsed[Self.quality] ?? 90
        let level = try parsed[Self.pngLevel] ?? 6
        let jobs = try parsed[Self.jobs]
        guard !parsed.positionals.isEmpty else {
            throw CommandLineError(message: "Missing expected argument '<path> ...'", command: spec)
        }
        guard let options = try CheckOptions.parse(parsed, spec: spec, errors: &errors) else { return .failure }
        let fitOptions = ImageFitter.Options(quality: quality, compressionLevel: level, limits: options.limits,
                                             shrinksOnLoad: !(try parsed[Self.exact]))
        for input in parsed.positionals where !FileTree.exists(input) {
            print("Error: \(input) does not exist.", to: &errors)
            return .failure
        }
        var run = FitRun(check: options.run(inputs: parsed.positionals, strict: false, jobs: jobs),
                         destination: destination, options: fitOptions, jobs: jobs)
        run.choices.fitsCandidates = try parsed[Self.candidates]
        run.choices.appImages = try parsed[Self.appImages] ? .fitted : .left
        run.choices.looseVariants = try parsed[Self.variants]
        let plan: FitRun.Plan
        do throws(CheckRun.Failure) {
            plan = try run.plan()
        } catch {
            if case .nothingShown(let reason) = error { throw CommandLineError(message: reason, command: spec) }
            print("Error: \(error.message)", to: &errors)
            return .failure
        }
        for notice in plan.notices { print(notice, to: &errors) }
        if !plan.candidatesLeft.isEmpty {
            let names = plan.candidatesLeft
            let listed = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
            let one = names.count == 1
            print("\(one ? "1 image" : "\(names.count) images") a Live Activity view may show (\(listed)) \(one ? "was" : "were") not fitted for that view, as the code does not prove it shows \(one ? "it" : "them"); `fit --candidates` fits \(one ? "it" : "them") there too.", to: &errors)
        }
        for left in plan.appImagesLeft {
            print("\(left.path.replacingNewlines): \(destination.isDryRun ? "would be left" : "left") as it is: \(FitRun.leftForAppReason(left.use)).", to: &errors)
        }
        guard !plan.isEmpty else {
            print("Error: \(options.nothingFound(in: parsed.positionals))", to: &errors)
            return .failure
        }
        for warning in run.check.warnings(plan.survey) { print(warning, to: &errors) }
        // What a configuration changed about what is fitted, as check says it: never acting unseen.
        for notice in run.check.notices(plan.survey) { print(notice.noteLine, to: &errors) }
        do throws(OutTree.Conflict) {
            try run.place(plan)  // every result's place under --out, checked before anything is written
        } catch {
            throw CommandLineError(message: error.message, command: spec)
        }

        var added = 0
        var variantLines = ""
        var problems = plan.problems
        for (variant, result) in zip(plan.variants, run.addVariants(plan)) {
            let source = variant.givesSourceItsScale
                ? "from \(FileTree.lastComponent(variant.source)), which \(destination.isDryRun ? "would become" : "becomes") the @\(variant.sourceScale)x entry"
                : variant.contentsPath == nil ? "from \(FileTree.lastComponent(variant.source))" : "from the @\(variant.sourceScale)x"
            let place = variant.contentsPath ?? variant.source
            let description = "\(variant.fileName) (\(variant.target) px, \(source)) for "
                + variant.devices.prefix(3).joined(separator: ", ") + (variant.devices.count > 3 ? " and \(variant.devices.count - 3) more" : "")
            switch result {
            case .success(false):
                variantLines += variant.contentsPath == nil
                    ? "\(place): \(variant.fileName) appeared beside it meanwhile, and was left as it is\n"
                    : "\(place): a @\(variant.scale)x variant was added meanwhile by another run\n"
            case .success(true):
                variantLines += "\(place): \(destination.isDryRun ? "would add" : "added") \(description)\n"
                added += 1
            case .failure(let error):
                problems.append(error.message)
            }
        }
        for leftover in run.removeLeftovers(plan) {
            print("Removed \(leftover), left by an interrupted run.", to: &errors)
        }
        let changing = plan.changing
        let progress = Terminal.current.showsProgress && !destination.isDryRun ? ProgressLine(started: Date(), verb: "Fitting") : nil
        let total = changing.count
        let outcomes = run.fit(plan, advance: progress.map { line in { @Sendable in line.advance(total: total) } })
        progress?.finish()
        var before = 0, after = 0, fitted = 0, failed = problems.count, fittedElsewhere = 0
        var lines = ""
        for (index, fitting) in changing.enumerated() {
            let change = "\(fitting.path.replacingNewlines): \(fitting.current) -> \(fitting.target) px (fits \(fitting.box))"
            // One file for every scale: the limit that sized it, and what the devices of each other scale lose.
            let scales = fitting.shortfalls.first.map { "; tightest: \($0.boundBy); " + fitting.shortfalls.map(\.phrase).joined(separator: "; ") } ?? ""
            guard let outcome = outcomes?[index] else {  // a dry run
                lines += change + scales + "\n"
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
                    + (written == fitting.path ? "" : " in \(written.replacingNewlines)")
                    + (result.growth.map { ", larger than the original: \($0)" } ?? "") + scales + "\n"
                before += result.size
                after += result.bytes
                fitted += 1
            case .failure(let error):
                problems.append(error.message)
                failed += 1
            }
        }
        output.writeVisible(variantLines + lines)
        for problem in problems { print("Error: \(problem)", to: &errors) }
        // Those fitted (or that would be): a file that failed was not sized at all.
        let oneForAll = changing.indices.filter { index in
            guard !changing[index].shortfalls.isEmpty else { return false }
            if let outcome = outcomes?[index], case .failure = outcome { return false }
            return true
        }.map { changing[$0] }
        if let first = oneForAll.first {
            let name = FileTree.lastComponent(first.path), dot = name.lastIndex(of: ".") ?? name.endIndex
            let variants = [2, 3].map { "\(name[..<dot])@\($0)x\(name[dot...])" }
            let sized = destination.isDryRun ? (oneForAll.count == 1 ? "it would be" : "each would be") : (oneForAll.count == 1 ? "it was" : "each was")
            print("note: \(oneForAll.count == 1 ? "1 file outside a catalog serves" : "\(oneForAll.count) files outside a catalog serve") every scale, so \(sized) sized for the tightest device; for code that loads \(oneForAll.count == 1 ? "it" : "them") by name (`Image(\"\(name[..<dot])\")`, `UIImage(named:)`), files beside \(oneForAll.count == 1 ? "it" : "each") named for their scale (\(variants.joined(separator: ", "))) give each scale its own, as an asset catalog does: `fit --variants` writes them.".replacingNewlines, to: &errors)
        }
        let verb: String = if case .dryRun = destination { "would be fitted" } else { "fitted" }
        var summary = summaryLine(changed: fitted, verb: verb, fitting: plan.plans.count - changing.count + fittedElsewhere, failed: failed,
                                  before: before, after: after)
        if added > 0 {
            summary += "; \(added) scale variant\(added == 1 ? "" : "s") \(destination.isDryRun ? "would be " : "")added"
        }
        if plan.notShown > 0 {
            summary += "; \(plan.notShown.imageFiles) not in a Live Activity left as \(plan.notShown == 1 ? "it is" : "they are")"
        }
        print(summary, to: &errors)
        return failed > 0 ? .failure : .success
    }

    static func summaryLine(changed: Int, verb: String, fitting: Int, failed: Int, before: Int, after: Int) -> String {
        var line = "\(changed) \(verb), \(fitting) already fitting, \(failed) failed"
        if before > 0 { line += "; \(before.groupedDigits) -> \(after.groupedDigits) bytes" }
        return line
    }
}
