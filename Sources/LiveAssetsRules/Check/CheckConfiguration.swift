import LiveAssetsCore

/// A `.liveassets.json` file: which devices, which presentations for which files, rule severities,
/// excludes, strictness. Plugin and Xcode users cannot pass flags, so everything a flag says can be
/// said here too; flags win.
///
/// ```json
/// {
///   "devices": ["iphone", "ipad"],
///   "presentations": {"**/Compact*.imageset": ["compact-leading", "compact-trailing"]},
///   "rules": {"exif-rotated": "off", "missing-scale-variant": "error"},
///   "supplementalFamilies": ["small"],
///   "sources": ["ScoreWidget"],
///   "exclude": ["Previews"],
///   "strict": true
/// }
/// ```
///
/// Patterns are matched against paths relative to the configuration's folder, as `.gitignore` does
/// (see ``Glob``).
package struct CheckConfiguration: Sendable, Hashable {
    /// The file name looked for in each input's folder and its parents.
    package static let fileName = ".liveassets.json"

    /// Where the configuration was read from; nil for the defaults.
    package var path: String?
    /// The folder globs are relative to.
    package var directory: String
    /// Device selectors (ids, families, model names); nil: every device.
    package var devices: [String]?
    /// Presentations for the files a pattern matches.
    package struct PresentationRule: Sendable, Hashable {
        package var glob: Glob
        package var presentations: [Presentation]

        package init(glob: Glob, presentations: [Presentation]) {
            self.glob = glob
            self.presentations = presentations
        }
    }

    /// Presentations per path pattern; a file matching several patterns gets all their presentations.
    package var presentations: [PresentationRule]
    package var severities: [Rule: Severity]
    package var exclude: [Glob]
    package var strict: Bool
    /// The app declares `.supplementalActivityFamilies([.small])` (`"supplementalFamilies": ["small"]`):
    /// the Apple Watch Smart Stack and CarPlay show its small view instead of the compact views.
    package var declaresSmallFamily: Bool
    /// The widget extension's Swift files or folders, relative to ``directory``: read for which
    /// presentation shows which image, where no pattern says.
    package var sources: [String] = []
    /// What the file says in words this version reads but would have written otherwise (a surface named
    /// as a presentation), one sentence each, naming the file.
    package var deprecations: [String]
    /// Where in the file each key says what it says, for the notices a run gives of its effects.
    package var lines = Lines()

    /// The line of each key the file states (nil: not stated), and of each rule and pattern.
    package struct Lines: Sendable, Hashable {
        package var devices: Int?
        /// The line of each rule's severity.
        package var rules: [Rule: Int] = [:]
        /// The line of each exclude pattern (`lines.exclude[i]` for `exclude[i]`).
        package var exclude: [Int] = []
        /// The line of each presentations pattern (`lines.presentations[i]` for `presentations[i]`).
        package var presentations: [Int] = []
        package var supplementalFamilies: Int?
        package var sources: Int?
        package var strict: Int?

        package init() {}
    }

    package init(path: String? = nil, directory: String = ".", devices: [String]? = nil,
                presentations: [PresentationRule] = [], severities: [Rule: Severity] = [:],
                exclude: [Glob] = [], strict: Bool = false, declaresSmallFamily: Bool = false) {
        self.path = path
        self.directory = directory
        self.devices = devices
        self.presentations = presentations
        self.severities = severities
        self.exclude = exclude
        self.strict = strict
        self.declaresSmallFamily = declaresSmallFamily
        self.deprecations = []
    }

    /// The severity of `rule` under this configuration.
    package func severity(of rule: Rule) -> Severity { severities[rule] ?? rule.defaultSeverity }

    /// The presentations the configuration gives an image, by the paths it is matched by (relative to
    /// ``directory``: an image set's folder and its files, or a loose image's files), with the index in
    /// ``presentations`` of each pattern that matched. A pattern that matches with an empty list says the
    /// image is in no Live Activity, unless another pattern that matches gives it presentations.
    package func presentations(forRelativePaths paths: [String]) -> PresentationMatch {
        var found: [Presentation] = [], patterns: [Int] = []
        for (index, rule) in presentations.enumerated() where paths.contains(where: rule.glob.matches) {
            patterns.append(index)
            found += rule.presentations
        }
        return PresentationMatch(presentations: patterns.isEmpty ? nil : Presentation.allCases.filter(found.contains), patterns: patterns)
    }

    /// What the configuration's `presentations` patterns give one image.
    package struct PresentationMatch: Sendable, Hashable {
        /// The presentations, in presentation order, each once; nil when no matching pattern gives one,
        /// empty when those that match give empty lists (`"splash.imageset": []`: in no Live Activity).
        package var presentations: [Presentation]?
        /// The index in ``CheckConfiguration/presentations`` of each pattern that matched.
        package var patterns: [Int]
    }

    /// The index in ``exclude`` of the first pattern that leaves out a path relative to ``directory``.
    package func excludingPattern(forRelativePath path: String) -> Int? {
        exclude.firstIndex { $0.matches(path) }
    }

    /// Why a configuration file cannot be used.
    package enum Problem: Error, Sendable, Hashable {
        case unreadable(file: String, reason: String)
        case invalidJSON(file: String, line: Int, column: Int, reason: String)
        case invalidEntry(file: String, key: String, line: Int, reason: String)

        /// One plain sentence naming the file.
        package var message: String {
            switch self {
            case .unreadable(let file, let reason): "\(file) could not be read: \(reason)."
            case .invalidJSON(let file, let line, let column, let reason):
                "\(file) is not valid JSON at line \(line), column \(column): \(reason)."
            case .invalidEntry(let file, let key, let line, let reason):
                "\(file) has an invalid \"\(key)\" at line \(line): \(reason)."
            }
        }
    }

    /// Reads a configuration; `directory` is the folder its globs are relative to.
    package init(json bytes: [UInt8], file: String, directory: String) throws(Problem) {
        let root: JSONNode
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(bytes)
        } catch {
            throw .invalidJSON(file: file, line: error.line, column: error.column, reason: error.reason)
        }
        guard let members = root.members else {
            throw .invalidEntry(file: file, key: "(top level)", line: root.line, reason: "expected an object")
        }
        self.init(path: file, directory: directory)
        func bad(_ key: String, _ node: JSONNode, _ reason: String) -> Problem {
            .invalidEntry(file: file, key: key, line: node.line, reason: reason)
        }
        func strings(_ key: String, _ node: JSONNode) throws(Problem) -> [String] {
            guard let elements = node.elements else { throw bad(key, node, "expected an array of strings") }
            var values: [String] = []
            for element in elements {
                guard let text = element.string, !text.isEmpty else { throw bad(key, element, "expected a non-empty string") }
                values.append(text)
            }
            return values
        }
        // Patterns are relative to the configuration's folder, and only match inside it.
        func glob(_ key: String, _ text: String, _ node: JSONNode) throws(Problem) -> Glob {
            guard !text.split(separator: "/").contains("..") else {
                throw bad(key, node, "the pattern \"\(text)\" leaves the configuration's folder with \"..\"; patterns only match inside it, so put the configuration in a folder that holds the images")
            }
            return Glob(text)
        }
        for member in members {
            let node = member.value
            switch member.key {
            case "devices":
                devices = try strings("devices", node)
                lines.devices = member.line
            case "presentations":
                guard let patterns = node.members else {
                    throw bad("presentations", node, "expected an object mapping path patterns to presentation lists")
                }
                for pattern in patterns {
                    var list: [Presentation] = []
                    for name in try strings("presentations.\(pattern.key)", pattern.value) {
                        guard let (presentation, isDeprecated) = Presentation.named(name) else {
                            let known = Presentation.allCases.map(\.rawValue).joined(separator: ", ")
                            throw bad("presentations.\(pattern.key)", pattern.value,
                                      "unknown presentation \"\(name)\" (expected one of \(known))")
                        }
                        if isDeprecated, let sentence = Presentation.deprecation(of: name) {
                            deprecations.append("\(file), line \(pattern.value.line): \(sentence)")
                        }
                        if !list.contains(presentation) { list.append(presentation) }
                    }
                    presentations.append(PresentationRule(glob: try glob("presentations", pattern.key, pattern.value), presentations: list))
                    lines.presentations.append(pattern.line)
                }
            case "rules":
                guard let rules = node.members else { throw bad("rules", node, "expected an object mapping rule ids to severities") }
                for rule in rules {
                    guard let id = Rule(rawValue: rule.key) else {
                        var reason = "unknown rule \"\(rule.key)\""
                        if let close = EditDistance.closest(to: rule.key, among: Rule.allCases.map(\.rawValue)) {
                            reason += " (did you mean \"\(close)\"?)"
                        }
                        throw .invalidEntry(file: file, key: "rules", line: rule.line, reason: reason)
                    }
                    guard let name = rule.value.string, let severity = Severity(rawValue: name) else {
                        throw bad("rules.\(rule.key)", rule.value, "expected \"error\", \"warning\" or \"off\"")
                    }
                    severities[id] = severity
                    lines.rules[id] = rule.line
                }
            case "exclude":
                for (text, element) in zip(try strings("exclude", node), node.elements ?? []) {
                    exclude.append(try glob("exclude", text, node))
                    lines.exclude.append(element.line)
                }
            case "sources":
                sources = try strings("sources", node)
                lines.sources = member.line
            case "supplementalFamilies":
                lines.supplementalFamilies = member.line
                for name in try strings("supplementalFamilies", node) {
                    switch name {
                    case "small": declaresSmallFamily = true
                    case "medium": break  // the family every Live Activity has
                    default:
                        throw bad("supplementalFamilies", node, "unknown activity family \"\(name)\" (expected \"small\" or \"medium\")")
                    }
                }
            case "strict":
                guard let flag = node.bool else { throw bad("strict", node, "expected true or false") }
                strict = flag
                lines.strict = member.line
            default:
                let known = ["devices", "presentations", "rules", "exclude", "strict", "supplementalFamilies", "sources"]
                var reason = "unknown key"
                if let close = EditDistance.closest(to: member.key, among: known) { reason += " (did you mean \"\(close)\"?)" }
                throw .invalidEntry(file: file, key: member.key, line: member.line, reason: reason)
            }
        }
    }

    /// Reads the configuration in a file.
    package init(contentsOf path: String) throws(Problem) {
        guard let bytes = FileBytes.read(path) else { throw .unreadable(file: path, reason: FileBytes.lastError(path)) }
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        try self.init(json: bytes, file: path, directory: directory.isEmpty ? "/" : directory)
    }

    /// The nearest `.liveassets.json` in `folder` or its parents, if any.
    package static func discover(from folder: String) -> String? {
        var current = folder
        while true {
            let candidate = (current == "/" ? "" : current) + "/" + fileName
            if FileBytes.isRegularFile(candidate) { return candidate }
            guard let slash = current.lastIndex(of: "/"), current != "/" else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }
}
