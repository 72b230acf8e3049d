import LiveAssets

/// The options `check` and `fit` share: which table, devices, presentations, configuration and files.
struct CheckOptions {
    var table: SizeTable
    var devices: [String]?
    var presentations: [Presentation]?
    var configurationPath: String?
    var include: [Glob]
    var exclude: [Glob]
    /// Images over these are refused after their header, before any pixel memory exists.
    var limits: ImageLimits

    /// The options themselves, as `check` and `fit` list them.
    static let specs: [CommandSpec.Option] = [
        .init("--presentation", value: "LIST", help: "Presentations the images are shown in, comma-separated."),
        .init("--devices", value: "LIST", help: "Device classes, families or model names, comma-separated (default: all but mac)."),
        .init("--config", value: "FILE", help: "Use this configuration instead of looking for .liveassets.json."),
        .init("--table", value: "FILE", help: "Use this size table instead of the bundled one."),
        .init("--include", value: "GLOBS", help: "Only check images in folders matching these patterns."),
        .init("--exclude", value: "GLOBS", help: "Leave out paths matching these patterns, comma-separated."),
    ] + limitSpecs

    /// `--max-pixels` and `--max-side`, which `info` takes too.
    static let limitSpecs: [CommandSpec.Option] = [
        .init("--max-pixels", value: "N", help: "Refuse images over N pixels (default 100000000)."),
        .init("--max-side", value: "N", help: "Refuse images wider or taller than N pixels (default 65535)."),
    ]

    /// The limits `--max-pixels` and `--max-side` set (the defaults where they are absent).
    static func limits(_ parsed: ParsedArguments, spec: CommandSpec) throws(UsageError) -> ImageLimits {
        var limits = ImageLimits.default
        if let value = try parsed.integer("--max-pixels", in: 1...Int(Int64.max), spec: spec) { limits.maxPixels = value }
        if let value = try parsed.integer("--max-side", in: 1...Int(UInt32.max), spec: spec) { limits.maxSide = value }
        return limits
    }

    /// The presentations a comma-separated `--presentation` value names; an unknown id is a usage error.
    static func presentations(_ list: String, spec: CommandSpec) throws(UsageError) -> [Presentation] {
        let names = list.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        guard !names.isEmpty else {
            throw UsageError(message: "The value '\(list)' is invalid for '--presentation': expected presentation ids", command: spec)
        }
        var presentations: [Presentation] = []
        for name in names {
            guard let presentation = Presentation(rawValue: name) else {
                throw UsageError.unknown("presentation", name, among: Presentation.allCases.map(\.rawValue), command: spec)
            }
            if !presentations.contains(presentation) { presentations.append(presentation) }
        }
        return presentations
    }

    /// Reads the shared options; nil (after printing why) when the table cannot be loaded.
    static func parse(_ parsed: ParsedArguments, spec: CommandSpec, errors: inout some TextOutputStream)
        throws(UsageError) -> CheckOptions?
    {
        let presentations = try parsed.values["--presentation"].map { list throws(UsageError) in
            try Self.presentations(list, spec: spec)
        }
        let table: SizeTable
        switch TableOption.load(parsed.values["--table"]) {
        case .success(let loaded): table = loaded
        case .failure(let error):
            print("Error: \(error.message)", to: &errors)
            return nil
        }
        let devices = parsed.values["--devices"].map { $0.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty } }
        if let devices {
            // Checked here so that a mistyped device is a usage error, with a suggestion.
            _ = try TableOption.devices(devices.joined(separator: ","), in: table, spec: spec)
        }
        func globs(_ name: String) -> [Glob] {
            (parsed.values[name] ?? "").split(separator: ",").map { Glob($0.trimmingSpaces) }
        }
        return CheckOptions(table: table, devices: devices, presentations: presentations,
                            configurationPath: parsed.values["--config"], include: globs("--include"), exclude: globs("--exclude"),
                            limits: try limits(parsed, spec: spec))
    }

    func run(inputs: [String], strict: Bool, jobs: Int) -> CheckRun {
        CheckRun(inputs: inputs, table: table, devices: devices, presentations: presentations,
                 configurationPath: configurationPath, exclude: exclude, include: include, strict: strict,
                 options: .init(limits: limits), jobs: jobs)
    }
}
