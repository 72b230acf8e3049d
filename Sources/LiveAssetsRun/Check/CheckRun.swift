import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import LiveAssetsPlatform
import LiveAssetsProject
import LiveAssets

/// One `check` over a set of inputs: configuration discovered per input (or given), devices and
/// presentations resolved, every asset checked, severities applied.
package struct CheckRun: Sendable {
    package var inputs: [String]
    package var table: SizeTable
    /// Device selectors that override the configuration's.
    package var devices: [String]?
    /// Presentations that override the configuration's globs for every asset.
    package var presentations: [Presentation]?
    /// A configuration file that overrides discovery.
    package var configurationPath: String?
    /// The widget extension's Swift files or folders, read with the configuration's `sources` for which
    /// presentation shows each image, where neither ``presentations`` nor a configuration pattern says.
    package var sources: [String] = []
    /// Whether the Swift files found under the inputs are read too, where one of them names
    /// `ActivityConfiguration` (the command line's default; `--no-sources` turns it off).
    package var readsSourcesUnderInputs = false
    /// Whether the Xcode project or package manifest the inputs belong to decides which images a Live
    /// Activity can load (the command line's default; `--no-project` turns it off).
    package var readsProject = false
    /// Extra path patterns to leave out, matched against paths relative to each input (see `Glob`).
    package var exclude: [Glob]
    /// When not empty, only the images and image sets that match one of these patterns (relative to each
    /// input), themselves, by a folder they are in, or for an image set by one of its files, are checked.
    package var include: [Glob]
    /// Forces strict mode on (else the configuration decides).
    package var strict: Bool
    package var options: ImageProbe.Options
    package var jobs: Int
    /// Called after each file is read, with the number of files to read.
    package var progress: (@Sendable (_ total: Int) -> Void)?
    /// Whether the outcome keeps each asset's walk (``Outcome/walks``) for ``decisions(of:)``: the HTML
    /// report asks for it.
    package var keepsWalks = false
    /// For which images the app targets' code is read, for whether they show them too (``Placement/app``):
    /// what `fit` leaves. `fit` asks for it, and so does a run that keeps its walks (for the report's
    /// "what fit does"); `check` alone does not need it.
    package var readsAppCode = AppCodeReading.never
    /// A folder that walks through the input folders do not enter: `fit`'s --out folder, so that
    /// results written there earlier are neither read as inputs nor written over by them.
    package var skippedFolder: String?

    package init(inputs: [String], table: SizeTable = .bundled, devices: [String]? = nil,
                presentations: [Presentation]? = nil, configurationPath: String? = nil, exclude: [Glob] = [],
                include: [Glob] = [], strict: Bool = false, options: ImageProbe.Options = .init(), jobs: Int = 1) {
        self.inputs = inputs
        self.table = table
        self.devices = devices
        self.presentations = presentations
        self.configurationPath = configurationPath
        self.exclude = exclude
        self.include = include
        self.strict = strict
        self.options = options
        self.jobs = jobs
    }

    /// What stops a run before any file is checked.
    package enum Failure: Error, Sendable, Hashable {
        case configuration(CheckConfiguration.Problem)
        /// A device selector matched nothing; `origin` is "--devices" or the configuration file.
        case unknownDevice(selector: String, suggestion: String?, origin: String)
        /// No selected device shows any presentation asked for: the run would check nothing. A command-line
        /// error; `reason` is the sentence that says why.
        case nothingShown(reason: String)
        /// The Swift sources could not be read: the sentence that says which and why.
        case sources(String)
        /// A configuration's `sources` leads outside the repository that holds it.
        case sourcesOutsideRepository(configuration: String, source: String, real: String, repository: String)

        package var message: String {
            switch self {
            case .configuration(let problem): problem.message
            case .unknownDevice(let selector, let suggestion, let origin):
                "\(origin) names an unknown device '\(selector)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ".")
            case .nothingShown(let reason): reason
            case .sources(let reason): reason
            case .sourcesOutsideRepository(let configuration, let source, let real, let repository):
                "\(configuration) names \"\(source)\" in \"sources\", which is \(real), outside the repository \(repository); a configuration may only name sources inside it, so move the code there or give it with --sources."
            }
        }
    }

    /// Inputs read under one configuration: what they hold, and the rules that apply to them.
    package struct Group {
        package let configuration: CheckConfiguration
        package let scan: AssetScan
        package let devices: [DeviceClass]
        /// The limits of ``devices`` under the group's small-family declaration: what every size question
        /// of the group reads.
        package let limits: DeviceLimits
        /// Where each asset of ``scan`` is shown (`placements[i]` for `scan.assets[i]`).
        package let placements: [Placement]
        /// Whether the app declares the small family (the configuration's `supplementalFamilies`, or
        /// the Swift sources' `.supplementalActivityFamilies`).
        package var declaresSmallFamily: Bool { limits.declaresSmallFamily }
        /// What the Swift sources say, where the run reads them.
        package let sources: SourceFacts?
        /// What the projects of its inputs say a Live Activity can load.
        package let project: ProjectScope
        /// Where no Swift file read names `ActivityConfiguration` (``sources`` is nil): the files that
        /// could not be read, and why (one phrase each), which may hold one.
        let unreadSources: [String]
        /// Which of the configuration's exclude patterns left something out, as the walk met them.
        let excludeMatches: PatternMatches
        /// Whether the inputs hold the configuration's whole folder, so that a pattern that matched
        /// nothing matches nothing there at all.
        let coversConfigurationFolder: Bool
        /// The inputs that are not in the configuration's folder (given with --config), where its
        /// patterns cannot match.
        let inputsOutsideConfigurationFolder: [String]
    }

    /// What a run finds before it checks anything: its inputs grouped by the configuration that governs
    /// them, each group's scan (its files read) and placements, and what it has to say once.
    package struct Survey {
        /// The inputs, grouped by the configuration that governs them, in input order.
        package let groups: [Group]
        /// Patterns given with --include and --exclude that matched nothing.
        package let unmatchedFlagPatterns: [String]
        /// The bytes taken from Swift files (each file once), read or not: what the reading budget counts.
        package var swiftBytesRead = 0

        /// The image files no Live Activity shows, each once, in path order (see
        /// ``Group/filesNotChecked(_:)``): the one count every output gives of them.
        package var filesNotChecked: [String] {
            var files = groups.flatMap { $0.filesNotChecked() }
            guard groups.count > 1 else { return files }
            files.sort { PathKey($0) < PathKey($1) }
            files.removeAdjacentDuplicates(by: { $0.isSamePath(as: $1) })
            return files
        }
    }

    /// Groups the inputs by the configuration that governs them (in input order), scans each group's
    /// files and places each asset.
    package func survey() throws(Failure) -> Survey {
        let directory = FileManager.default.currentDirectoryPath
        var store = SwiftSources.Store()  // every Swift file the run reads, once, within one budget
        // The projects at or above the inputs: what a Live Activity can load, and its code (those below
        // a folder input join as its walk meets them).
        var projectFiles = ProjectScope.Cache()
        let runInputs = inputs.map { Self.absolute($0, from: directory) }
        let above = readsProject ? ProjectScope.load(for: runInputs, below: [], store: &store, cache: &projectFiles) : ProjectScope()
        var byConfiguration: [(configuration: CheckConfiguration, inputs: [String])] = []
        var loaded: [PathKey: CheckConfiguration] = [:]
        for input in inputs + above.resourcesOutside(runInputs, directory: directory) {
            let configuration = try configuration(for: input, in: directory, loaded: &loaded)
            if let index = byConfiguration.firstIndex(where: { Self.sameFile($0.configuration.path, configuration.path) }) {
                byConfiguration[index].inputs.append(input)
            } else {
                byConfiguration.append((configuration, [input]))
            }
        }
        // The skipped folder is known by its device and inode, whatever path a walk meets it by.
        var skipped: (device: dev_t, inode: ino_t)?
        var status = stat()
        if let skippedFolder, skippedFolder.systemStat(into: &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            skipped = (status.st_dev, status.st_ino)
        }
        let (include, exclude) = (self.include, self.exclude)
        let flagMatches = PatternMatches(count: include.count + exclude.count)
        var groups: [Group] = []
        var readSources: [[PathKey]: SwiftSources.Read] = [:]
        var appReadings = AppReadings()
        // Folders below an input that hold a configuration of their own are scanned under it, as inputs
        // of their own, once the walk that met them is done.
        var pending = byConfiguration, next = 0
        // For a folder met below an input, the Swift files of that input's walk: the widget code beside a
        // catalog with a configuration of its own still places the catalog's images.
        var inherited: [Int: [String]] = [:]
        while next < pending.count {
            let (configuration, inputs) = pending[next]
            next += 1
            let devices = try resolveDevices(configuration)
            // Before any file is read: the code may yet declare the small family, unless the configuration does.
            try checkShown(configuration, devices: devices, declarations: configuration.declaresSmallFamily ? [true] : [true, false])
            let configurationExcludes = configuration.exclude
            let excludeMatches = PatternMatches(count: configurationExcludes.count)
            // Asked of every file and folder a walk meets: with no pattern at all, the answers are fixed.
            var filter = AssetScanner.Filter.everything
            if !exclude.isEmpty || !configurationExcludes.isEmpty || skipped != nil {
                filter.excludes = { path, relative in
                    if let skipped {
                        var status = stat()
                        if path.withFileSystemCString({ lstat($0, &status) }) == 0 && status.st_dev == skipped.device
                            && status.st_ino == skipped.inode { return true }
                    }
                    // Both lists are asked, so that every pattern that matches is known.
                    var left = false
                    if let index = exclude.firstIndex(where: { $0.matches(relative) }) {
                        flagMatches.used[include.count + index] = true
                        left = true
                    }
                    // Configuration patterns are relative to the configuration's folder (computed only here).
                    if !configurationExcludes.isEmpty,
                       let fromConfiguration = Self.relative(path, to: configuration.directory, from: directory),
                       let index = configuration.excludingPattern(forRelativePath: fromConfiguration) {
                        excludeMatches.record(index, fromConfiguration)
                        left = true
                    }
                    return left
                }
            }
            if !include.isEmpty {
                filter.includes = { relative, files in
                    var found = false
                    for (index, pattern) in include.enumerated() where pattern.matches(relative) || files.contains(where: pattern.matches) {
                        flagMatches.used[index] = true
                        found = true
                    }
                    return found
                }
            }
            let governed = FolderList()
            if configurationPath == nil {
                filter.enters = { folder in
                    guard FileBytes.isRegularFile(folder + "/" + CheckConfiguration.fileName) else { return true }
                    governed.folders.append(folder)
                    return false
                }
            }
            let scan = AssetScanner.scan(inputs, filter: filter, options: options, jobs: jobs, progress: progress)
            var heirs: [Int] = []  // the pending entries the governed folders went to
            for folder in governed.folders {
                let configuration = try self.configuration(for: folder, in: directory, loaded: &loaded)
                if let index = pending[next...].firstIndex(where: { Self.sameFile($0.configuration.path, configuration.path) }) {
                    pending[index].inputs.append(folder)
                    heirs.append(index)
                } else {
                    pending.append((configuration, [folder]))
                    heirs.append(pending.count - 1)
                }
            }
            // The Swift sources: the flag's, the configuration's and those under the inputs (where one
            // names ActivityConfiguration); each list read once a run.
            let sourcePaths = sources + (try configuredSources(configuration))
            // In a project, the Live Activity targets' code (wherever it is); elsewhere what the walk found.
            let absoluteInputs = inputs.map { Self.absolute($0, from: directory) }
            var scope = above
            if readsProject && (!scan.projectFiles.isEmpty || !absoluteInputs.elementsEqual(runInputs, by: { $0.isSamePath(as: $1) })) {
                scope = ProjectScope.load(for: absoluteInputs, below: scan.projectFiles.map { Self.absolute($0, from: directory) },
                                          store: &store, cache: &projectFiles)
            }
            let inProject = absoluteInputs.contains { scope.projectInputs.contains(PathKey($0)) }
            let found = !readsSourcesUnderInputs ? [] : (inProject ? scope.swiftFiles : scan.swiftFiles) + (inherited[next - 1] ?? [])
            for heir in heirs { inherited[heir, default: []] += found }
            var sourcesRead: SourceFacts?
            var unreadSources: [String] = []
            if !sourcePaths.isEmpty || !found.isEmpty {
                let key = (sourcePaths + ["\u{0}"] + found).map(PathKey.init)
                if readSources[key] == nil {
                    do throws(SwiftSources.Failure) {
                        readSources[key] = try SwiftSources.read(sourcePaths, plus: found, onlyWithConfiguration: sourcePaths.isEmpty, store: &store,
                                                                 bounds: Self.bounds(of: inputs, configuration: configuration))
                    } catch {
                        throw .sources(error.message)
                    }
                }
                let read = readSources[key]!
                if read.isConfigured {
                    sourcesRead = SourceFacts(reading: read.reading, fileCount: read.fileCount,
                                              usage: ImageUsage(read.reading, names: scan.assets.map(\.name)),
                                              isFoundUnderInputs: sourcePaths.isEmpty && !inProject,
                                              isLiveActivityTargetsCode: sourcePaths.isEmpty && inProject)
                } else {
                    unreadSources = read.reading.undecided
                }
            }
            var placements = scan.assets.map { asset in
                // Asked only where a project was found (a plain folder's images make no path).
                var membership = ProjectScope.Membership.plain
                if scope.decides {
                    let paths = Self.patternPaths(of: asset).map { Self.absolute($0, from: directory) }
                    let input = absoluteInputs.filter { ProjectTarget.isSame(paths[0], orInside: $0) }.max { $0.utf8.count < $1.utf8.count } ?? paths[0]
                    membership = scope.membership(of: paths, input: input)
                }
                return Self.placement(of: asset, flag: presentations, configuration: configuration, directory: directory,
                                      membership: membership, sources: sourcesRead)
            }
            // A class is called by the model the user selected it by ("iPhone 15"), else by its first model.
            let limits = DeviceLimits(devices, declaresSmallFamily: configuration.declaresSmallFamily || sourcesRead?.reading.declaresSmallFamily == true,
                                      modelNames: table.modelNames(selectedBy: self.devices ?? configuration.devices ?? []))
            let appCode = keepsWalks ? max(readsAppCode, .forShownImages) : readsAppCode
            if appCode != .never {
                Self.addAppUses(to: &placements, of: scan, reading: appCode, limits: limits, scope: scope, sources: sourcesRead, directory: directory,
                                store: &store, bounds: Self.bounds(of: inputs, configuration: configuration), readings: &appReadings)
            }
            try checkShown(configuration, devices: devices, declarations: [limits.declaresSmallFamily])  // the group's one decision
            groups.append(Group(
                configuration: configuration, scan: scan, devices: devices, limits: limits, placements: placements,
                sources: sourcesRead, project: scope, unreadSources: unreadSources, excludeMatches: excludeMatches, coversConfigurationFolder: inputs.contains { input in
                    let absolute = Self.absolute(input, from: directory)
                    return absolute == "/" || configuration.directory.isSamePath(as: absolute) || configuration.directory.utf8.starts(with: (absolute + "/").utf8)
                }, inputsOutsideConfigurationFolder: configuration.path == nil ? [] : inputs.filter { input in
                    let absolute = Self.absolute(input, from: directory)
                    return configuration.directory != "/" && !absolute.isSamePath(as: configuration.directory)
                        && !absolute.utf8.starts(with: (configuration.directory + "/").utf8)
                }))
        }
        let unmatched = (include + exclude).indices.filter { !flagMatches.used[$0] }.map { index in
            index < include.count ? "--include '\(include[index])'" : "--exclude '\(exclude[index - include.count])'"
        }
        return Survey(groups: groups, unmatchedFlagPatterns: unmatched, swiftBytesRead: store.bytesRead)
    }

    /// What a run found, and what it says once.
    package struct Outcome {
        /// The findings, severities applied, "off" rules dropped, in report order.
        package var findings: [Finding]
        /// The files read, in order, each once.
        package var files: [String]
        /// Those of ``files`` that are not in a Live Activity (no view shows them, or the configuration
        /// says so), so not checked, in order.
        package var unchecked: [String] = []
        /// Whether warnings fail the run (--strict or a configuration's `strict`).
        package var strict: Bool
        /// What the run prints once before its report (see ``warnings(_:)``).
        package var warnings: [String]
        /// What its summary says once (see `summaryNotes(_:findings:unstated:)` and `sourceNotes(_:)`).
        package var notes: [String]
        /// What the configurations changed about what was checked (see ``CheckRun/notices(_:)``).
        package var notices: [ConfigurationNotice] = []
        /// The survey it checked (for the HTML report's pictures).
        package var survey: Survey
        /// The walk each asset's size findings were read from, by group of ``survey`` and asset
        /// (``CheckedFindings/walks``): what ``CheckRun/decisions(of:)`` reads. Kept only when the run
        /// was asked to (``CheckRun/keepsWalks``); else each group's list is empty.
        package var walks: [[AssetWalk]] = []
    }

    /// Scans the inputs and checks every asset.
    package func run() throws(Failure) -> Outcome {
        // A pool thread is started now, while this one walks the folders, so that it is there when the
        // files are read in parallel (starting it then costs the first read a millisecond or more).
        // Measured: without it, check over 2,000 files at 2 jobs takes about 5 % longer.
        if jobs > 1 { DispatchQueue.global().async {} }
        var findings: [Finding] = []
        var files: [String] = []
        var strict = self.strict
        var inOrder = true
        var unstated = 0
        var example: String?  // the first image of unstated presentation, as a pattern would name it
        var walks: [[AssetWalk]] = []
        let survey = try survey()
        for group in survey.groups {
            strict = strict || group.configuration.strict
            if files.isEmpty { files = group.scan.files } else { files += group.scan.files }
            let configuration = group.configuration
            let found = group.scan.checkedFindings(limits: group.limits, jobs: jobs, placements: group.placements,
                                                   views: presentations == nil ? Self.views(of: group) : [],
                                                   keepsWalks: keepsWalks) { rule in
                configuration.severity(of: rule)
            }
            walks.append(found.walks)
            inOrder = inOrder && found.inOrder && findings.isEmpty
            unstated += found.unstated.count
            if example == nil, let first = found.unstated.first {
                example = String(FileTree.lastComponent(Self.patternPaths(of: group.scan.assets[first])[0]))
            }
            var groupFindings = found.findings
            if let sources = group.sources {
                groupFindings = Self.citing(groupFindings, sources: sources.usage, group: group)
                let calls = Self.mayBeShownFindings(groupFindings, group: group)
                if !calls.isEmpty {
                    groupFindings += calls
                    inOrder = false
                }
            }
            if findings.isEmpty { findings = groupFindings } else { findings += groupFindings }
        }
        // Both lists are usually in order already (one folder's files, found in name order).
        if !inOrder && !findings.isInOrder(by: Finding.reportOrder) { findings.sort(by: Finding.reportOrder) }
        // By bytes, as the file system tells names apart (see PathKey).
        if !files.isInOrder(by: { PathKey($0) < PathKey($1) }) { files.sort { PathKey($0) < PathKey($1) } }
        files.removeAdjacentDuplicates(by: { $0.isSamePath(as: $1) })  // a file two image sets list, or one lists twice
        let notes = projectNotes(survey) + summaryNotes(survey, findings: findings, unstated: (unstated, example)) + sourceNotes(survey)
        return Outcome(findings: findings, files: files, unchecked: survey.filesNotChecked, strict: strict, warnings: warnings(survey), notes: notes,
                       notices: notices(survey), survey: survey, walks: walks)
    }

    /// What configuration patterns match an asset against: an image set's folder and its files, or a
    /// loose asset's files.
    static func patternPaths(of asset: Asset) -> [String] {
        let files = asset.variants.map(\.path)
        guard asset.reportPath.hasSuffix("/Contents.json") else { return files }
        return [String(asset.reportPath.dropLast("/Contents.json".count))] + files
    }
}
