import LiveAssetsPlatform
import LiveAssets

/// What the inputs hold: assets (image sets and groups of loose files) ready for `AssetChecker`,
/// plus the findings about catalogs themselves.
package struct AssetScan: Sendable {
    package var assets: [Asset]
    /// Catalog problems: invalid Contents.json, missing and unlisted files.
    package var findings: [Finding]
    /// The image files the assets use, in asset order (a file an image set lists twice, twice).
    package var files: [String]
    /// Image sets checked whole although the filter excludes some of their files (an image set is
    /// left out only when it or all its files are).
    package var partlyExcludedImageSets: [String] = []
    /// The Swift files the walk met (outside `.build` folders), in the order met: the code that may say
    /// which views show the images.
    package var swiftFiles: [String] = []
    /// The project files the walk met (`.xcodeproj` and `.xcworkspace` folders, not entered;
    /// `Package.swift`, Tuist's manifests): the projects below the inputs.
    package var projectFiles: [String] = []
}

/// Finds assets in files, folders and `.xcassets` catalogs, and reads every image they use.
package enum AssetScanner {
    /// What a scan leaves out. Each path is given as found and relative to the input it was found under
    /// (a file or an image set given as an input: its own name), which is what patterns on the command
    /// line are matched against.
    package struct Filter {
        /// Whether a folder, an image set or a file is left out; a folder left out is not entered, and an
        /// image set whose listed files are all left out is left out.
        package var excludes: (_ path: String, _ relative: Substring) -> Bool { didSet { leavesNothingOut = false } }
        /// Whether an image is in: a loose file (`files` empty), or an image set with the relative paths
        /// of the files its Contents.json lists.
        package var includes: (_ relative: Substring, _ files: [Substring]) -> Bool { didSet { leavesNothingOut = false } }

        /// A filter of these two questions.
        package init(excludes: @escaping (_ path: String, _ relative: Substring) -> Bool,
                    includes: @escaping (_ relative: Substring, _ files: [Substring]) -> Bool) {
            self.excludes = excludes
            self.includes = includes
        }

        /// Whether a walk enters a folder it meets (asked after ``excludes``); a folder it does not enter
        /// is neither read nor reported, as when another scan takes it over.
        package var enters: (_ folder: String) -> Bool = { _ in true }

        /// Leaves nothing out.
        package static var everything: Filter {
            var filter = Filter(excludes: { _, _ in false }, includes: { _, _ in true })
            filter.leavesNothingOut = true
            return filter
        }

        /// Set by ``everything``: no question needs asking (a scan then builds no relative paths).
        var leavesNothingOut = false
    }

    /// Scans `inputs`, leaving out what `filter` leaves out.
    package static func scan(_ inputs: [String], filter: Filter = .everything,
                            options: ImageProbe.Options = .init(), jobs: Int = 1,
                            progress: (@Sendable (_ total: Int) -> Void)? = nil) -> AssetScan {
        var imageSets: [(path: String, catalog: String?, relative: Substring, root: String)] = []
        var looseFiles: [String] = []
        var swiftFiles: [String] = []
        var projectFiles: [String] = []
        var findings: [Finding] = []
        // With several inputs, each image set and loose file is keyed by where it really is, so that
        // inputs naming one file differently ("d/a.jpg d/./a.jpg", a folder and a file in it through
        // "..", a link given by name and its target) read it once, under the first name given.
        let keyed = inputs.count > 1
        var imageSetKeys: [String] = [], looseFileKeys: [String] = []
        var locator = FileTree.Locator()
        // The links to folders the walks meet (and the input each was found under), and the folders
        // entered, by what they are: a folder reached twice (directly and through a link) is read once.
        var pendingLinks: [(link: String, input: String)] = []
        var entered = Set<FolderKey>()
        var bidiNamed = Set<PathKey>()  // a name said once, whatever number of inputs overlap on it
        func sayBidi(_ path: String) {
            if let finding = bidiFinding(path), bidiNamed.insert(PathKey(path)).inserted { findings.append(finding) }
        }
        /// Walks `start` (the input, or a link to a folder found below it), as found below `input`;
        /// `realRoot` is where `start` really is, when it is a link (for the keys of what it holds).
        func walkFolder(_ start: String, input: String, realRoot: String? = nil) {
            let paths = InputPaths(input: input, filter: filter)
            func relative(_ path: String) -> Substring { paths.relative(path) }
            func excluded(_ path: String) -> Bool { paths.excluded(path) }
            func included(_ path: String) -> Bool { paths.included(path) }
            var status = stat()
            if start.systemStat(into: &status) == 0 { entered.insert(FolderKey(status)) }
            let (setCount, fileCount) = (imageSets.count, looseFiles.count)
            let catalogRoot = input.hasSuffix(".xcassets") ? input : nil
            FileTree.walk(start) { entry in
                switch entry {
                case .directory(let path):
                    guard !excluded(path), filter.enters(path) else { return false }
                    var status = stat()  // a folder reached again (through a link followed) is not read twice
                    if path.systemLstat(into: &status) == 0, !entered.insert(FolderKey(status)).inserted { return false }
                    sayBidi(path)
                    if path.hasSuffix(".xcodeproj") || path.hasSuffix(".xcworkspace") {
                        if ProjectDiscovery.isProjectFile(path) { projectFiles.append(path) }
                        return false  // a project, not images
                    }
                    if path.hasSuffix(".imageset") {
                        imageSets.append((path, catalogRoot ?? catalog(containing: path), relative(path), input))
                        return false
                    }
                    return true
                case .file(let path):
                    guard FileTree.isImageName(FileTree.lastComponent(path)), !excluded(path), filter.includes(relative(path), []) else {
                        if path.hasSuffix(".swift"), !path.contains("/.build/"), !excluded(path) {
                            // A package's manifest is read as the project, never counted among its code (it is
                            // no app's code; a file named Project.swift may be, so Tuist's are read as both).
                            let name = FileTree.lastComponent(path)
                            if !(name == "Package.swift" || name.hasPrefix("Package@swift-")) { swiftFiles.append(path) }
                            if path.hasSuffix("/Package.swift") || path.hasSuffix("/Project.swift") || path.hasSuffix("/Workspace.swift"),
                               ProjectDiscovery.isProjectFile(path) { projectFiles.append(path) }
                        }
                        return true
                    }
                    sayBidi(path)
                    if let catalog = catalog(containing: path) {  // the innermost, for a catalog in a catalog
                        // In the catalog or one of its groups, outside any image set: nothing Xcode builds.
                        if Self.isInGroup(path, of: catalog) {
                            findings.append(Finding(rule: .catalogUnlistedFile, path: path,
                                                    message: "\(path) is in the catalog but in no image set, so Xcode ignores it; move it into an image set or delete it."))
                        }
                    } else {
                        looseFiles.append(path)
                    }
                    return true
                case .unlistable(let error):
                    findings.append(Finding(rule: .unreadable, path: error.file, message: error.message))
                    return false
                case .undecodableName(let path, let isFolder):
                    // Read as any other (the walk visits it next), and said, so that it gets renamed; fit
                    // refuses to write under it.
                    let loose = catalogRoot == nil && FileTree.isImageName(FileTree.lastComponent(path)) && catalog(containing: path) == nil
                    if isFolder || loose, !excluded(path), isFolder || included(path) {
                        findings.append(Finding(rule: .undecodableName, path: path,
                                                message: FileTree.undecodableMessage(path, isFolder: isFolder)))
                    }
                    return true
                case .reservedName(let path, let isFolder):
                    // Not read: an error, so that the check is never clean and fit fails.
                    if isFolder || FileTree.isImageName(FileTree.lastComponent(path)), !excluded(path), isFolder || included(path) {
                        findings.append(Finding(rule: .unreadable, path: path,
                                                message: FileTree.reservedNameMessage(path, isFolder: isFolder)))
                    }
                    return false
                case .linkedFolder(let path):
                    // Followed once every input was walked, where it stays in the repository (below).
                    if !excluded(path) { pendingLinks.append((path, input)) }
                    return false
                }
            }
            if keyed {
                // What the walk found sits below the input's real path as it sits below the input.
                let root = (realRoot ?? FileTree.realPath(start)).map { $0 == "/" ? "" : $0 }
                let length = start == "/" ? 0 : start.utf8.count
                func key(_ path: String) -> String {
                    guard let root else { return path }
                    return root + String(Substring(path.utf8.dropFirst(length)))
                }
                imageSetKeys += imageSets[setCount...].map { key($0.path) }
                looseFileKeys += looseFiles[fileCount...].map(key)
            }
        }

        for input in inputs.map(FileTree.trimmed) {
            let paths = InputPaths(input: input, filter: filter), name = paths.name
            func excluded(_ path: String) -> Bool { paths.excluded(path) }
            func included(_ path: String) -> Bool { paths.included(path) }
            // A path given with bytes that are not UTF-8 is read, and said as a name found by a walk is.
            if input.mayHoldRawBytes && input.hasRawBytes && !excluded(input) && (FileTree.isDirectory(input) || included(input)) {
                findings.append(Finding(rule: .undecodableName, path: input,
                                        message: FileTree.undecodableMessage(input, isFolder: FileTree.isDirectory(input))))
            }
            // lstat, not stat: a link given by name is resolved whole for its key (one call for the rest).
            var status = stat()
            let isLink = input.withFileSystemCString { lstat($0, &status) } == 0 && (status.st_mode & S_IFMT) == S_IFLNK
            let excludedInput = excluded(input)  // asked once: each pattern that matches is counted
            // A name given that reads otherwise than it is stored is said, as one found by a walk is.
            if !excludedInput { sayBidi(input) }
            guard isLink ? FileTree.isDirectory(input) : (status.st_mode & S_IFMT) == S_IFDIR else {
                if !excludedInput && included(input) {
                    looseFiles.append(input)
                    if keyed { looseFileKeys.append((isLink ? FileTree.realPath(input) : locator.location(of: input)) ?? input) }
                }
                continue
            }
            if input.hasSuffix(".imageset") {
                guard !excludedInput else { continue }
                if status.st_mode & S_IFMT == S_IFDIR || input.systemStat(into: &status) == 0 { entered.insert(FolderKey(status)) }
                imageSets.append((input, catalog(containing: input), name, input))
                if keyed { imageSetKeys.append(FileTree.realPath(input) ?? input) }
                continue
            }
            walkFolder(input, input: input)
        }

        // The links to folders the walks met, once every input was walked (so that a folder reached
        // directly is read by its own name): each followed when it leads inside the repository and to a
        // folder not read yet, else said (outside) or left (read already); a link in a followed folder
        // joins the queue.
        var next = 0
        var boundsOf: [PathKey: String?] = [:]  // an input -> its repository's real path (else its own)
        while next < pendingLinks.count {
            let (link, input) = pendingLinks[next]
            next += 1
            guard let real = FileTree.realPath(link) else { continue }  // gone since the walk
            sayBidi(link)
            if boundsOf[PathKey(input)] == nil { boundsOf[PathKey(input)] = RepositoryRoot.bounds(of: input, else: input) }
            guard let bounds = boundsOf[PathKey(input)]!, RepositoryRoot.contains(bounds, real) else {
                findings.append(Finding(rule: .catalogLinkOutside, path: link,
                                        message: "\(link) is a symbolic link to \(real), outside the repository, so the images in it were not checked; replace the link with the folder itself, or check \(real) on its own."))
                continue
            }
            var status = stat()
            guard real.systemStat(into: &status) == 0, entered.insert(FolderKey(status)).inserted else { continue }  // read already
            // A folder with a configuration of its own is scanned under it, as an input (within the
            // repository, as checked above).
            guard filter.enters(link) else { continue }
            if link.hasSuffix(".imageset") {
                imageSets.append((link, catalog(containing: link), Self.relative(link, in: input), input))
                if keyed { imageSetKeys.append(real) }
                continue
            }
            walkFolder(link, input: input, realRoot: real)
        }

        // Overlapping inputs (a catalog and one of its image sets, a folder and a subfolder, one file
        // named twice) count once; one input cannot overlap itself (a folder reached again through a link is
        // not read again).
        if keyed {
            var seen = Set<PathKey>()  // by bytes: two names that differ only in normalization are two files
            imageSets = zip(imageSets, imageSetKeys).filter { seen.insert(PathKey($0.1)).inserted }.map(\.0)
            looseFiles = zip(looseFiles, looseFileKeys).filter { seen.insert(PathKey($0.1)).inserted }.map(\.0)
        }

        // Names a Mac takes for one: loose images of a folder, image sets of a catalog or group.
        findings += collisionsByFolder(looseFiles) + collisionsByFolder(imageSets.map(\.path))
        var pending: [(name: String, reportPath: String, catalog: String?, variants: [PendingVariant], empty: [ImageSetEntry])] = []
        var partlyExcluded: [String] = []
        var namespaces = CatalogNamespaces()
        for imageSet in imageSets {
            let contents = imageSet.path + "/Contents.json"
            let name = namespaces.prefix(of: imageSet.path, in: imageSet.catalog)
                + String(FileTree.lastComponent(imageSet.path).dropLast(".imageset".count))
            guard let bytes = FileBytes.read(contents) else {
                guard filter.includes(imageSet.relative, []) else { continue }
                findings.append(Finding(rule: .catalogInvalidJSON, path: contents,
                                        message: "\(contents) cannot be read (\(FileBytes.lastError(contents))), so Xcode ignores the \(name) image set."))
                continue
            }
            let read: (entries: [ImageSetEntry], duplicateKeys: [JSONNode.DuplicateKey])
            do throws(ImageSetContents.Problem) {
                read = try ImageSetContents.read(bytes)
            } catch {
                guard filter.includes(imageSet.relative, []) else { continue }
                let (line, column, reason) =
                    switch error {
                    case .syntax(let syntax): (syntax.line, syntax.column, syntax.reason)
                    case .structure(let line, let column, let reason): (line, column, reason)
                    }
                findings.append(Finding(rule: .catalogInvalidJSON, path: contents, line: line, column: column,
                                        message: "\(contents) is not a valid image set description at line \(line), column \(column): \(reason)."))
                continue
            }
            let entries = read.entries
            // The image set is in when it or one of its files is included, out when it or all its files
            // are excluded: every file is asked, so that each pattern that matches is known.
            if !filter.leavesNothingOut {
                let names = entries.compactMap(\.filename).filter { !$0.contains("/") }
                let relatives = names.map { Substring(imageSet.relative + "/" + $0) }
                guard filter.includes(imageSet.relative, relatives) else { continue }
                let excludedFiles = zip(names, relatives).filter { filter.excludes(imageSet.path + "/" + $0, $1) }.count
                if excludedFiles > 0 && excludedFiles == names.count { continue }
                if excludedFiles > 0 { partlyExcluded.append(imageSet.path) }
            }
            for duplicate in read.duplicateKeys {
                let object = duplicate.objectPath.isEmpty ? "its top-level object" : duplicate.objectPath
                findings.append(Finding(rule: .catalogDuplicateKey, path: contents, line: duplicate.line, column: duplicate.column,
                                        message: "\(contents) repeats the key \"\(duplicate.key)\" in \(object) (first at line \(duplicate.firstLine)), so only this last value is read; remove the other."))
            }
            var variants: [PendingVariant] = []
            var listed = Set<String>()
            for entry in entries {
                guard let filename = entry.filename else { continue }  // an empty slot
                listed.insert(filename)
                guard !filename.utf8.contains(0) else {
                    findings.append(Finding(rule: .catalogMissingFile, path: contents, line: entry.line, column: entry.column,
                                            message: "\(contents) lists a file name with a NUL character in it, which no file can have."))
                    continue
                }
                guard !filename.contains("/"), filename != "..", filename != "." else {
                    findings.append(Finding(rule: .catalogMissingFile, path: contents, line: entry.line, column: entry.column,
                                            message: "\(contents) lists \"\(filename)\", a path outside the \(name) image set; Xcode only reads files inside it."))
                    continue
                }
                let path = imageSet.path + "/" + filename
                guard FileBytes.isRegularFile(path) else {
                    findings.append(Finding(rule: .catalogMissingFile, path: contents, line: entry.line, column: entry.column,
                                            message: "\(contents) lists \(filename), which is not in the \(name) image set."))
                    continue
                }
                if let finding = linkOutside(path, root: imageSet.root) { findings.append(finding) }
                sayBidi(path)
                variants.append(PendingVariant(
                    path: path, catalogScale: entry.scale, suffixScale: scaleSuffix(of: path).scale, idiom: entry.idiom,
                    appearance: entry.appearance, traits: entry.traits, reportPath: contents, line: entry.line, column: entry.column))
            }
            let listing = (try? FileTree.typedListing(of: imageSet.path, includingHidden: false).get()) ?? (entries: [], reserved: [])
            findings += collisionFindings(in: imageSet.path, names: listing.entries.map(\.name), at: contents)
            for file in listing.entries.map(\.name) where FileTree.isImageName(file) && !listed.contains(file) {
                let path = imageSet.path + "/" + file
                // A name that is not UTF-8 cannot be listed in a Contents.json (JSON is UTF-8).
                if file.mayHoldRawBytes && file.hasRawBytes {
                    findings.append(Finding(rule: .undecodableName, path: path,
                                            message: "\(path) has a name that is not valid UTF-8 (shown with \u{FFFD}), which the image set's Contents.json cannot list, so Xcode ignores it; rename it or delete it."))
                    continue
                }
                findings.append(Finding(rule: .catalogUnlistedFile, path: path,
                                        message: "\(path) is not listed in the image set's Contents.json, so Xcode ignores it; list it or delete it."))
                sayBidi(path)
            }
            for (file, isFolder) in listing.reserved where !isFolder && FileTree.isImageName(file) {
                let path = imageSet.path + "/" + file
                findings.append(Finding(rule: .unreadable, path: path, message: FileTree.reservedNameMessage(path, isFolder: false)))
            }
            pending.append((name, contents, imageSet.catalog, variants, entries.filter { $0.filename == nil && $0.scale != nil }))
        }

        // Loose files sharing a base name and an extension are one asset, in the order their first files
        // were found: `UIImage(named: "logo")` finds logo.png and logo@2x.png, never logo.jpg, which is
        // named with its extension and has its own scale variants (logo@2x.jpg). Every file is in one asset.
        var groupOf: [BaseName: Int] = [:]  // base name and extension -> index in `pending`
        groupOf.reserveCapacity(looseFiles.count)
        for path in looseFiles {
            let parts = nameParts(of: path)
            let variant = PendingVariant(path: path, suffixScale: parts.scale, idiom: parts.idiom, reportPath: path)
            // One hash per file: the `default:` subscript stores the new index when the base is new.
            let key = BaseName(path: path, length: parts.baseLength, extensionStart: parts.extensionStart)
            let index = { (slot: inout Int) in slot }(&groupOf[key, default: pending.count])
            // A file no device could choose over an earlier one of its asset (logo.png and logo@1x.png)
            // is an asset of its own, so that it is checked too.
            if index == pending.count || pending[index].variants.contains(where: { $0.isInterchangeable(with: variant) }) {
                pending.append((key.assetName, path, nil, [variant], []))
            } else {
                pending[index].variants.append(variant)
            }
        }

        // Read the images, asset by asset, in parallel: each file belongs to one asset (overlapping
        // inputs were merged above), so no result is shared between threads; a file an image set lists
        // twice is read once.
        var files: [String] = []
        files.reserveCapacity(pending.reduce(0) { $0 + $1.variants.count })
        for item in pending {
            for variant in item.variants { files.append(variant.path) }
        }
        let total = files.count
        let items = pending
        let assets = items.indices.concurrentMap(jobs: jobs) { index in
            let item = items[index]
            var variants: [AssetVariant] = []
            variants.reserveCapacity(item.variants.count)
            for position in item.variants.indices {
                defer { progress?(total) }
                let pending = item.variants[position]
                // A file listed again is not read again (a loose file's asset has one: nothing to ask).
                let earlier = position == 0 ? nil : item.variants[..<position].firstIndex { $0.path.isSamePath(as: pending.path) }
                let content = earlier.map { variants[$0].content }
                    ?? PendingVariant.content(ImageProbe.result(path: pending.path, options: options))
                variants.append(pending.variant(content))
            }
            return Asset(name: item.name, variants: variants, reportPath: item.reportPath, catalogPath: item.catalog,
                         emptySlots: item.empty)
        }
        return AssetScan(assets: assets, findings: findings, files: files, partlyExcludedImageSets: partlyExcluded, swiftFiles: swiftFiles,
                         projectFiles: projectFiles)
    }

    /// The `catalog-link-outside` warning for an image set's file that is a symbolic link whose file is
    /// not inside `root`, the input it was found under (as given); nil for any other file.
    static func linkOutside(_ path: String, root: String) -> Finding? {
        guard FileTree.isLink(path), let target = FileTree.realPath(path), let top = FileTree.realPath(root) else { return nil }
        guard !target.utf8.starts(with: (top == "/" ? "/" : top + "/").utf8) else { return nil }
        return Finding(rule: .catalogLinkOutside, path: path,
                       message: "\(path) is a symbolic link leading outside \(root), so the app ships a file from elsewhere; replace the link with the file itself.")
    }
}
