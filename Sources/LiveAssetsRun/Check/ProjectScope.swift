import LiveAssetsProject
import LiveAssets

/// Which images a Live Activity can load, from the projects the inputs belong to: the app extension
/// whose code declares an `ActivityConfiguration` (or links local code that does) loads what it bundles
/// and what the frameworks and packages it links bundle; what only other targets bundle, development
/// assets, and files no target bundles are not in a Live Activity. Decided once a run, from the
/// project files alone (nothing is built or run).
package struct ProjectScope: Sendable {
    /// Why an image is not in a Live Activity, as the run says it once.
    package enum Reason: Sendable, Hashable {
        /// Only these targets bundle it.
        case otherTargets([String])
        /// It is in a folder of `DEVELOPMENT_ASSET_PATHS`: built for previews, never shipped.
        case developmentAsset
        /// No target of the project bundles it.
        case noTarget
        /// The project has no Live Activity at all.
        case noLiveActivity

        /// A phrase for the run's note, after a count: "in the App target only", "development asset".
        package func phrase(count: Int) -> String {
            switch self {
            case .otherTargets(let names):
                names.count == 1 ? "in the \(names[0]) target only" : "in the \(names.spokenList()) targets only"
            case .developmentAsset: count == 1 ? "development asset (DEVELOPMENT_ASSET_PATHS)" : "development assets (DEVELOPMENT_ASSET_PATHS)"
            case .noTarget: "in no target"
            case .noLiveActivity: "in a project with no Live Activity"
            }
        }
    }

    /// Where an image stands.
    package enum Membership: Sendable, Hashable {
        /// A Live Activity target can load it: its code decides where it is shown.
        case liveActivity
        /// Not in a Live Activity, and why.
        case outside(Reason)
        /// The projects say nothing of it (an input no target touches, a project read in part): checked
        /// as any folder's image.
        case plain
        /// It is in the folder of a project that could not be read (the phrase names it): it may be shown
        /// in any presentation.
        case undecided(String)
    }

    /// The projects read.
    package var projects: [Project] = []
    /// Project files that could not be read, each as a sentence naming it and the cause.
    package var problems: [String] = []
    /// The projects that could not be read (their files and the cause), with the folders they hold.
    package var unreadable: [(folder: String, error: ProjectError)] = []
    /// Projects a workspace lists that are not in the repository (CocoaPods' before `pod install`).
    package var missing: [String] = []
    /// Tuist's `Project.swift` files found where no generated `.xcodeproj` is: not read.
    package var tuistManifests: [String] = []
    /// The targets whose code declares an `ActivityConfiguration`, or links local code that does.
    package var liveActivityTargets: [String] = []
    /// The Swift files of those targets and of what they link locally, in path order: what decides where
    /// each image is shown.
    package var swiftFiles: [String] = []
    /// What those targets link from outside the repository (remote packages, CocoaPods, binaries): code
    /// not read, said once.
    package var outsideCode: [String] = []
    /// Whether any Live Activity was found (false, with projects read: "no Live Activity in this project").
    package var hasLiveActivity: Bool { !liveActivityTargets.isEmpty }
    /// Whether the projects say anything of an image of the inputs (an input a target touches, a
    /// project not read); when not, every image is a plain folder's.
    package var decides: Bool { !projectInputs.isEmpty || !unreadable.isEmpty }
    /// Whether the projects were found at all (none: every input is a plain folder).
    package var isEmpty: Bool { projects.isEmpty && problems.isEmpty && unreadable.isEmpty && tuistManifests.isEmpty && missing.isEmpty }

    /// The targets of every project, and the indexes membership is asked through.
    var targets: [ProjectTarget] = []
    /// Whether target `i` is a Live Activity target or linked by one.
    var loads: [Bool] = []
    /// Each resource and folder, by path: the targets that bundle it (and the folder's exceptions).
    var resources: [PathKey: [Int]] = [:]
    var folders: [PathKey: [(target: Int, excluded: Set<String>)]] = [:]
    var developmentAssets = Set<PathKey>()
    /// The inputs (absolute) that a target touches: their images are the project's.
    var projectInputs = Set<PathKey>()
    /// The targets that are not Live Activity code and can show images (``findAppTargets()``).
    var appTargets: [AppTarget] = []
    /// Whether every project was read whole (a computed manifest may hide targets).
    var isComplete = true

    package init() {}

    /// Where the image whose files (and image set folder) are `paths` (absolute), found below the
    /// absolute `input`, stands.
    package func membership(of paths: [String], input: String) -> Membership {
        if let open = unreadable.first(where: { ProjectTarget.isSame(paths[0], orInside: $0.folder) }), bundlers(of: paths[0]).isEmpty {
            return .undecided("a project LiveAssets could not read (\(CheckRun.shortPath(open.error.file)))")
        }
        guard !targets.isEmpty else { return .plain }
        if paths.contains(where: isDevelopmentAsset) { return .outside(.developmentAsset) }
        var bundlers = Set<Int>()
        for path in paths { bundlers.formUnion(self.bundlers(of: path)) }
        if bundlers.contains(where: { loads[$0] }) { return .liveActivity }
        if !bundlers.isEmpty {
            return .outside(hasLiveActivity ? .otherTargets(bundlers.map { targets[$0].name }.sorted()) : .noLiveActivity)
        }
        guard isComplete, projectInputs.contains(PathKey(input)) else { return .plain }
        return .outside(hasLiveActivity ? .noTarget : .noLiveActivity)
    }

    /// The targets that bundle `path`: by each folder on its way up, a resource that is that folder, or
    /// a folder of the target's that holds it and does not except it.
    func bundlers(of path: String) -> Set<Int> {
        var found = Set<Int>()
        var folder = path
        while true {
            let key = PathKey(folder)
            if let owners = resources[key] { found.formUnion(owners) }
            if let owners = folders[key], let relative = ProjectScope.relative(path, in: folder) {
                for (target, excluded) in owners where !excluded.contains(where: { ProjectTarget.isSame(relative, orInside: $0) }) {
                    found.insert(target)
                }
            }
            guard folder != "/", let slash = folder.lastIndex(of: "/") else { break }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
        return found
    }

    func isDevelopmentAsset(_ path: String) -> Bool {
        guard !developmentAssets.isEmpty else { return false }
        var folder = path
        while true {
            if developmentAssets.contains(PathKey(folder)) { return true }
            guard folder != "/", let slash = folder.lastIndex(of: "/") else { return false }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
    }

    /// `path` relative to `folder` ("" for the folder itself).
    static func relative(_ path: String, in folder: String) -> String? {
        if path.isSamePath(as: folder) { return "" }
        let prefix = folder == "/" ? "/" : folder + "/"
        guard path.utf8.starts(with: prefix.utf8) else { return nil }
        return String(decoding: path.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    }
}

extension ProjectScope {
    /// Where an input holds a Live Activity target's code (the widget's folder) and the images it loads
    /// are elsewhere (the app's catalog, shared): those catalogs, images and folders, not already below
    /// an input, so that the widget's folder alone checks its images. Relative to `directory` when
    /// inside it. `inputs` are absolute.
    package func resourcesOutside(_ inputs: [String], directory: String) -> [String] {
        guard hasLiveActivity, inputs.contains(where: { input in swiftFiles.contains { ProjectTarget.isSame($0, orInside: input) } })
        else { return [] }
        var extra: [String] = []
        for (number, target) in targets.enumerated() where loads[number] {
            for path in target.resources where !path.hasSuffix(".swift") {
                let covered = inputs.contains { ProjectTarget.isSame(path, orInside: $0) }
                    || extra.contains { ProjectTarget.isSame(path, orInside: $0) }
                guard !covered, !isDevelopmentAsset(path), FileTree.exists(path) else { continue }
                extra.append(path)
            }
        }
        return extra.map { path in ProjectScope.relative(path, in: directory).map { $0.isEmpty ? "." : $0 } ?? path }
    }
}
