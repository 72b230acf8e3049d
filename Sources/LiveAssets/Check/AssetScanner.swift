import LiveAssetsPlatform

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
        var findings: [Finding] = []
        // With several inputs, each image set and loose file is keyed by where it really is, so that
        // inputs naming one file differently ("d/a.jpg d/./a.jpg", a folder and a file in it through
        // "..", a link given by name and its target) read it once, under the first name given.
        let keyed = inputs.count > 1
        var imageSetKeys: [String] = [], looseFileKeys: [String] = []
        var locator = FileTree.Locator()
        for input in inputs.map(FileTree.trimmed) {
            let name = FileTree.lastComponent(input)
            // Below the input, paths are matched from the input on: "a/b" for "input/a/b".
            let prefix = input == "/" ? 1 : input.utf8.count + 1
            func relative(_ path: String) -> Substring { path[path.utf8.index(path.startIndex, offsetBy: prefix)...] }
            func excluded(_ path: String) -> Bool { filter.excludes(path, path == input ? name : relative(path)) }
            func included(_ path: String) -> Bool { filter.includes(path == input ? name : relative(path), []) }
            // A path given with bytes that are not UTF-8 is read, and said as a name found by a walk is.
            if input.mayHoldRawBytes && input.hasRawBytes && !excluded(input) && (FileTree.isDirectory(input) || included(input)) {
                findings.append(Finding(rule: .undecodableName, path: input,
                                        message: FileTree.undecodableMessage(input, isFolder: FileTree.isDirectory(input))))
            }
            // lstat, not stat: a link given by name is resolved whole for its key (one call for the rest).
            var status = stat()
            let isLink = input.withFileSystemCString { lstat($0, &status) } == 0 && (status.st_mode & S_IFMT) == S_IFLNK
            guard isLink ? FileTree.isDirectory(input) : (status.st_mode & S_IFMT) == S_IFDIR else {
                if !excluded(input) && included(input) {
                    looseFiles.append(input)
                    if keyed { looseFileKeys.append((isLink ? FileTree.realPath(input) : locator.location(of: input)) ?? input) }
                }
                continue
            }
            if input.hasSuffix(".imageset") {
                guard !excluded(input) else { continue }
                imageSets.append((input, catalog(containing: input), name, input))
                if keyed { imageSetKeys.append(FileTree.realPath(input) ?? input) }
                continue
            }
            let (setCount, fileCount) = (imageSets.count, looseFiles.count)
            let catalogRoot = input.hasSuffix(".xcassets") ? input : nil
            FileTree.walk(input) { entry in
                switch entry {
                case .directory(let path):
                    guard !excluded(path), filter.enters(path) else { return false }
                    if path.hasSuffix(".imageset") {
                        imageSets.append((path, catalogRoot ?? catalog(containing: path), relative(path), input))
                        return false
                    }
                    return true
                case .file(let path):
                    guard FileTree.isImageName(FileTree.lastComponent(path)), !excluded(path), filter.includes(relative(path), []) else {
                        if path.hasSuffix(".swift"), !path.contains("/.build/"), !excluded(path) { swiftFiles.append(path) }
                        return true
                    }
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
                }
            }
            if keyed {
                // What the walk found sits below the input's real path as it sits below the input.
                let root = FileTree.realPath(input).map { $0 == "/" ? "" : $0 }
                let length = input == "/" ? 0 : input.utf8.count
                func key(_ path: String) -> String {
                    guard let root else { return path }
                    return root + String(Substring(path.utf8.dropFirst(length)))
                }
                imageSetKeys += imageSets[setCount...].map { key($0.path) }
                looseFileKeys += looseFiles[fileCount...].map(key)
            }
        }

        // Overlapping inputs (a catalog and one of its image sets, a folder and a subfolder, one file
        // named twice) count once; one input cannot overlap itself (a walk does not follow links to folders).
        if keyed {
            var seen = Set<String>()
            imageSets = zip(imageSets, imageSetKeys).filter { seen.insert($0.1).inserted }.map(\.0)
            looseFiles = zip(looseFiles, looseFileKeys).filter { seen.insert($0.1).inserted }.map(\.0)
        }

        var pending: [(name: String, reportPath: String, catalog: String?, variants: [PendingVariant], empty: [ImageSetEntry])] = []
        var partlyExcluded: [String] = []
        for imageSet in imageSets {
            let contents = imageSet.path + "/Contents.json"
            let name = String(FileTree.lastComponent(imageSet.path).dropLast(".imageset".count))
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
                variants.append(PendingVariant(
                    path: path, catalogScale: entry.scale, suffixScale: scaleSuffix(of: path).scale, idiom: entry.idiom,
                    appearance: entry.appearance, traits: entry.traits, reportPath: contents, line: entry.line, column: entry.column))
            }
            let listing = (try? FileTree.typedListing(of: imageSet.path, includingHidden: false).get()) ?? (entries: [], reserved: [])
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
            for (position, pending) in item.variants.enumerated() {
                defer { progress?(total) }
                // A file listed again is not read again.
                let earlier = item.variants[..<position].firstIndex { $0.path == pending.path }
                let content = earlier.map { variants[$0].content }
                    ?? PendingVariant.content(ImageProbe.result(path: pending.path, options: options))
                variants.append(pending.variant(content))
            }
            return Asset(name: item.name, variants: variants, reportPath: item.reportPath, catalogPath: item.catalog,
                         emptySlots: item.empty)
        }
        return AssetScan(assets: assets, findings: findings, files: files, partlyExcludedImageSets: partlyExcluded, swiftFiles: swiftFiles)
    }

    /// The `catalog-link-outside` warning for an image set's file that is a symbolic link whose file is
    /// not inside `root`, the input it was found under (as given); nil for any other file.
    static func linkOutside(_ path: String, root: String) -> Finding? {
        guard FileTree.isLink(path), let target = FileTree.realPath(path), let top = FileTree.realPath(root) else { return nil }
        guard !(target.hasPrefix(top == "/" ? "/" : top + "/")) else { return nil }
        return Finding(rule: .catalogLinkOutside, path: path,
                       message: "\(path) is a symbolic link leading outside \(root), so the app ships a file from elsewhere; replace the link with the file itself.")
    }

    /// A variant whose file has not been read yet.
    struct PendingVariant {
        var path: String
        var catalogScale: Int?
        var suffixScale: Int?
        var idiom: AssetVariant.Idiom = .universal
        var appearance: String?
        var traits: String?
        var reportPath: String
        var line: Int?
        var column: Int?

        /// Whether a device that uses one would as well use the other: same scale (unknown counting
        /// as 1x), idiom and appearance.
        func isInterchangeable(with other: PendingVariant) -> Bool {
            (catalogScale ?? suffixScale ?? 1) == (other.catalogScale ?? other.suffixScale ?? 1) && idiom == other.idiom
                && appearance == other.appearance
        }

        /// What reading a file gave, as a variant holds it.
        static func content(_ result: Result<ImageInfo, ProbeError>) -> AssetVariant.Content {
            switch result {
            case .success(let info): .image(info)
            case .failure(.unsupportedFormat(_, let format)): .unsupported(format)
            case .failure(let error): .unreadable(code: error.code, message: error.message)
            }
        }

        func variant(_ content: AssetVariant.Content) -> AssetVariant {
            AssetVariant(path: path, content: content, catalogScale: catalogScale,
                                suffixScale: suffixScale, idiom: idiom,
                                appearance: appearance, traits: traits, reportPath: reportPath, reportLine: line, reportColumn: column)
        }
    }

    /// The first `length` bytes of `path` (a base name) and its extension (from the file name's last
    /// ".", or none), hashed and compared as bytes, as the file system compares names (a Substring key
    /// would hash through Unicode normalisation, several times slower, and make one asset of two names
    /// that differ in bytes but not in canonical form).
    struct BaseName: Hashable {
        let path: String
        let length: Int
        /// Where the extension starts, its "." included; `path.utf8.count` when there is none.
        let extensionStart: Int

        /// How an app names the asset: "logo" for PNG files (`UIImage(named:)` adds ".png"), else
        /// the base name with its extension ("logo.jpg").
        var assetName: String {
            let name = String(decoding: path.utf8.prefix(length), as: UTF8.self).lastPathComponent
            let ext = path.utf8.dropFirst(extensionStart)
            return ext.elementsEqual(".png".utf8) ? String(name) : String(name) + String(decoding: ext, as: UTF8.self)
        }

        func hash(into hasher: inout Hasher) {
            var path = path
            path.withUTF8 { bytes in
                hasher.combine(bytes: UnsafeRawBufferPointer(start: bytes.baseAddress, count: length))
                hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[extensionStart...])))
            }
        }

        static func == (a: BaseName, b: BaseName) -> Bool {
            guard a.length == b.length, a.path.utf8.count - a.extensionStart == b.path.utf8.count - b.extensionStart else {
                return false
            }
            var (x, y) = (a.path, b.path)
            return x.withUTF8 { x in
                y.withUTF8 { y in
                    memcmp(x.baseAddress!, y.baseAddress!, a.length) == 0
                        && memcmp(x.baseAddress! + a.extensionStart, y.baseAddress! + b.extensionStart, x.count - a.extensionStart) == 0
                }
            }
        }
    }
}
