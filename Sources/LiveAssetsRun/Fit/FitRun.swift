#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import LiveAssetsPlatform
import LiveAssets

/// One `fit` over files, folders and catalogs, beside ``CheckRun``: the check's survey, then a plan for
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
    /// What fit was asked to do beyond its default: images a view only may show (`--candidates`), those
    /// the app shows too (`--app-images`), loose files' scale variants (`--variants`).
    package var choices = CheckRun.Group.FitChoices()

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
        /// The survey the plans come from (for check's warnings about it).
        package let survey: CheckRun.Survey
        /// A plan for every image file, each file once (by its real path, under the first name found).
        package var plans: [FitPlan] = []
        /// Scale variants to add, made from a higher-scale file of their image set.
        package var variants: [VariantPlan] = []
        /// What could not be read or would not be written (one sentence each): neither checked nor fitted.
        package var problems: [String] = []
        /// Files fit leaves as they are, and why (one sentence each).
        package var notices: [String] = []
        /// The images a computed name may show that were left as they are (without `--candidates`), by
        /// name: only those that would have changed.
        package var candidatesLeft: [String] = []
        /// The images an app target's code can show too that fit would have changed and left as they are
        /// (without `--app-images`).
        package var appImagesLeft: [AppImageLeft] = []
        /// How many image files are not in a Live Activity (the project, the Swift sources or the
        /// configuration says so), counted as check counts them: not fitted.
        package var notShown = 0
        /// Every file read, by its real path -> its name as found.
        package var inputs: [PathKey: String] = [:]
        /// The headers the scan read, by path: fitting decodes with them instead of reading them again.
        package var headers: [PathKey: ImageInfo] = [:]

        /// The plans that change a file.
        package var changing: [FitPlan] { plans.filter(\.changes) }
        /// Whether there is nothing to fit, add or report.
        package var isEmpty: Bool { plans.isEmpty && variants.isEmpty && problems.isEmpty && candidatesLeft.isEmpty && appImagesLeft.isEmpty && notShown == 0 }
    }

    /// How one image came out: its bytes before and after, and the path written (nil: another run
    /// fitted the file in place meanwhile).
    package struct Outcome: Sendable {
        package let bytes: Int
        package let size: Int
        package let written: String?
        /// Where the result takes more bytes than the original: why, measured on the two files' headers
        /// (see ``growthCause(original:fitted:)``); nil where it takes fewer.
        package var growth: String?
    }

    /// Scans the inputs and plans every image and missing variant.
    package func plan() throws(CheckRun.Failure) -> Plan {
        var check = self.check
        check.readsAppCode = choices.fitsCandidates ? .forEveryImage : .forShownImages  // an image the app shows too is left
        var plan = Plan(survey: try check.survey())
        plan.notShown = plan.survey.filesNotChecked.count  // as check counts them
        var decisions: [Decided] = []
        func real(_ path: String) -> PathKey { PathKey(FileTree.realPath(path) ?? path) }
        for group in plan.survey.groups {
            // What the scan could not read (folders, names, catalogs): neither checked nor fitted.
            plan.problems += group.scan.findings.filter { $0.rule == .unreadable || $0.rule == .catalogInvalidJSON }.map(\.message)
            // A name that is not UTF-8 is checked but never written under: the user renames it first.
            plan.problems += group.scan.findings.filter { $0.rule == .undecodableName }.map { FileTree.unwritableNameMessage($0.path) }
            for (index, asset) in group.scan.assets.enumerated() {
                guard !asset.reportPath.hasRawBytes && !asset.variants.contains(where: { $0.path.hasRawBytes }) else { continue }
                // An image set's Contents.json is read too (and edited when a variant is added).
                if asset.reportPath.hasSuffix("/Contents.json") {
                    let key = real(asset.reportPath)
                    if plan.inputs[key] == nil { plan.inputs[key] = asset.reportPath }
                }
                // Images no Live Activity shows are neither fitted nor a problem when unreadable.
                let placement = group.placements[index]
                for variant in asset.variants {
                    // Every name a file is found under has its header: fitting and validation look a
                    // plan up by the name it keeps (see `merged`).
                    if case .image(let info) = variant.content { plan.headers[PathKey(variant.path)] = info }
                    let key = real(variant.path)
                    guard plan.inputs[key] == nil else { continue }
                    plan.inputs[key] = variant.path
                    guard placement.isChecked else { continue }
                    switch variant.content {
                    case .unreadable(_, let message): plan.problems.append(message)
                    case .unsupported(let format): plan.notices.append("\(variant.path) is a \(format.displayName) file, which fit leaves as it is.")
                    case .image, .planned: break  // its header is kept above; a scan holds no planned file
                    }
                }
                // Those a computed name may show are fitted when asked, in the presentations it may show them in.
                let decided = group.fitting(at: index, choices: choices)
                if decided.leavesCandidates { plan.candidatesLeft.append(asset.name) }
                if let app = decided.leftForApp { plan.appImagesLeft.append(AppImageLeft(name: asset.name, path: asset.reportPath, use: app)) }
                decisions.append(Decided(asset: asset, limits: group.limits, fitting: decided))
                plan.variants += decided.fitting.added.filter { isBundled($0, project: group.project, problems: &plan.problems) }
            }
        }
        // The variants first: one refused (its name, a link, its source's codec, its Contents.json) leaves
        // its devices on the file they load now, so that asset's files are planned again without it, and
        // fit never shrinks a file for devices that are not about to get their own.
        var refused = Set<PathKey>()
        plan.variants = named(plan.variants, problems: &plan.problems)
        refuseThroughLinks(&plan)
        validate(&plan, refused: &refused)
        func slot(_ variant: VariantPlan) -> [String] {
            [variant.home.folder, variant.contentsPath ?? "", "\(variant.scale)", variant.idiom.rawValue, variant.appearance ?? "", variant.source]
        }
        let kept = Set(plan.variants.map(slot))
        var files: [FitPlan] = []
        for decided in decisions {
            let fitting = decided.fitting.fitting
            let keeps = fitting.added.filter { kept.contains(slot($0)) }
            files += keeps.count == fitting.added.count ? fitting.plans
                : FitPlan.fitting(decided.asset, adding: keeps, presentations: decided.fitting.presentations, limits: decided.limits).plans
        }
        let variants = plan.variants
        plan.variants = []  // validated above
        plan.plans = merged(files, problems: &plan.problems)
        refuseThroughLinks(&plan)
        validate(&plan, refused: &refused)
        plan.variants = variants
        return plan
    }

    /// Whether a loose file's new variant would be bundled as its source is: where a target lists the
    /// source file by file (not its folder), the new file would not be in the app, and is refused.
    private func isBundled(_ variant: VariantPlan, project: ProjectScope, problems: inout [String]) -> Bool {
        guard variant.contentsPath == nil else { return true }
        let source = CheckRun.absolute(variant.source, from: FileManager.default.currentDirectoryPath)
        let file = CheckRun.absolute(variant.filePath, from: FileManager.default.currentDirectoryPath)
        let missing = project.bundlers(of: source).subtracting(project.bundlers(of: file))
        guard !missing.isEmpty else { return true }
        let names = missing.map { project.targets[$0].name }.sorted()
        let targets = names.count == 1 ? "the \(names[0]) target lists" : "the \(names.spokenList()) targets list"
        problems.append(FitError.write(file: variant.filePath, reason: "\(targets) \(FileTree.lastComponent(variant.source)) file by file, so a new file beside it would not be in the app; move the image into an asset catalog, where fit adds each scale's file").message)
        return false
    }

    /// What fit decided for one asset, kept until its variants are validated.
    private struct Decided {
        let asset: Asset
        let limits: DeviceLimits
        let fitting: CheckRun.Group.AssetFitting
    }

    /// In place, a file found below a link to a folder (one the scan followed, inside the repository,
    /// or one a nested configuration made an input of its own) is not written, nor is a variant added
    /// there: fit writes through no link it finds, only through those named on the command line.
    func refuseThroughLinks(_ plan: inout Plan) {
        guard case .inPlace = destination else { return }
        let inputs = check.inputs.map(FileTree.trimmed)
        func link(above path: String) -> String? { Self.link(above: path, below: inputs) }
        func refusal(_ path: String, _ link: String) -> String {
            FitError.write(file: path, reason: "it is reached through \(link), a symbolic link to \(FileTree.realPath(link) ?? "a folder"), and fit writes through no link it finds; fit that folder by its own path instead").message
        }
        plan.plans.removeAll { fitting in
            guard fitting.changes, let link = link(above: fitting.path) else { return false }
            plan.problems.append(refusal(fitting.path, link))
            return true
        }
        plan.variants.removeAll { variant in
            guard let link = link(above: variant.contentsPath ?? variant.filePath) else { return false }
            plan.problems.append(refusal(variant.filePath, link))
            return true
        }
    }

    /// The first folder between the input `path` was found below and `path` itself that is a symbolic
    /// link, if any; the inputs are as given on the command line (a link named there is followed).
    static func link(above path: String, below inputs: [String]) -> String? {
        guard let input = inputs.filter({ path.utf8.starts(with: ($0 == "/" ? "/" : $0 + "/").utf8) }).max(by: { $0.utf8.count < $1.utf8.count })
        else { return nil }
        var folder = input == "/" ? "" : input
        let rest = path.utf8.dropFirst(input == "/" ? 1 : input.utf8.count + 1).split(separator: UInt8(ascii: "/")).dropLast()
        for part in rest {
            folder += "/" + String(decoding: part, as: UTF8.self)
            if FileTree.isLink(folder) { return folder }
        }
        return nil
    }

    /// Whether `path` may be written in place: a link found in a tree never is (a pull request can make
    /// one lead anywhere); a link named on the command line is followed, as its user asked.
    func isWritable(_ path: String) -> Bool {
        guard case .inPlace = destination else { return true }
        return !FileTree.isLink(path) || check.inputs.contains { FileTree.trimmed($0).isSamePath(as: path) }
    }

    /// One plan per file (a link found beside its target, one file in two image sets, an image set
    /// listing a file twice): fitted to the tightest of its plans, so that `check` passes after `fit`,
    /// and written under a name that is no link; a file reached only through links found in the tree
    /// is refused in place.
    func merged(_ plans: [FitPlan], problems: inout [String]) -> [FitPlan] {
        var index: [PathKey: Int] = [:]  // by real path
        var kept: [FitPlan] = []
        for plan in plans {
            let key = PathKey(FileTree.realPath(plan.path) ?? plan.path)
            guard let at = index[key] else {
                index[key] = kept.count
                kept.append(plan)
                continue
            }
            var first = kept[at]
            if !isWritable(first.path) && isWritable(plan.path) { first.path = plan.path }
            first.box = first.box.intersection(plan.box)
            first.target = first.current.fitted(in: first.box)
            kept[at] = first
        }
        return kept.filter { plan in
            guard plan.changes, !isWritable(plan.path) else { return true }
            problems.append(FitError.write(file: plan.path, reason: AtomicFile.linkReason).message)
            return false
        }
    }

    /// The variants to add, each under a free name: never one that exists (a file, a folder, a link to
    /// anything), that the image set's Contents.json lists for any entry, or that another variant of
    /// this run takes, as any file system compares names (a Mac's ignores case and Unicode
    /// normalization: `icon@2x.png` is taken where `Icon@2x.png` is, see `String.macNameKey`). The name
    /// the source's suggests first ("logo@2x.png"), then with the appearance ("logo-dark@2x.png",
    /// "logo-any@2x.png"), then numbered; past that, or where Contents.json is a link in place, the
    /// variant is refused.
    func named(_ variants: [VariantPlan], problems: inout [String]) -> [VariantPlan] {
        var taken: [PathKey: Set<String>] = [:]  // Contents.json -> the Mac keys of the names it lists, its folder holds, and this run gives
        return variants.compactMap { variant -> VariantPlan? in
            var variant = variant
            if let contentsPath = variant.contentsPath, !isWritable(contentsPath) {
                problems.append(FitError.write(file: contentsPath, reason: AtomicFile.linkReason).message)
                return nil
            }
            let folder = variant.home.folder
            let contents = PathKey(variant.contentsPath ?? folder)
            if taken[contents] == nil {
                let entries = variant.contentsPath.flatMap { FileBytes.read($0) }.flatMap { try? ImageSetContents.entries($0) } ?? []
                taken[contents] = Set((entries.compactMap(\.filename) + FileTree.entries(of: folder, includingHidden: true)).flatMap(\.macNameKeys))
            }
            let source = String(FileTree.lastComponent(variant.source))
            // Letters, digits and "-" only: an appearance's value comes from Contents.json, and a "/" in a name
            // would lead out of the image set.
            let tag = String((variant.appearance ?? "any").unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? Character(scalar) : "-"
            })
            // A loose file's variant is found by its name alone: that name or none.
            let candidates = [VariantPlan.fileName(for: source, scale: variant.scale)]
                + (variant.contentsPath == nil ? [] : [tag].map { VariantPlan.fileName(for: source, scale: variant.scale, tag: $0) }
                    + (2...9).map { VariantPlan.fileName(for: source, scale: variant.scale, tag: "\(tag)-\($0)") })
            guard let free = candidates.first(where: { name in
                guard !name.contains("/"), !name.utf8.contains(0), name != ".", name != "..", !name.hasPrefix(".") else { return false }
                let path = folder + "/" + name
                var status = stat()
                return !name.isTakenOnAMac(by: taken[contents]!) && path.withFileSystemCString({ lstat($0, &status) }) != 0
            }) else {
                let reason = variant.contentsPath == nil
                    ? "that name is taken, and the app finds a loose file's @\(variant.scale)x by that name alone; move the image into an asset catalog, or free the name"
                    : "it and the other names fit would give a new @\(variant.scale)x variant are taken"
                problems.append(FitError.write(file: folder + "/" + candidates[0], reason: reason).message)
                return nil
            }
            variant.fileName = free
            taken[contents]!.formUnion(free.macNameKeys)
            return variant
        }
    }

    /// Gives every result a place under `--out`, before anything is written; nothing to do elsewhere.
    package mutating func place(_ plan: Plan) throws(OutTree.Conflict) {
        guard case .out(var tree) = destination else { return }
        try tree.place(plan.changing.map(\.path) + plan.variants.flatMap { [$0.filePath] + ($0.contentsPath.map { [$0] } ?? []) }, inputs: plan.inputs)
        destination = .out(tree)
    }

    /// Adds the missing scale variants, made from the original higher-scale files before those are
    /// fitted; a dry run writes nothing (what it would refuse, ``validate(_:)`` took out of the plan). One result per variant, in order: whether this run added it
    /// (false: another run in place added one for its scale meanwhile).
    package func addVariants(_ plan: Plan) -> [Result<Bool, FitError>] {
        var edited = Set<PathKey>()  // Contents.json files changed already: backed up by their first change
        return plan.variants.map { variant in
            guard !destination.isDryRun else { return .success(true) }
            do throws(FitError) {
                let contents = PathKey(variant.contentsPath ?? variant.filePath)
                let added = try addVariant(variant, header: plan.headers[PathKey(variant.source)], backsUpContents: !edited.contains(contents))
                if added { edited.insert(contents) }
                return .success(added)
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
            case .out(let tree): plan.changing.compactMap { tree.output(for: $0.path) }
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
        let followed = Set(plan.changing.map(\.path).filter { FileTree.isLink($0) && isWritable($0) }.map(PathKey.init))  // named on the command line
        return plan.changing.concurrentMap(jobs: jobs) { fitting in
            Result { () throws(FitError) in
                try Self.whileLocked(fitting, for: destination) { () throws(FitError) in
                    // The file as it is now, under the lock: compared again right before the rename.
                    guard let identity = FileIdentity(path: fitting.path) else {
                        throw .write(file: fitting.path, reason: AtomicFile.changedReason)  // gone since the scan
                    }
                    let size = identity.size  // of the image, through a link
                    let data: Data
                    do throws(FitError) {
                        data = try ImageFitter.fit(.file(fitting.path), header: headers[PathKey(fitting.path)], to: fitting.target, options: options)
                    } catch {
                        guard case .inPlace = destination, case .decode(.changed) = error, Self.fitsNow(fitting) else { throw error }
                        advance?()
                        return Outcome(bytes: size, size: size, written: nil)
                    }
                    defer { advance?() }
                    let written = try Self.write(data, for: fitting.path, to: destination, followsLinks: followed.contains(PathKey(fitting.path)),
                                                 unchangedSince: identity)
                    var outcome = Outcome(bytes: data.count, size: size, written: written)
                    if data.count > size { outcome.growth = Self.growthCause(original: headers[PathKey(fitting.path)], fitted: data) }
                    return outcome
                }
            }
        }
    }
}
