extension SizeTable {
    /// Reads and validates a table (schema version 2, or 1); errors name the file, the entry and its line.
    ///
    /// Version 2 gives every number its own provenance, a reference into the table's `sources` (a page
    /// of Apple's) or `inferences` (a rule of ours). A version-1 table gives one `source` or `inferred`
    /// text per presentation, which is read as the provenance of each of its numbers, and one device-wide
    /// `source` (or `scaleInferred`) for the screen, the scale and the models.
    public init(json bytes: [UInt8], file: String) throws(SizeTableError) {
        try self.init(json: bytes, file: file, findsRepeatedKeys: true)
    }

    /// `findsRepeatedKeys: false` is for the bundled table only, which the tests read with the check on.
    init(json bytes: [UInt8], file: String, findsRepeatedKeys: Bool) throws(SizeTableError) {
        let root: JSONNode
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(bytes)
        } catch {
            throw .invalidJSON(file: file, line: error.line, column: error.column, reason: error.reason)
        }
        guard root.members != nil else {
            throw .invalidEntry(file: file, entry: "the table", line: root.line, reason: "expected an object")
        }
        guard let version = root["schemaVersion"]?.int, (1...Self.schemaVersion).contains(version) else {
            throw .unsupportedSchemaVersion(
                file: file, found: root["schemaVersion"].map { $0.numberText ?? $0.kindDescription },
                supported: Self.schemaVersion)
        }
        // A repeated key would silently drop one of two numbers or provenances.
        if findsRepeatedKeys, let repeated = root.duplicateKeys.first {
            let object = repeated.objectPath.isEmpty ? "the table" : repeated.objectPath
            throw .invalidEntry(file: file, entry: "\(object).\(repeated.key)", line: repeated.line,
                                reason: "the key is written twice (first at line \(repeated.firstLine)); keep one")
        }
        var reader = EntryReader(file: file, version: version)
        try reader.onlyKnownKeys(root, ["schemaVersion", "revision", "notes", "readings", "sources", "inferences", "devices"],
                                 in: "the table")
        let revision = try reader.string(root, "revision", in: "the table")
        if version >= 2 {
            try reader.readReferences(root)
            readings = try reader.strings(root, "readings", in: "the table", required: true)
            _ = try reader.strings(root, "notes", in: "the table")
        } else {
            readings = []
        }
        guard let deviceNodes = root["devices"]?.elements, !deviceNodes.isEmpty else {
            throw reader.invalid("devices", root["devices"] ?? root, "expected a non-empty array of device classes")
        }
        var devices: [DeviceClass] = []
        for (index, node) in deviceNodes.enumerated() {
            let device = try reader.device(node, path: "devices[\(index)]")
            if devices.contains(where: { $0.id == device.id }) {
                throw reader.invalid("devices[\(index)].id", node, "the id \"\(device.id)\" is used twice")
            }
            devices.append(device)
        }
        self.revision = revision
        self.devices = devices
    }

    /// Reads and validates the table in a file.
    public init(contentsOf path: String) throws(SizeTableError) {
        guard let bytes = FileBytes.read(path) else {
            throw .unreadable(file: path, reason: FileBytes.lastError(path))
        }
        try self.init(json: bytes, file: path)
    }
}

/// The provenances of one entry's numbers, by field name: a handful, so a list.
struct Provenances {
    var entries: [(field: String, provenance: Provenance)] = []

    subscript(field: String) -> Provenance? {
        entries.first { $0.field == field }?.provenance
    }
}

/// Walks the JSON of a table, turning each mistake into an error that names the entry.
struct EntryReader {
    let file: String
    let version: Int
    /// Version 2: the table's `sources` and `inferences`, by id.
    var references: [String: Provenance] = [:]

    init(file: String, version: Int) {
        self.file = file
        self.version = version
    }

    func invalid(_ entry: String, _ node: JSONNode, _ reason: String) -> SizeTableError {
        .invalidEntry(file: file, entry: entry, line: node.line, reason: reason)
    }

    func string(_ object: JSONNode, _ key: String, in path: String) throws(SizeTableError) -> String {
        guard let value = object[key]?.string, !value.isEmpty else {
            throw invalid("\(path).\(key)", object[key] ?? object, "expected a non-empty string")
        }
        return value
    }

    /// An array of non-empty strings; empty when the key is absent.
    func strings(_ object: JSONNode, _ key: String, in path: String, required: Bool = false)
        throws(SizeTableError) -> [String]
    {
        guard let node = object[key] else {
            if required { throw invalid("\(path).\(key)", object, "missing") }
            return []
        }
        guard let elements = node.elements, !(required && elements.isEmpty) else {
            throw invalid("\(path).\(key)", node, "expected a non-empty array of strings")
        }
        var values: [String] = []
        for (index, element) in elements.enumerated() {
            guard let text = element.string, !text.isEmpty else {
                throw invalid("\(path).\(key)[\(index)]", element, "expected a non-empty string")
            }
            values.append(text)
        }
        return values
    }

    /// Refuses keys the schema does not have: a misspelt "minwidth" would otherwise be dropped unseen.
    func onlyKnownKeys(_ object: JSONNode, _ known: [String], in path: String) throws(SizeTableError) {
        guard version >= 2, let members = object.members else { return }
        for member in members where !known.contains(member.key) {
            let suggestion = EditDistance.closest(to: member.key, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw invalid(path == "the table" ? member.key : "\(path).\(member.key)", member.value,
                          "unknown key\(suggestion); expected \(known.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
    }

    func points(_ object: JSONNode, _ key: String, in path: String, required: Bool = true)
        throws(SizeTableError) -> Points?
    {
        guard let node = object[key] else {
            if required { throw invalid("\(path).\(key)", object, "missing") }
            return nil
        }
        guard let text = node.numberText, let value = Points(text), value.hundredths > 0 else {
            throw invalid("\(path).\(key)", node, "expected a positive number of points with at most two decimals")
        }
        return value
    }

    // MARK: Provenance

    /// Version 2: reads `sources` and `inferences` into ``references``.
    mutating func readReferences(_ root: JSONNode) throws(SizeTableError) {
        for (key, isSource) in [("sources", true), ("inferences", false)] {
            guard let members = root[key]?.members, !members.isEmpty else {
                throw invalid(key, root[key] ?? root, "expected a non-empty object of \(key) by id")
            }
            for member in members {
                let path = "\(key).\(member.key)"
                guard references[member.key] == nil else {
                    throw invalid(path, member.value, "the id \"\(member.key)\" is used twice (ids are shared by sources and inferences)")
                }
                guard member.value.members != nil else { throw invalid(path, member.value, "expected an object") }
                if isSource {
                    try onlyKnownKeys(member.value, ["document", "revision", "section", "url", "note"], in: path)
                    let url = try string(member.value, "url", in: path)
                    guard url.hasPrefix("https://") else { throw invalid("\(path).url", member.value["url"]!, "expected an https:// address") }
                    let note = member.value["note"] == nil ? nil : try string(member.value, "note", in: path)
                    references[member.key] = .published(PublishedSource(
                        document: try string(member.value, "document", in: path),
                        revision: try string(member.value, "revision", in: path),
                        section: try string(member.value, "section", in: path), url: url, note: note))
                } else {
                    try onlyKnownKeys(member.value, ["rule", "from"], in: path)
                    references[member.key] = .inferred(Inference(
                        rule: try string(member.value, "rule", in: path),
                        from: try strings(member.value, "from", in: path, required: true)))
                }
            }
        }
    }

    /// Version 2: one number's provenance, an id (`"hig-ios"`) or a source's id with a note on how the
    /// number is used (`{"source": "hig-carplay", "note": "..."}`); a note shared by many numbers goes on
    /// a source of its own instead.
    /// `field`, when given, names the number under `path`'s provenance; the entry's name is built only for an error.
    func reference(_ node: JSONNode, in path: String, field: String? = nil) throws(SizeTableError) -> Provenance {
        if let id = node.string, let provenance = references[id] { return provenance }
        let path = field.map { "\(path).provenance.\($0)" } ?? path
        if let id = node.string {
            guard let provenance = references[id] else {
                let suggestion = EditDistance.closest(to: id, among: Array(references.keys)).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw invalid(path, node, "\"\(id)\" is neither a source nor an inference of the table\(suggestion)")
            }
            return provenance
        }
        guard node.members != nil else {
            throw invalid(path, node, "expected the id of a source or an inference, or {\"source\": id, \"note\": text}")
        }
        if node["rule"] != nil || node["from"] != nil {
            throw invalid(path, node, "an inference is written once under \"inferences\" and cited here by its id")
        }
        try onlyKnownKeys(node, ["source", "note"], in: path)
        let id = try string(node, "source", in: path)
        guard case .published(let source)? = references[id] else {
            throw invalid("\(path).source", node["source"]!, "\"\(id)\" is not a source of the table")
        }
        return .published(source.noted(try string(node, "note", in: path)))
    }

    /// Version 2: the `provenance` object of an entry, which must name exactly `fields`.
    func provenances(_ entry: JSONNode, fields: [String], in path: String) throws(SizeTableError) -> Provenances {
        var list: String { fields.joined(separator: ", ") }
        guard let node = entry["provenance"], let members = node.members else {
            throw invalid("\(path).provenance", entry["provenance"] ?? entry, "expected an object giving the provenance of \(list)")
        }
        var found = Provenances()
        for member in members {
            guard fields.contains(member.key) else {
                // A field of another entry ("minWidth" where there is none) needs no suggestion; a typo does.
                let fieldNames = ["width", "height", "minWidth", "minHeight", "screen", "scale", "models", "compactWidth",
                                  "expandedWidth", "cornerRadius"]
                let suggestion = fieldNames.contains(member.key) ? ""
                    : EditDistance.closest(to: member.key, among: fields).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw invalid("\(path).provenance.\(member.key)", member.value,
                              "the entry has no \"\(member.key)\" to cite\(suggestion); expected the provenance of \(list)")
            }
            found.entries.append((member.key, try reference(member.value, in: path, field: member.key)))
        }
        for field in fields where found[field] == nil {
            throw invalid("\(path).provenance", node, "no provenance for \(field): each needs a source or an inference")
        }
        return found
    }

    /// Version 1: `source` or `inferred`, exactly one, non-empty.
    func legacyProvenance(_ object: JSONNode, in path: String) throws(SizeTableError) -> Provenance {
        switch (object["source"]?.string, object["inferred"]?.string) {
        case (let source?, nil) where !source.isEmpty: return .published(PublishedSource(document: source))
        case (nil, let reason?) where !reason.isEmpty: return .inferred(Inference(rule: reason))
        default: throw invalid(path, object, "expected exactly one of \"source\" or \"inferred\" with a non-empty text")
        }
    }
}
