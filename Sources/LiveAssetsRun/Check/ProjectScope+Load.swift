import LiveAssetsProject
import LiveAssets

extension ProjectScope {
    /// The most projects and packages a run reads (a workspace of many projects is read up to this).
    static let maximumProjects = 200

    /// The project files a run has read, by path: each read once, however many of its scopes name it.
    package typealias Cache = [PathKey: Result<Project, ProjectError>]

    /// Reads the projects of `inputs` (absolute paths: those at or above them, and `below`, the project
    /// files their walks met) and decides what a Live Activity can load; the Swift files it searches for
    /// `ActivityConfiguration` are taken through `store` (the run's budget), the project files through
    /// `cache`.
    package static func load(for inputs: [String], below: [String] = [], store: inout SwiftSources.Store) -> ProjectScope {
        var cache = Cache()
        return load(for: inputs, below: below, store: &store, cache: &cache)
    }

    package static func load(for inputs: [String], below: [String], store: inout SwiftSources.Store, cache: inout Cache) -> ProjectScope {
        var scope = ProjectScope()
        let found = ProjectDiscovery.projects(for: inputs, below: below)
        var xcodeProjects = found.xcodeProjects, manifests = found.manifests
        if xcodeProjects.isEmpty { scope.tuistManifests = found.tuistManifests }
        for workspace in found.workspaces {
            do throws(ProjectError) {
                for reference in try XcodeWorkspaceReader.references(workspace) {
                    if reference.hasSuffix(".xcodeproj") { xcodeProjects.append(reference) }
                    else if FileBytes.isRegularFile(reference + "/Package.swift") { manifests.append(reference + "/Package.swift") }
                }
            } catch {
                scope.problems.append(error.message)
            }
        }
        // The repository: the folders holding `.git` above the inputs; where there is none, the folders
        // of the projects found and the inputs themselves (a project's local packages beside it included).
        var bounds = inputs.compactMap { RepositoryRoot.of($0) }
        if bounds.isEmpty {
            bounds = (xcodeProjects + found.workspaces + manifests).map(ProjectDiscovery.parent(of:)) + inputs
            bounds = bounds.compactMap { FileTree.realPath($0) }
        }
        var read = Set<PathKey>()
        var queue = xcodeProjects.map { ($0, true) } + manifests.map { ($0, false) }
        var next = 0
        while next < queue.count && scope.projects.count < maximumProjects {
            let (file, isXcode) = queue[next]
            next += 1
            guard read.insert(PathKey(file)).inserted else { continue }
            // A project file a link leads to is read as any other: it only says what is built, and every
            // file it names is then read only within the bounds of the run.
            // One a workspace lists that is not in the repository (CocoaPods' Pods.xcodeproj before `pod
            // install`): its code and images are not here, said once; nothing of the repository depends on it.
            guard FileTree.exists(isXcode ? file + "/project.pbxproj" : file) else {
                scope.missing.append(file)
                continue
            }
            let read: Result<Project, ProjectError>
            if let known = cache[PathKey(file)] {
                read = known
            } else {
                read = Result { () throws(ProjectError) in isXcode ? try XcodeProjectReader.read(file) : try PackageManifestReader.read(file) }
                cache[PathKey(file)] = read
            }
            do throws(ProjectError) {
                var project = try read.get()
                project.confine(to: bounds)
                for package in project.localPackages where FileBytes.isRegularFile(package + "/Package.swift") {
                    queue.append((package + "/Package.swift", false))
                }
                scope.projects.append(project)
            } catch {
                scope.unreadable.append((ProjectDiscovery.parent(of: file), error))
            }
        }
        if next < queue.count { scope.problems.append("only the first \(maximumProjects) projects and packages were read") }
        scope.isComplete = scope.problems.isEmpty && scope.unreadable.isEmpty && scope.projects.allSatisfy(\.isComplete)
        scope.targets = scope.projects.flatMap(\.targets)
        scope.index(inputs: inputs)
        // Inputs no target touches are plain folders: then nothing the projects say is asked.
        if !scope.projectInputs.isEmpty { scope.decide(store: &store) } else { scope.loads = [Bool](repeating: false, count: scope.targets.count) }
        return scope
    }

    /// Finds the Live Activity targets and what they load.
    mutating func decide(store: inout SwiftSources.Store) {
        var files: [Int: [String]] = [:]
        let targets = self.targets
        func code(of target: Int) -> [String] {
            if let known = files[target] { return known }
            let found = ProjectScope.swiftFiles(of: targets[target])
            files[target] = found
            return found
        }
        loads = [Bool](repeating: false, count: targets.count)
        // A Live Activity lives in an app extension, or in a library or package target that offers its
        // views to one (then loaded with that target's resources, `bundle: .module`).
        let candidates = targets.indices.filter { targets[$0].kind == .appExtension || targets[$0].kind == .library }
        var read = Set<PathKey>()
        for candidate in candidates {
            var outside: [String] = []
            let closure = self.closure(of: candidate, outside: &outside)
            let declares = closure.contains { member in
                code(of: member).contains { store.declaresConfiguration($0) == true }
            }
            guard declares else { continue }
            liveActivityTargets.append(targets[candidate].name)
            for member in closure {
                loads[member] = true
                for file in code(of: member) where read.insert(PathKey(file)).inserted { swiftFiles.append(file) }
            }
            outsideCode += outside.filter { !outsideCode.contains($0) }
        }
        swiftFiles.sort { PathKey($0) < PathKey($1) }
        guard liveActivityTargets.isEmpty else {
            findAppTargets()
            return
        }
        // None: is an ActivityConfiguration anywhere in the projects' code? Then where it is built was
        // not followed, and nothing is taken for "no Live Activity".
        for target in targets.indices {
            if let file = code(of: target).first(where: { store.declaresConfiguration($0) != false }) {
                problems.append("\(file) may declare an ActivityConfiguration, but no app extension of the project compiles it or links code that does")
                isComplete = false
                return
            }
        }
    }

    /// Target `index` and every target it links (those `follows` passes, and what they link), in the
    /// projects read; what it links from outside the repository is added to `outside`.
    func closure(of index: Int, outside: inout [String], follows: (ProjectTarget) -> Bool = { _ in true }) -> [Int] {
        var found = [index], next = 0
        while next < found.count {
            let target = targets[found[next]]
            next += 1
            for link in target.links {
                var members: [Int] = []
                switch link {
                case .target(let name):
                    members = targets.indices.filter { targets[$0].name == name && targets[$0].declaredIn.isSamePath(as: target.declaredIn) }
                case .product(let package, let name):
                    let project = projects.first { project in
                        package.map { project.file.isSamePath(as: $0 + "/Package.swift") } ?? false
                    }
                    guard let project else {
                        if !outside.contains(name) { outside.append(name) }
                        continue
                    }
                    let names = project.products[name] ?? [name]
                    members = targets.indices.filter { names.contains(targets[$0].name) && targets[$0].declaredIn.isSamePath(as: project.file) }
                case .outside(let name):
                    if !outside.contains(name) { outside.append(name) }
                }
                for member in members where !found.contains(member) && follows(targets[member]) { found.append(member) }
            }
        }
        return found
    }

    /// The Swift files a target compiles: those it lists, and those in its folders but the excepted
    /// (hidden folders and `.build` not entered).
    static func swiftFiles(of target: ProjectTarget) -> [String] { code(of: target).swift }

    /// The code a target compiles, by language: what LiveAssets reads, and what it does not.
    struct TargetCode {
        /// Its Swift files.
        var swift: [String]
        /// Its Objective-C files (``ProjectTarget/otherCode``).
        var other: [String]
        /// The storyboards and XIBs it bundles.
        var interfaces: [String] = []
    }

    /// The files a target compiles: those it lists, and those in its folders but the excepted (hidden
    /// folders, `.build` and catalogs not entered).
    static func code(of target: ProjectTarget) -> TargetCode {
        var code = TargetCode(swift: target.sources, other: target.otherCode, interfaces: target.resources.filter(isInterface))
        for folder in target.folders where FileTree.isDirectory(folder.path) {
            FileTree.walk(folder.path) { entry in
                switch entry {
                case .directory(let path):
                    let relative = relative(path, in: folder.path) ?? ""
                    let name = FileTree.lastComponent(path)
                    return name != ".build" && !name.hasSuffix(".xcassets") && !folder.excluded.contains { ProjectTarget.isSame(relative, orInside: $0) }
                case .file(let path):
                    let swift = path.hasSuffix(".swift")
                    if swift || ProjectTarget.isOtherCode(path), let relative = relative(path, in: folder.path),
                       !folder.excluded.contains(where: { ProjectTarget.isSame(relative, orInside: $0) }) {
                        if swift { code.swift.append(path) } else { code.other.append(path) }
                    } else if isInterface(path), let relative = relative(path, in: folder.path),
                              !folder.excluded.contains(where: { ProjectTarget.isSame(relative, orInside: $0) }) {
                        code.interfaces.append(path)
                    }
                    return true
                default:
                    return true
                }
            }
        }
        return code
    }

    /// Whether `path` is a storyboard or a XIB (an Interface Builder file, which names images).
    static func isInterface(_ path: String) -> Bool { path.hasSuffix(".storyboard") || path.hasSuffix(".xib") }

    /// Builds the indexes membership is asked through, and which inputs the projects touch.
    mutating func index(inputs: [String]) {
        for (number, target) in targets.enumerated() {
            for resource in target.resources { resources[PathKey(resource), default: []].append(number) }
            for folder in target.folders { folders[PathKey(folder.path), default: []].append((number, folder.excluded)) }
            for asset in target.developmentAssets { developmentAssets.insert(PathKey(asset)) }
        }
        for input in inputs {
            let touched = targets.contains { target in
                let paths = target.resources + target.folders.map(\.path) + target.sources
                return paths.contains { ProjectTarget.isSame($0, orInside: input) || ProjectTarget.isSame(input, orInside: $0) }
            }
            if touched { projectInputs.insert(PathKey(input)) }
        }
    }
}

extension Project {
    /// The project without the paths it names outside `bounds` (the repository that holds it, by real
    /// paths): those are not read, and each project says them once (real projects hold stale references,
    /// and a pull request can point one anywhere).
    mutating func confine(to bounds: [String]) {
        var outside: [String] = []
        func inside(_ path: String) -> Bool {
            let real = FileTree.realPath(path) ?? path  // a path that does not exist yet is judged as written
            guard bounds.contains(where: { RepositoryRoot.contains($0, real) }) else {
                if !outside.contains(path) { outside.append(path) }
                return false
            }
            return true
        }
        for index in targets.indices {
            targets[index].sources = targets[index].sources.filter(inside)
            targets[index].resources = targets[index].resources.filter(inside)
            targets[index].otherCode = targets[index].otherCode.filter(inside)
            targets[index].folders = targets[index].folders.filter { inside($0.path) }
        }
        localPackages = localPackages.filter(inside)
        outsideRepository = outside
    }
}
