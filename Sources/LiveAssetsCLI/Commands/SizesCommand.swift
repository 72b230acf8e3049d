import LiveAssets

/// `liveassets sizes`: the presentation size table in points and pixels.
enum SizesCommand {
    static let spec = CommandSpec(
        name: "sizes",
        abstract: "Print the Live Activity presentation sizes per device, in points and pixels.",
        discussion: """
            Pixels are points x the device's scale, rounded to the nearest pixel. Values Apple does not \
            publish are marked '*' (inferred) with the rule applied.
            Exit status: 0 printed, 1 the table could not be read, 64 bad usage.
            """,
        arguments: "",
        argumentHelp: "",
        options: [
            .init("--device", value: "LIST", help: "Device classes, families or model names, comma-separated."),
            .init("--json", help: "Print JSON."),
            .init("--table", value: "FILE", help: "Use this size table instead of the bundled one."),
        ])

    static func run(_ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream)
        throws(UsageError) -> ExitCode
    {
        guard let parsed = try ParsedArguments.parse(arguments, spec: spec, output: &output) else { return .success }
        guard parsed.positionals.isEmpty else {
            throw UsageError(message: "Unexpected argument '\(parsed.positionals[0])'", command: spec)
        }
        let table: SizeTable
        switch TableOption.load(parsed.values["--table"]) {
        case .success(let loaded): table = loaded
        case .failure(let error):
            print("Error: \(error.message)", to: &errors)
            return .failure
        }
        var devices = table.devices
        if let list = parsed.values["--device"] {
            devices = try TableOption.devices(list, in: table, spec: spec)
        }
        if parsed.has("--json") {
            output.write(JSONValue.object([
                ("revision", .string(table.revision)),
                ("devices", .array(devices.map(\.jsonObject))),
            ]).serialized() + "\n")
        } else {
            output.write(text(table: table, devices: devices))
        }
        return .success
    }

    static func text(table: SizeTable, devices: [DeviceClass]) -> String {
        var lines = [
            "Live Activity presentation sizes (\(table.revision)).",
            "Largest image per presentation; * = inferred, not published by Apple (the rule follows).",
        ]
        for device in devices {
            var heading = "\(device.id)  @\(device.scale)x\(device.scaleProvenance.isInferred ? "*" : "")"
            if device.hasDynamicIsland { heading += "  Dynamic Island" }
            if !device.models.isEmpty { heading += "  " + device.models.joined(separator: ", ") }
            lines += ["", heading]
            if case .inferred(let reason) = device.scaleProvenance { lines.append("      * scale: \(reason)") }
            for size in device.presentations {
                let pixels = size.limit(atScale: device.scale)
                let range = [size.minimumWidth.map { "width from \($0) pt" }, size.minimumHeight.map { "height from \($0) pt" }]
                    .compactMap { $0 }.joined(separator: ", ")
                let name = size.presentation.rawValue + (size.provenance.isInferred ? " *" : "")
                lines.append("  " + name.padding(18) + "\(size.width) x \(size.height) pt".padding(18)
                    + "\(pixels.width) x \(pixels.height) px".padding(16) + range)
                if case .inferred(let reason) = size.provenance { lines.append("      * \(reason)") }
            }
            if let note = device.note { lines.append("  note: \(note)") }
        }
        return lines.map { $0.hasSuffix(" ") ? String($0.reversed().drop { $0 == " " }.reversed()) : $0 }
            .joined(separator: "\n") + "\n"
    }
}

extension DeviceClass {
    var jsonObject: JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(id)), ("family", .string(family.rawValue)), ("scale", .int(scale)),
        ]
        if case .inferred(let reason) = scaleProvenance { members.append(("scaleInferred", .string(reason))) }
        members += [
            ("models", .array(models.map(JSONValue.string))), ("dynamicIsland", .bool(hasDynamicIsland)),
            ("presentations", .array(presentations.map { $0.jsonObject(scale: scale) })),
        ]
        return .object(members)
    }
}

extension PresentationSize {
    func jsonObject(scale: Int) -> JSONValue {
        let pixels = limit(atScale: scale)
        var points: [(String, JSONValue)] = [("width", .number(width.description)), ("height", .number(height.description))]
        if let minimumWidth { points.append(("minWidth", .number(minimumWidth.description))) }
        if let minimumHeight { points.append(("minHeight", .number(minimumHeight.description))) }
        let origin: (String, JSONValue) =
            switch provenance {
            case .published(let source): ("source", .string(source))
            case .inferred(let reason): ("inferred", .string(reason))
            }
        return .object([
            ("presentation", .string(presentation.rawValue)), ("points", .object(points)),
            ("pixels", .object([("width", .int(pixels.width)), ("height", .int(pixels.height))])), origin,
        ])
    }
}
