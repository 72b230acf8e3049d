import LiveAssetsRun

/// `liveassets sizes`: the presentation size table in points and pixels, with where each number comes from.
enum SizesCommand {
    static let spec = CommandSpec(
        name: "sizes",
        abstract: "Print the Live Activity presentation sizes per device, in points and pixels.",
        discussion: """
            Pixels are points x the device's scale, rounded to the nearest pixel. A number Apple does not \
            publish, or uses in a way Apple does not state, is marked [n]; note n gives the rule applied and \
            the published numbers it starts from. --json gives every number's source (document, revision, \
            section, address) or inference.
            Presentations (the views that hold images): compact-leading, compact-trailing, minimal, \
            expanded, lock-screen, small. Surfaces (where they are shown): the Dynamic Island (compact, \
            minimal, expanded), the Lock Screen, StandBy (the detached minimal view, and the Lock Screen \
            view scaled up), the Apple Watch Smart Stack and CarPlay (the compact views, or the small view \
            when the app declares the small family), the Mac menu bar (compact, minimal, expanded). \
            Device families: iphone, ipad, watch, carplay, mac.
            Exit status: 0 printed, 1 the table could not be read, 64 bad usage.
            """,
        arguments: "",
        argumentHelp: "",
        options: [
            CheckOptions.presentation.described("Only these presentations, across every device that shows them, comma-separated.").spec,
            devices.spec, json.spec, CheckOptions.table.spec,
        ],
        argumentCompletion: .text)

    static let devices = CheckOptions.devices.described("Device classes, families or model names, comma-separated.")
    static let json = Option.flag("--json", help: "Print JSON.")

    static func run(_ parsed: ParsedArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream)
        throws(CommandLineError) -> ExitCode
    {
        guard parsed.positionals.isEmpty else {
            throw CommandLineError(message: "Unexpected argument '\(parsed.positionals[0])'", command: spec)
        }
        guard let (presentations, table) = try CheckOptions.presentationsAndTable(parsed, spec: spec, errors: &errors) else {
            return .failure
        }
        var devices = table.devices
        if let list = try parsed[Self.devices] {
            devices = try TableOption.devices(list, in: table, spec: spec)
        }
        if let presentations {
            let shown = devices.filter { device in presentations.contains { device.shows($0) } }
            guard !shown.isEmpty else {
                let names = presentations.map(\.rawValue)
                let classes = devices.count <= 3
                    ? devices.map { "\($0.displayName) (\($0.id))" }.joined(separator: ", ")
                    : "the \(devices.count) selected device classes"
                let list = names.spokenList()
                let verb = names.count == 1 ? "is" : "are"
                throw CommandLineError(message: "\(list) \(verb) not shown on \(classes); 'liveassets sizes --presentation \(names.joined(separator: ","))' lists the classes that show \(names.count == 1 ? "it" : "them")",
                                 command: spec)
            }
            if try parsed[Self.json] { devices = shown }
        }
        if try parsed[Self.json] {
            output.write(json(table: table, devices: devices, presentations: presentations).serialized() + "\n")
        } else {
            var text = SizesText(table: table)
            output.writeVisible(presentations.map { text.byPresentation($0, devices: devices) } ?? text.byDevice(devices))
        }
        return .success
    }
}
