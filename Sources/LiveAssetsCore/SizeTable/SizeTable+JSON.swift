extension SizeTable {
    /// Reads and validates a table; errors name the file, the entry and its line.
    public init(json bytes: [UInt8], file: String) throws(SizeTableError) {
        let root: JSONNode
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(bytes)
        } catch {
            throw .invalidJSON(file: file, line: error.line, column: error.column, reason: error.reason)
        }
        let reader = EntryReader(file: file)
        guard root.members != nil else { throw reader.invalid("the table", root, "expected an object") }
        guard let version = root["schemaVersion"], version.int == Self.schemaVersion else {
            throw .unsupportedSchemaVersion(
                file: file, found: root["schemaVersion"].map { $0.numberText ?? $0.kindDescription },
                supported: Self.schemaVersion)
        }
        let revision = try reader.string(root, "revision", in: "the table")
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
        self.init(revision: revision, devices: devices)
    }

    /// Reads and validates the table in a file.
    public init(contentsOf path: String) throws(SizeTableError) {
        guard let bytes = FileBytes.read(path) else {
            throw .unreadable(file: path, reason: FileBytes.lastError(path))
        }
        try self.init(json: bytes, file: path)
    }
}

/// Walks the JSON of a table, turning each mistake into an error that names the entry.
private struct EntryReader {
    let file: String

    func invalid(_ entry: String, _ node: JSONNode, _ reason: String) -> SizeTableError {
        .invalidEntry(file: file, entry: entry, line: node.line, reason: reason)
    }

    func string(_ object: JSONNode, _ key: String, in path: String) throws(SizeTableError) -> String {
        guard let value = object[key]?.string, !value.isEmpty else {
            throw invalid("\(path).\(key)", object[key] ?? object, "expected a non-empty string")
        }
        return value
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

    /// `source` or `inferred`: exactly one, non-empty.
    func provenance(_ object: JSONNode, in path: String) throws(SizeTableError) -> Provenance {
        switch (object["source"]?.string, object["inferred"]?.string) {
        case (let source?, nil) where !source.isEmpty: return .published(source: source)
        case (nil, let reason?) where !reason.isEmpty: return .inferred(reason: reason)
        default: throw invalid(path, object, "expected exactly one of \"source\" or \"inferred\" with a non-empty text")
        }
    }

    func device(_ node: JSONNode, path: String) throws(SizeTableError) -> DeviceClass {
        guard node.members != nil else { throw invalid(path, node, "expected an object") }
        let id = try string(node, "id", in: path)
        let path = "\(path) (\"\(id)\")"
        let familyName = try string(node, "family", in: path)
        guard let family = DeviceClass.Family(rawValue: familyName) else {
            throw invalid("\(path).family", node["family"]!,
                          "unknown family \"\(familyName)\" (expected iphone, ipad, watch or carplay)")
        }
        guard let scale = node["scale"]?.int, (1...3).contains(scale) else {
            throw invalid("\(path).scale", node["scale"] ?? node, "expected 1, 2 or 3")
        }
        let scaleProvenance: Provenance =
            if let reason = node["scaleInferred"]?.string { .inferred(reason: reason) }
            else { .published(source: try string(node, "source", in: path)) }
        var screenWidth: Points?, screenHeight: Points?
        if let screen = node["screen"] {
            screenWidth = try points(screen, "width", in: "\(path).screen")
            screenHeight = try points(screen, "height", in: "\(path).screen")
        }
        guard let modelNodes = node["models"]?.elements else {
            throw invalid("\(path).models", node["models"] ?? node, "expected an array of model names")
        }
        var models: [String] = []
        for (index, model) in modelNodes.enumerated() {
            guard let name = model.string, !name.isEmpty else {
                throw invalid("\(path).models[\(index)]", model, "expected a model name")
            }
            models.append(name)
        }
        guard let hasDynamicIsland = node["dynamicIsland"]?.bool else {
            throw invalid("\(path).dynamicIsland", node["dynamicIsland"] ?? node, "expected true or false")
        }
        guard let presentationNodes = node["presentations"]?.members, !presentationNodes.isEmpty else {
            throw invalid("\(path).presentations", node["presentations"] ?? node, "expected a non-empty object")
        }
        var presentations: [PresentationSize] = []
        for member in presentationNodes {
            let entry = "\(path).presentations.\(member.key)"
            guard let presentation = Presentation(rawValue: member.key) else {
                let names = Presentation.allCases.map(\.rawValue)
                throw invalid(entry, member.value, "unknown presentation (expected one of \(names.joined(separator: ", ")))")
            }
            guard !presentations.contains(where: { $0.presentation == presentation }) else {
                throw invalid(entry, member.value, "listed twice")
            }
            let size = member.value
            let width = try points(size, "width", in: entry)!
            let height = try points(size, "height", in: entry)!
            let minimumWidth = try points(size, "minWidth", in: entry, required: false)
            let minimumHeight = try points(size, "minHeight", in: entry, required: false)
            if let minimumWidth, minimumWidth > width {
                throw invalid("\(entry).minWidth", size["minWidth"]!, "larger than width")
            }
            if let minimumHeight, minimumHeight > height {
                throw invalid("\(entry).minHeight", size["minHeight"]!, "larger than height")
            }
            // A size under half a pixel would make a limit of 0 px: every image "oversized", every fit a 1x0 image.
            for (key, points) in [("width", width), ("height", height)] where points.pixels(atScale: scale) == 0 {
                throw .zeroPixelLimit(file: file, device: id, presentation: presentation, dimension: key, line: size[key]!.line,
                                      points: points, scale: scale)
            }
            presentations.append(PresentationSize(
                presentation: presentation, width: width, height: height, minimumWidth: minimumWidth,
                minimumHeight: minimumHeight, provenance: try provenance(size, in: entry)))
        }
        return DeviceClass(
            id: id, family: family, screenWidth: screenWidth, screenHeight: screenHeight, scale: scale,
            scaleProvenance: scaleProvenance, models: models, hasDynamicIsland: hasDynamicIsland,
            presentations: presentations, note: node["note"]?.string)
    }
}
