#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One `fit` over files, folders and catalogs, beside ``CheckRun``: the check's scan, then a plan for
/// each oversized image and each missing scale variant, then the variants added and the images fitted
/// and written where ``destination`` says. The command line parses its options into one and prints
/// what it returns.
package struct FitRun: Sendable {
    /// The scan and the presentations, devices and patterns it checks with.
    package var check: CheckRun
    /// Where the results go (set once: a `--out` folder is also left out of the scan).
    package private(set) var destination: FitDestination
    package var options: ImageFitter.Options
    /// Files fitted at once.
    package var jobs: Int

    package init(check: CheckRun, destination: FitDestination, options: ImageFitter.Options, jobs: Int) {
        self.check = check
        self.destination = destination
        self.options = options
        self.jobs = jobs
        // Results written under --out by an earlier run are not inputs, even inside an input folder.
        if case .out(let tree) = destination { self.check.skippedFolder = tree.folder }
    }

    /// What the run will do, from the scan.
    package struct Plan {
        /// The scan the plans come from (for check's warnings about it).
        package let scan: CheckRun.Scan
        /// A plan for every image file, each file once (by its real path, under the first name found).
        package var plans: [FitPlan] = []
        /// Scale variants to add, made from a higher-scale file of their image set.
        package var variants: [VariantPlan] = []
        /// What could not be read or would not be written (one sentence each): neither checked nor fitted.
        package var problems: [String] = []
        /// Files fit leaves as they are, and why (one sentence each).
        package var notices: [String] = []
        /// Every file read, by its real path -> its name as found.
        package var inputs: [String: String] = [:]
        /// The headers the scan read, by path: fitting decodes with them instead of reading them again.
        package var headers: [String: ImageInfo] = [:]

        /// The plans that change a file.
        package var changing: [FitPlan] { plans.filter(\.changes) }
        /// Whether there is nothing to fit, add or report.
        package var isEmpty: Bool { plans.isEmpty && variants.isEmpty && problems.isEmpty }
    }

    /// How one image came out: its bytes before and after, and the path written (nil: another run
    /// fitted the file in place meanwhile).
    package struct Outcome: Sendable {
        package let bytes: Int
        package let size: Int
        package let written: String?
    }

    /// Scans the inputs and plans every image and missing variant.
    package func plan() throws(CheckRun.Failure) -> Plan {
        var plan = Plan(scan: try check.scan())
        func real(_ path: String) -> String { FileTree.realPath(path) ?? path }
        for group in plan.scan.groups {
            // What the scan could not read (folders, names, catalogs): neither checked nor fitted.
            plan.problems += group.scan.findings.filter { $0.rule == .unreadable || $0.rule == .catalogInvalidJSON }.map(\.message)
            // A name that is not UTF-8 is checked but never written under: the user renames it first.
            plan.problems += group.scan.findings.filter { $0.rule == .undecodableName }.map { FileTree.unwritableNameMessage($0.path) }
            for asset in group.scan.assets {
                guard !asset.reportPath.hasRawBytes && !asset.variants.contains(where: { $0.path.hasRawBytes }) else { continue }
                // An image set's Contents.json is read too (and edited when a variant is added).
                if asset.reportPath.hasSuffix("/Contents.json") {
                    let key = real(asset.reportPath)
                    if plan.inputs[key] == nil { plan.inputs[key] = asset.reportPath }
                }
                for variant in asset.variants {
                    let key = real(variant.path)
                    guard plan.inputs[key] == nil else { continue }
                    plan.inputs[key] = variant.path
                    switch variant.content {
                    case .unreadable(_, let message): plan.problems.append(message)
                    case .unsupported(let format): plan.notices.append("\(variant.path) is a \(format.displayName) file, which fit leaves as it is.")
                    case .image(let info): plan.headers[variant.path] = info
                    case .planned: break  // a scan holds none
                    }
                }
                // Missing variants first: the existing files are then fitted for the devices that keep using them.
                let fitting = FitPlan.fitting(asset, presentations: group.presentations(asset), devices: group.devices,
                                              declaresSmallFamily: group.declaresSmallFamily)
                plan.plans += fitting.plans
                plan.variants += fitting.added
            }
        }
        // A file planned twice (a link found beside its target, an image set listing one file twice):
        // fitted once, by its first plan.
        var planned = Set<String>()
        plan.plans = plan.plans.filter { planned.insert(real($0.path)).inserted }
        return plan
    }

    /// Gives every result a place under `--out`, before anything is written; nothing to do elsewhere.
    package mutating func place(_ plan: Plan) throws(OutTree.Conflict) {
        guard case .out(var tree) = destination else { return }
        try tree.place(plan.changing.map(\.path) + plan.variants.flatMap { [$0.filePath, $0.contentsPath] }, inputs: plan.inputs)
        destination = .out(tree)
    }

    /// Adds the missing scale variants, made from the original higher-scale files before those are
    /// fitted; a dry run writes nothing. One result per variant, in order.
    package func addVariants(_ plan: Plan) -> [Result<Void, FitError>] {
        var edited = Set<String>()  // Contents.json files changed already: backed up by their first change
        return plan.variants.map { variant in
            guard !destination.isDryRun else { return .success(()) }
            do throws(FitError) {
                try addVariant(variant, header: plan.headers[variant.source], backsUpContents: !edited.contains(variant.contentsPath))
                edited.insert(variant.contentsPath)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
    }

    /// Removes the temporary files an earlier, killed run left beside the files this run writes, and
    /// returns their paths.
    package func removeLeftovers(_ plan: Plan) -> [String] {
        let written: [String] = switch destination {
            case .inPlace: plan.changing.map(\.path)
            case .out(let tree): plan.changing.compactMap { tree.paths[$0.path] }
            case .dryRun: []
            }
        return AtomicFile.removeLeftovers(beside: written)
    }

    /// Fits and writes every changing plan, `jobs` at once: each worker fits a file and writes it at
    /// once (memory stays at one image per worker); results come in plan order. nil for a dry run.
    /// `advance` is called as each file is done.
    package func fit(_ plan: Plan, advance: (@Sendable () -> Void)? = nil) -> [Result<Outcome, FitError>]? {
        guard !destination.isDryRun else { return nil }
        let (headers, destination, options) = (plan.headers, destination, options)
        return plan.changing.concurrentMap(jobs: jobs) { fitting in
            Result { () throws(FitError) in
                try Self.whileLocked(fitting, for: destination) { () throws(FitError) in
                    let size = FileTree.fileSize(fitting.path) ?? 0  // of the image, through a link
                    let data: Data
                    do throws(FitError) {
                        data = try ImageFitter.fit(.file(fitting.path), header: headers[fitting.path], to: fitting.target, options: options)
                    } catch {
                        guard case .inPlace = destination, case .decode(.changed) = error, Self.fitsNow(fitting) else { throw error }
                        advance?()
                        return Outcome(bytes: size, size: size, written: nil)
                    }
                    defer { advance?() }
                    return Outcome(bytes: data.count, size: size, written: try Self.write(data, for: fitting.path, to: destination))
                }
            }
        }
    }
}
