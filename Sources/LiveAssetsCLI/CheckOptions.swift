import LiveAssetsRun

/// The options `check` and `fit` share: which table, devices, presentations, configuration and files.
struct CheckOptions {
    var table: SizeTable
    var devices: [String]?
    var presentations: [Presentation]?
    var configurationPath: String?
    /// The widget extension's Swift files or folders (`--sources`).
    var sources: [String]
    /// Whether the Swift files under the inputs are read (unless `--no-sources`).
    var readsSourcesUnderInputs = true
    /// Whether the Xcode project or package the inputs belong to decides what is checked (unless `--no-project`).
    var readsProject = true
    var include: [Glob]
    var exclude: [Glob]
    /// Images over these are refused after their header, before any pixel memory exists.
    var limits: ImageLimits

    /// The options themselves, as `check` and `fit` list them.
    static let specs: [CommandSpec.Option] = [presentation.spec, devices.spec, sources.spec, noSources.spec, noProject.spec,
                                              config.spec, table.spec, include.spec, exclude.spec] + limitSpecs

    static let presentation = Option.text("--presentation", value: "LIST", completion: .presentations, help: "Presentations the images are shown in, comma-separated: compact-leading, compact-trailing, minimal, expanded, lock-screen, small (default: each image's configured ones, else those the widget's Swift code shows it in, else the larger of lock-screen and expanded on iPhone and iPad); given, it holds every image to these, whatever the code says.")
    static let devices = Option.text("--devices", value: "LIST", aliases: ["--device"], completion: .devices,
                                     help: "Device classes, families or model names, comma-separated (default: all but mac).")
    static let sources = Option.repeated("--sources", value: "PATHS", completion: .files, help: "More Swift files or folders to read, comma-separated or the option repeated (the Swift files under the inputs are read already, when one declares an ActivityConfiguration; with the configuration's \"sources\"): each image is held to the presentations whose views show it, where --presentation and the configuration's patterns do not say; an image no Live Activity view can show is not checked.")
    static let noSources = Option.flag("--no-sources", help: "Do not read the Swift files found under the inputs (those of --sources and the configuration's \"sources\" are still read); with none read, every image is checked, by --presentation, the configuration or the default check.")
    static let noProject = Option.flag("--no-project", help: "Do not read the Xcode project or Package.swift the inputs belong to; without it, an image that no Live Activity target (the app extension whose code declares an ActivityConfiguration, and what it links) bundles is not checked, and that target's code is read wherever it is.")
    static let config = Option.text("--config", value: "FILE", completion: .files, help: "Use this configuration instead of looking for .liveassets.json.")
    static let table = Option.text("--table", value: "FILE", completion: .files, help: "Use this size table instead of the bundled one.")
    static let include = Option.text("--include", value: "GLOBS", help: "Only check images matching these patterns, comma-separated (see PATTERNS).")
    static let exclude = Option.text("--exclude", value: "GLOBS", help: "Leave out images and folders matching these patterns, comma-separated (see PATTERNS).")

    /// How patterns are read, for `check` and `fit` help.
    static let patternsHelp = """
        PATTERNS (--include, --exclude, configuration keys) are matched against paths relative to \
        each input (flags; or to a folder inside it that holds its own configuration) or to the \
        configuration's folder, as .gitignore does: * and ? stay within \
        one path component, ** crosses any number; a pattern without / matches any single component \
        ('TeamLogo*', '*.png'), one with / is anchored ('Widgets.xcassets/*.imageset'); a folder's \
        match covers everything in it, inside catalogs too, and an image set is in when it or one of \
        its files matches. An image that several presentation patterns match is held to all their \
        presentations. A pattern that matches nothing is a warning.
        """

    /// `--max-pixels` and `--max-side`, which `info` takes too.
    static let limitSpecs: [CommandSpec.Option] = [maxPixels.spec, maxSide.spec]
    static let maxPixels = Option.integer("--max-pixels", in: 1...Int(Int64.max), help: "Refuse images over N pixels (default 100000000).")
    static let maxSide = Option.integer("--max-side", in: 1...Int(UInt32.max), help: "Refuse images wider or taller than N pixels (default 65535).")

    /// The limits `--max-pixels` and `--max-side` set (the defaults where they are absent).
    static func limits(_ parsed: ParsedArguments) throws(CommandLineError) -> ImageLimits {
        var limits = ImageLimits.default
        if let value = try parsed[maxPixels] { limits.maxPixels = value }
        if let value = try parsed[maxSide] { limits.maxSide = value }
        return limits
    }

    /// The presentations a comma-separated `--presentation` value names; an unknown id is a command-line error,
    /// a surface named as a presentation (`standby`) is read as the presentation it shows, with a warning.
    static func presentations(_ list: String, spec: CommandSpec, warnings: inout [String]) throws(CommandLineError) -> [Presentation] {
        let names = list.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        guard !names.isEmpty else {
            throw CommandLineError(message: "The value '\(list)' is invalid for '--presentation': expected presentation ids", command: spec)
        }
        var presentations: [Presentation] = []
        for name in names {
            guard let (presentation, _) = Presentation.named(name) else {
                throw CommandLineError.unknown("presentation", name, among: Presentation.allCases.map(\.rawValue), command: spec)
            }
            if let sentence = Presentation.deprecation(of: name) { warnings.append("warning: --presentation: " + sentence) }
            if !presentations.contains(presentation) { presentations.append(presentation) }
        }
        return presentations
    }

    /// `--presentation` (its warnings printed) and the table `--table` names, or the bundled one; nil
    /// (after printing why) when that table cannot be loaded. Shared by check, fit and sizes.
    static func presentationsAndTable(_ parsed: ParsedArguments, spec: CommandSpec, errors: inout some TextOutputStream)
        throws(CommandLineError) -> (presentations: [Presentation]?, table: SizeTable)?
    {
        var warnings: [String] = []
        let presentations = try parsed[presentation].map { list throws(CommandLineError) in
            try Self.presentations(list, spec: spec, warnings: &warnings)
        }
        for warning in warnings { print(warning, to: &errors) }
        switch TableOption.load(try parsed[table]) {
        case .success(let table): return (presentations, table)
        case .failure(let error):
            print("Error: \(error.message)", to: &errors)
            return nil
        }
    }

    /// Reads the shared options; nil (after printing why) when the table cannot be loaded.
    static func parse(_ parsed: ParsedArguments, spec: CommandSpec, errors: inout some TextOutputStream)
        throws(CommandLineError) -> CheckOptions?
    {
        guard let (presentations, table) = try presentationsAndTable(parsed, spec: spec, errors: &errors) else { return nil }
        let devices = try parsed[devices].map { $0.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty } }
        if let devices {
            // Checked here so that a mistyped device is a command-line error, with a suggestion.
            _ = try TableOption.devices(devices.joined(separator: ","), in: table, spec: spec)
        }
        func globs(_ option: Option<String?>) throws(CommandLineError) -> [Glob] {
            (try parsed[option] ?? "").split(separator: ",").map { Glob($0.trimmingSpaces) }
        }
        return CheckOptions(table: table, devices: devices, presentations: presentations,
                            configurationPath: try parsed[config],
                            sources: paths(try parsed[sources]), readsSourcesUnderInputs: !(try parsed[noSources]),
                            readsProject: !(try parsed[noProject]),
                            include: try globs(include), exclude: try globs(exclude),
                            limits: try limits(parsed))
    }

    /// The paths of every `--sources` value: comma-separated, unless the value is itself a path that
    /// exists (a folder with a comma in its name); the build plugin gives one file a value.
    static func paths(_ values: [String]) -> [String] {
        values.flatMap { value in
            FileTree.exists(value) ? [value] : value.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        }
    }

    /// The error when `inputs` gave no image: said with the patterns that may have left every one out.
    func nothingFound(in inputs: [String]) -> String {
        let places = inputs.joined(separator: ", ")
        let patterns = include.map { "--include '\($0)'" } + exclude.map { "--exclude '\($0)'" }
        guard !patterns.isEmpty else { return "no image files were found in \(places)." }
        return "no image file in \(places) is left by \(patterns.joined(separator: " and ")); patterns are relative to each input given (see `liveassets check --help`)."
    }

    func run(inputs: [String], strict: Bool, jobs: Int) -> CheckRun {
        var run = CheckRun(inputs: inputs, table: table, devices: devices, presentations: presentations,
                           configurationPath: configurationPath, exclude: exclude, include: include, strict: strict,
                           options: .init(limits: limits), jobs: jobs)
        run.sources = sources
        run.readsSourcesUnderInputs = readsSourcesUnderInputs
        run.readsProject = readsProject
        return run
    }
}
