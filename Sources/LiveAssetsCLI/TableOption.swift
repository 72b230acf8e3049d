import LiveAssetsRun

/// The `--table` and `--devices` options shared by `sizes`, `check` and `fit`.
enum TableOption {
    /// The table in `path`, or the bundled one.
    static func load(_ path: String?) -> Result<SizeTable, SizeTableError> {
        guard let path else { return .success(.bundled) }
        return Result { () throws(SizeTableError) in try SizeTable(contentsOf: path) }
    }

    /// The device classes a comma-separated list names; an unknown name is a command-line error.
    static func devices(_ list: String, in table: SizeTable, spec: CommandSpec) throws(CommandLineError) -> [DeviceClass] {
        let selectors = list.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        guard !selectors.isEmpty else {
            throw CommandLineError(message: "The value '\(list)' is invalid: expected device ids, families or model names", command: spec)
        }
        do throws(SizeTable.UnknownSelector) {
            return try table.devices(matching: selectors)
        } catch {
            var message = "Unknown device '\(error.selector)'"
            if let suggestion = error.suggestion { message += ". Did you mean '\(suggestion)'?" }
            throw CommandLineError(message: message, command: spec)  // the table already chose the suggestion
        }
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
