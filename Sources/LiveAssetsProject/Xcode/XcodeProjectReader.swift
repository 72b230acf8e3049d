import LiveAssetsCore

/// Reads an `.xcodeproj`'s `project.pbxproj`: its native targets, each with the Swift files of its
/// Sources phase, the files and folders of its Resources phase, its synchronized folders (Xcode 16) with
/// their exceptions, what it links (targets, package products, frameworks from outside), and its
/// development asset paths. Paths resolve through the groups as Xcode resolves them (`<group>`,
/// `SOURCE_ROOT`, `<absolute>`); one into the build products or the SDK is not a file of the
/// repository and is left aside.
package enum XcodeProjectReader {
    /// The project in the `.xcodeproj` folder `bundle`.
    package static func read(_ bundle: String) throws(ProjectError) -> Project {
        let file = bundle + "/project.pbxproj"
        let bytes: [UInt8]
        switch ProjectLimits.bytes(of: file, limit: ProjectLimits.projectFile) {
        case .success(let read): bytes = read
        case .failure(let error): throw error
        }
        let plist: PropertyList
        do throws(PropertyListError) {
            plist = try PropertyListParser.parse(bytes)
        } catch {
            throw ProjectError(file: file, reason: "line \(error.line): \(error.reason)")
        }
        guard let objects = plist["objects"]?.dictionary, let rootID = plist["rootObject"]?.string, let root = objects[rootID]?.dictionary
        else { throw ProjectError(file: file, reason: "it has no objects or no root object") }
        let folder = bundle.lastIndex(of: "/").map { String(bundle[..<$0]) } ?? "."
        var reader = Reader(objects: objects, projectRoot: join(folder.isEmpty ? "/" : folder, root["projectDirPath"]?.string ?? ""), file: bundle)
        return reader.project(root: root)
    }

    /// `base` and `path` joined ("" adds nothing; an absolute `path` stands alone), "." and ".." resolved.
    static func join(_ base: String, _ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : (path.isEmpty ? base : base + "/" + path)
        var parts: [Substring] = []
        for part in joined.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// What reading one project file keeps: the objects, the parents of its file elements, and the
    /// paths resolved so far.
    struct Reader {
        let objects: [String: PropertyList]
        let projectRoot: String
        let file: String
        var parents: [String: String] = [:]
        var paths: [String: String?] = [:]
        var notes: [String] = []

        init(objects: [String: PropertyList], projectRoot: String, file: String) {
            self.objects = objects
            self.projectRoot = projectRoot
            self.file = file
            for (id, object) in objects {
                for child in object["children"]?.strings ?? [] { parents[child] = id }
            }
        }

        func object(_ id: String?) -> [String: PropertyList]? { id.flatMap { objects[$0]?.dictionary } }

        /// The absolute path of file element `id`; nil where it is not a file of the repository.
        mutating func path(of id: String) -> String? {
            if let known = paths[id] { return known }
            paths[id] = String?.none  // a group that is its own ancestor resolves to nothing
            guard let element = object(id) else { return nil }
            let own = element["path"]?.string ?? ""
            let resolved: String?
            switch element["sourceTree"]?.string ?? "<group>" {
            case "<group>":
                if let parent = parents[id] {
                    resolved = path(of: parent).map { XcodeProjectReader.join($0, own) }
                } else {
                    resolved = XcodeProjectReader.join(projectRoot, own)  // the main group
                }
            case "SOURCE_ROOT": resolved = XcodeProjectReader.join(projectRoot, own)
            case "<absolute>": resolved = own.hasPrefix("/") ? XcodeProjectReader.join("/", own) : nil
            default: resolved = nil  // BUILT_PRODUCTS_DIR, SDKROOT, DEVELOPER_DIR: not in the repository
            }
            paths[id] = resolved
            return resolved
        }

        /// The files a build file stands for: a file's path; a variant group's (localized) children.
        mutating func files(ofBuildFile id: String) -> [String] {
            guard let reference = object(id)?["fileRef"]?.string, let element = object(reference) else { return [] }
            switch element["isa"]?.string {
            case "PBXVariantGroup":
                var found: [String] = []
                for child in element["children"]?.strings ?? [] { if let resolved = path(of: child) { found.append(resolved) } }
                return found
            default:
                return path(of: reference).map { [$0] } ?? []
            }
        }

        mutating func project(root: [String: PropertyList]) -> Project {
            var targets: [ProjectTarget] = []
            var localPackages: [String: String] = [:]  // reference id -> folder
            var remote: [String: String] = [:]  // reference id -> repository URL
            for id in root["packageReferences"]?.strings ?? [] {
                guard let reference = object(id) else { continue }
                if let relative = reference["relativePath"]?.string {
                    localPackages[id] = XcodeProjectReader.join(projectRoot, relative)
                } else if let url = reference["repositoryURL"]?.string {
                    remote[id] = url
                }
            }
            let projectAssets = developmentAssets(of: root["buildConfigurationList"]?.string)
            var productTargets: [String: String] = [:]  // a product's file reference -> the target building it
            for id in root["targets"]?.strings ?? [] {
                if let product = object(id)?["productReference"]?.string, let name = object(id)?["name"]?.string {
                    productTargets[product] = name
                }
            }
            // Exception sets whose target is a target that does not list their folder add files to it.
            var added: [String: [String]] = [:]  // target id -> files
            var listed: [String: Set<String>] = [:]  // target id -> its synchronized folders
            for id in root["targets"]?.strings ?? [] {
                listed[id] = Set(object(id)?["fileSystemSynchronizedGroups"]?.strings ?? [])
            }
            for (groupID, group) in objects where group["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
                guard let folder = path(of: groupID) else { continue }
                for exceptionID in group["exceptions"]?.strings ?? [] {
                    guard let exception = object(exceptionID), let target = exception["target"]?.string,
                          listed[target]?.contains(groupID) == false else { continue }
                    added[target, default: []] += (exception["membershipExceptions"]?.strings ?? []).map { XcodeProjectReader.join(folder, Self.exceptionPath($0)) }
                }
            }
            for id in root["targets"]?.strings ?? [] {
                guard let object = object(id), object["isa"]?.string == "PBXNativeTarget", let name = object["name"]?.string else { continue }
                var target = ProjectTarget(name: name, kind: Self.kind(object["productType"]?.string), declaredIn: file)
                for phaseID in object["buildPhases"]?.strings ?? [] {
                    guard let phase = self.object(phaseID) else { continue }
                    let files = phase["files"]?.strings ?? []
                    switch phase["isa"]?.string {
                    case "PBXSourcesBuildPhase":
                        for buildFile in files {
                            let compiled = self.files(ofBuildFile: buildFile)
                            target.sources += compiled.filter { $0.hasSuffix(".swift") }
                            target.otherCode += compiled.filter(ProjectTarget.isOtherCode)
                        }
                    case "PBXResourcesBuildPhase":
                        for buildFile in files { target.resources += self.files(ofBuildFile: buildFile) }
                    case "PBXFrameworksBuildPhase":
                        for buildFile in files {
                            guard let build = self.object(buildFile) else { continue }
                            if let product = build["productRef"]?.string {
                                target.links.append(link(product: product, localPackages: localPackages, remote: remote))
                            } else if let reference = build["fileRef"]?.string {
                                if let producer = productTargets[reference] {
                                    target.links.append(.target(producer))
                                } else if let element = self.object(reference), path(of: reference) == nil {
                                    // A framework built elsewhere (CocoaPods, Carthage) or the SDK's.
                                    let named = element["path"]?.string ?? element["name"]?.string ?? reference
                                    if element["sourceTree"]?.string != "SDKROOT" && element["sourceTree"]?.string != "DEVELOPER_DIR" {
                                        target.links.append(.outside(named))
                                    }
                                }
                            }
                        }
                    default: break
                    }
                }
                for product in object["packageProductDependencies"]?.strings ?? [] {
                    let linked = link(product: product, localPackages: localPackages, remote: remote)
                    if !target.links.contains(linked) { target.links.append(linked) }
                }
                for dependency in object["dependencies"]?.strings ?? [] {
                    if let other = self.object(dependency)?["target"]?.string, let named = self.object(other)?["name"]?.string,
                       !target.links.contains(.target(named)) {
                        target.links.append(.target(named))
                    }
                }
                for groupID in object["fileSystemSynchronizedGroups"]?.strings ?? [] {
                    guard let folder = path(of: groupID) else { continue }
                    var excluded = Set<String>()
                    for exceptionID in self.object(groupID)?["exceptions"]?.strings ?? [] {
                        guard let exception = self.object(exceptionID), exception["target"]?.string == id else { continue }
                        excluded.formUnion((exception["membershipExceptions"]?.strings ?? []).map(Self.exceptionPath))
                    }
                    target.folders.append(ProjectTarget.Folder(path: folder, excluded: excluded))
                }
                for file in added[id] ?? [] {
                    if file.hasSuffix(".swift") { target.sources.append(file) }
                    else if ProjectTarget.isOtherCode(file) { target.otherCode.append(file) }
                    else { target.resources.append(file) }
                }
                target.developmentAssets = projectAssets + developmentAssets(of: object["buildConfigurationList"]?.string)
                targets.append(target)
            }
            var project = Project(file: file, root: projectRoot, targets: targets)
            project.localPackages = localPackages.values.sorted()
            project.notes = notes
            return project
        }

        /// What a package product dependency names.
        func link(product id: String, localPackages: [String: String], remote: [String: String]) -> ProjectTarget.Link {
            let dependency = object(id)
            let name = (dependency?["productName"]?.string ?? id).replacing("plugin:", with: "")
            guard let package = dependency?["package"]?.string else { return .product(package: localPackages.count == 1 ? localPackages.values.first : nil, name: name) }
            if let folder = localPackages[package] { return .product(package: folder, name: name) }
            return .outside(remote[package].map { "\(name) (\($0))" } ?? name)
        }

        /// The development asset folders a configuration list's configurations name.
        mutating func developmentAssets(of listID: String?) -> [String] {
            var found: [String] = []
            for configuration in object(listID)?["buildConfigurations"]?.strings ?? [] {
                guard let setting = object(configuration)?["buildSettings"]?["DEVELOPMENT_ASSET_PATHS"] else { continue }
                let words = setting.string.map(Self.words) ?? setting.strings.flatMap(Self.words)
                for word in words {
                    var path = word
                    for variable in ["$(SRCROOT)", "${SRCROOT}", "$(PROJECT_DIR)", "${PROJECT_DIR}", "$(SOURCE_ROOT)", "${SOURCE_ROOT}"] {
                        path = path.replacing(variable, with: projectRoot)
                    }
                    guard !path.contains("$(") && !path.contains("${") else {
                        notes.append("\(file): DEVELOPMENT_ASSET_PATHS names \(word), whose variables are not read")
                        continue
                    }
                    let absolute = XcodeProjectReader.join(projectRoot, path)
                    if !found.contains(absolute) { found.append(absolute) }
                }
            }
            return found
        }

        /// A build setting's words, as a shell splits them: quotes and backslashes read.
        static func words(_ text: String) -> [String] {
            var words: [String] = [], word = "", quote: Character?, escaped = false, started = false
            for character in text {
                if escaped { word.append(character); escaped = false; continue }
                if character == "\\" { escaped = true; started = true; continue }
                if let open = quote {
                    if character == open { quote = nil } else { word.append(character) }
                    continue
                }
                if character == "\"" || character == "'" { quote = character; started = true; continue }
                if character == " " || character == "\t" {
                    if started { words.append(word) }
                    word = ""
                    started = false
                    continue
                }
                word.append(character)
                started = true
            }
            if started { words.append(word) }
            return words
        }

        /// A membership exception's path, relative to its folder: a localized file is written
        /// "/Localized: Resources/Foo.strings" or "/Localized/Resources/Foo.strings".
        static func exceptionPath(_ text: String) -> String {
            for prefix in ["/Localized: ", "/Localized/"] where text.hasPrefix(prefix) { return String(text.dropFirst(prefix.count)) }
            return text
        }

        static func kind(_ type: String?) -> ProjectTarget.Kind {
            guard let type else { return .other }
            if type.hasPrefix("com.apple.product-type.application") || type.hasPrefix("com.apple.product-type.watchapp") { return .application }
            if type.contains("app-extension") || type.contains("extensionkit-extension") { return .appExtension }
            if type.contains("framework") || type.contains("library") { return .library }
            if type.contains("bundle.unit-test") || type.contains("bundle.ui-testing") { return .test }
            return .other
        }
    }
}
