import LiveAssetsRun

extension SizesCommand {
    /// `sizes --json`: the table as read, each number with its provenance spelled out.
    static func json(table: SizeTable, devices: [DeviceClass], presentations: [Presentation]?) -> JSONValue {
        .object([
            ("revision", .string(table.revision)),
            ("readings", .array(table.readings.map(JSONValue.string))),
            ("devices", .array(devices.map { $0.jsonObject(presentations: presentations) })),
        ])
    }
}

extension Provenance {
    /// `{"document", "revision", "section", "url"[, "note"]}` or `{"inferred", "from"}`; a version-1
    /// table's text-only source gives `{"document"}` alone.
    var jsonObject: JSONValue {
        switch self {
        case .published(let source):
            var members: [(String, JSONValue)] = [("document", .string(source.document))]
            if let revision = source.revision { members.append(("revision", .string(revision))) }
            if let section = source.section { members.append(("section", .string(section))) }
            if let url = source.url { members.append(("url", .string(url))) }
            if let note = source.note { members.append(("note", .string(note))) }
            return .object(members)
        case .inferred(let inference):
            return .object([("inferred", .string(inference.rule)), ("from", .array(inference.from.map(JSONValue.string)))])
        }
    }
}

extension DeviceClass {
    func jsonObject(presentations selected: [Presentation]?) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(id)), ("family", .string(family.rawValue))]
        var provenance: [(String, JSONValue)] = []
        if let screenWidth, let screenHeight {
            members.append(("screen", .object([("width", .number("\(screenWidth)")), ("height", .number("\(screenHeight)"))])))
            if let screenProvenance { provenance.append(("screen", screenProvenance.jsonObject)) }
        }
        members.append(("scale", .int(scale)))
        provenance.append(("scale", scaleProvenance.jsonObject))
        members.append(("models", .array(models.map(JSONValue.string))))
        if !models.isEmpty {
            provenance.append(("models", .object(listedModels.map { ($0.name, $0.provenance.jsonObject) })))
        }
        members.append(("provenance", .object(provenance)))
        members.append(("selectedByDefault", .bool(isSelectedByDefault)))
        members.append(("dynamicIsland", .bool(hasDynamicIsland)))
        if let dynamicIsland {
            let fields = dynamicIsland.fields
            var outline = fields.map { ($0.field, JSONValue.number("\($0.points)")) }
            outline.append(("provenance", .object(fields.map { ($0.field, $0.provenance.jsonObject) })))
            members.append(("dynamicIslandOutline", .object(outline)))
        }
        members.append(("surfaces", .array(surfaces.map { .string($0.rawValue) })))
        let shown = presentations.filter { size in selected.map { $0.contains(size.presentation) } ?? true }
        members.append(("presentations", .array(shown.map { $0.jsonObject(scale: scale) })))
        if let standby, selected?.contains(.lockScreen) ?? true {
            members.append(("standby", standby.jsonObject(scale: scale)))
        }
        if let note { members.append(("note", .string(note))) }
        return .object(members)
    }
}

extension PresentationSize {
    func jsonObject(scale: Int) -> JSONValue {
        let pixels = limit(atScale: scale)
        var points: [(String, JSONValue)] = [("width", .number("\(width)")), ("height", .number("\(height)"))]
        if let minimumWidth { points.append(("minWidth", .number("\(minimumWidth)"))) }
        if let minimumHeight { points.append(("minHeight", .number("\(minimumHeight)"))) }
        return .object([
            ("presentation", .string(presentation.rawValue)), ("points", .object(points)),
            ("pixels", .object([("width", .int(pixels.width)), ("height", .int(pixels.height))])),
            ("provenance", .object(provenance.fields.map { ($0.field, $0.provenance.jsonObject) })),
        ])
    }
}
