// A device entry of the table's JSON: its screen, scale, models, Dynamic Island and presentation sizes,
// each number with its provenance.
extension EntryReader {
    func device(_ node: JSONNode, path: String) throws(SizeTableError) -> DeviceClass {
        guard node.members != nil else { throw invalid(path, node, "expected an object") }
        let id = try string(node, "id", in: path)
        let path = "\(path) (\"\(id)\")"
        try onlyKnownKeys(node, ["id", "family", "screen", "scale", "models", "provenance", "dynamicIsland",
                                 "presentations", "standby", "note", "selectedByDefault"], in: path)
        let familyName = try string(node, "family", in: path)
        guard let family = DeviceClass.Family(rawValue: familyName) else {
            let names = DeviceClass.Family.allCases.map(\.rawValue)
            throw invalid("\(path).family", node["family"]!, "unknown family \"\(familyName)\" (expected \(names.joined(separator: ", ")))")
        }
        guard let scale = node["scale"]?.int, (1...3).contains(scale) else {
            throw invalid("\(path).scale", node["scale"] ?? node, "expected 1, 2 or 3")
        }
        var screenWidth: Points?, screenHeight: Points?
        if let screen = node["screen"] {
            try onlyKnownKeys(screen, ["width", "height"], in: "\(path).screen")
            screenWidth = try points(screen, "width", in: "\(path).screen")
            screenHeight = try points(screen, "height", in: "\(path).screen")
        }
        let models = try self.models(node, in: path)
        var fields = ["scale"]
        if node["screen"] != nil { fields.append("screen") }
        if models.contains(where: { $0.provenance == nil }) { fields.append("models") }
        let provenance: Provenances
        if version >= 2 {
            provenance = try provenances(node, fields: fields, in: path)
        } else {
            guard node["source"] != nil || node["scaleInferred"] != nil else {
                throw invalid("\(path).source", node, "missing: a version-1 device needs \"source\" or \"scaleInferred\"")
            }
            let scale: Provenance =
                if let reason = node["scaleInferred"]?.string { .inferred(Inference(rule: reason)) }
                else { .published(PublishedSource(document: try string(node, "source", in: path))) }
            // Without a device-wide `source`, nothing says where the screen and models come from.
            let source = node["source"]?.string.map { Provenance.published(PublishedSource(document: $0)) }
                ?? .inferred(Inference(rule: "Not given: this version-1 table has no source for the device's screen and models, only a rule for its scale."))
            provenance = Provenances(entries: [("scale", scale), ("screen", source), ("models", source)])
        }
        let listedModels = models.map { DeviceModel(name: $0.name, provenance: $0.provenance ?? provenance["models"]!) }
        let (hasDynamicIsland, island) = try dynamicIsland(node, in: path)
        guard let presentationNodes = node["presentations"]?.members, !presentationNodes.isEmpty else {
            throw invalid("\(path).presentations", node["presentations"] ?? node, "expected a non-empty object")
        }
        var presentations: [PresentationSize] = []
        var standby: PresentationSize?
        for member in presentationNodes {
            let entry = "\(path).presentations.\(member.key)"
            // Version 1 named surfaces as presentations: StandBy's size, and the Smart Stack's and
            // CarPlay's, which are the small view's.
            if version < 2 && member.key == "standby" {
                guard standby == nil else { throw invalid(entry, member.value, "listed twice") }
                standby = try size(member.value, .lockScreen, device: id, scale: scale, in: entry)
                continue
            }
            let named = version < 2 ? Presentation.named(member.key)?.presentation : Presentation(rawValue: member.key)
            guard let presentation = named else {
                let names = Presentation.allCases.map(\.rawValue)
                // Surfaces an earlier version-2 table named as presentations.
                let hint = switch member.key {
                case "standby": "; StandBy's size is the class's \"standby\", beside \"presentations\""
                case "smart-stack", "carplay": "; the Smart Stack's and CarPlay's size is the \"small\" presentation's"
                default: ""
                }
                throw invalid(entry, member.value, "unknown presentation (expected one of \(names.joined(separator: ", ")))\(hint)")
            }
            guard !presentations.contains(where: { $0.presentation == presentation }) else {
                throw invalid(entry, member.value, "listed twice")
            }
            presentations.append(try size(member.value, presentation, device: id, scale: scale, in: entry))
        }
        if let node = node["standby"] {
            guard version >= 2 else {
                throw invalid("\(path).standby", node, "a version-1 table gives StandBy's size as a presentation, \"standby\"")
            }
            standby = try size(node, .lockScreen, device: id, scale: scale, in: "\(path).standby")
        }
        var isSelectedByDefault = true
        if version >= 2, let selected = node["selectedByDefault"] {
            guard let value = selected.bool else { throw invalid("\(path).selectedByDefault", selected, "expected true or false") }
            isSelectedByDefault = value
        }
        return DeviceClass(
            id: id, family: family, screenWidth: screenWidth, screenHeight: screenHeight,
            screenProvenance: screenWidth == nil ? nil : provenance["screen"], scale: scale,
            scaleProvenance: provenance["scale"]!, models: listedModels,
            hasDynamicIsland: hasDynamicIsland, dynamicIsland: island, presentations: presentations, standby: standby,
            note: node["note"]?.string, isSelectedByDefault: isSelectedByDefault)
    }

    /// The model names, each with its own provenance when it gives one (version 2:
    /// `{"name": "iPhone 17e", "provenance": "id"}`) or nil, which takes the device's `models` provenance.
    func models(_ node: JSONNode, in path: String) throws(SizeTableError) -> [(name: String, provenance: Provenance?)] {
        guard let modelNodes = node["models"]?.elements else {
            throw invalid("\(path).models", node["models"] ?? node, "expected an array of model names")
        }
        var models: [(name: String, provenance: Provenance?)] = []
        for (index, model) in modelNodes.enumerated() {
            let entry = "\(path).models[\(index)]"
            if let name = model.string, !name.isEmpty {
                models.append((name, nil))
            } else if version >= 2, model.members != nil {
                try onlyKnownKeys(model, ["name", "provenance"], in: entry)
                let name = try string(model, "name", in: entry)
                guard let reference = model["provenance"] else { throw invalid("\(entry).provenance", model, "missing") }
                models.append((name, try self.reference(reference, in: "\(entry).provenance")))
            } else {
                throw invalid(entry, model, version >= 2 ? "expected a model name or {\"name\": ..., \"provenance\": ...}" : "expected a model name")
            }
        }
        return models
    }

    /// `dynamicIsland`: a boolean (version 1), or false or the island's outline (version 2).
    func dynamicIsland(_ node: JSONNode, in path: String) throws(SizeTableError) -> (Bool, DynamicIsland?) {
        let entry = "\(path).dynamicIsland"
        guard let island = node["dynamicIsland"] else {
            throw invalid(entry, node, version >= 2 ? "missing: expected false or the island's outline" : "missing: expected true or false")
        }
        if let value = island.bool {
            guard version < 2 || !value else {
                throw invalid(entry, island, "expected false or the island's outline {\"compactWidth\", \"expandedWidth\", \"cornerRadius\", \"provenance\"}")
            }
            return (value, nil)
        }
        guard version >= 2, island.members != nil else { throw invalid(entry, island, "expected true or false") }
        try onlyKnownKeys(island, ["compactWidth", "expandedWidth", "cornerRadius", "provenance"], in: entry)
        let compactWidth = try points(island, "compactWidth", in: entry)!
        let expandedWidth = try points(island, "expandedWidth", in: entry)!
        let cornerRadius = try points(island, "cornerRadius", in: entry, required: false)
        let fields = ["compactWidth", "expandedWidth"] + (cornerRadius == nil ? [] : ["cornerRadius"])
        let provenance = try provenances(island, fields: fields, in: entry)
        return (true, DynamicIsland(compactWidth: compactWidth, compactWidthProvenance: provenance["compactWidth"]!,
                                    expandedWidth: expandedWidth, expandedWidthProvenance: provenance["expandedWidth"]!,
                                    cornerRadius: cornerRadius, cornerRadiusProvenance: provenance["cornerRadius"]))
    }

    func size(_ size: JSONNode, _ presentation: Presentation, device id: String, scale: Int, in entry: String)
        throws(SizeTableError) -> PresentationSize
    {
        guard size.members != nil else { throw invalid(entry, size, "expected an object") }
        try onlyKnownKeys(size, ["width", "height", "minWidth", "minHeight", "provenance"], in: entry)
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
        let provenance: SizeProvenance
        if version >= 2 {
            let fields = ["width", "height"] + (minimumWidth == nil ? [] : ["minWidth"]) + (minimumHeight == nil ? [] : ["minHeight"])
            let found = try provenances(size, fields: fields, in: entry)
            provenance = SizeProvenance(width: found["width"]!, height: found["height"]!, minimumWidth: found["minWidth"],
                                        minimumHeight: found["minHeight"])
        } else {
            let all = try legacyProvenance(size, in: entry)
            provenance = SizeProvenance(width: all, height: all, minimumWidth: minimumWidth.map { _ in all },
                                        minimumHeight: minimumHeight.map { _ in all })
        }
        return PresentationSize(presentation: presentation, width: width, height: height, minimumWidth: minimumWidth,
                                minimumHeight: minimumHeight, provenance: provenance)
    }
}
