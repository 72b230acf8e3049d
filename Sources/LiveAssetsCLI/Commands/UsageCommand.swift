import LiveAssetsRun

/// `liveassets usage`: which Live Activity presentations show each image, as the widget's Swift code
/// says, with the code's line; and the images no Live Activity view names.
enum UsageCommand {
    static let spec = CommandSpec(
        name: "usage",
        abstract: "Show which Live Activity presentations show each image, read from the widget's Swift code.",
        discussion: """
            The Swift files under the paths are read for each ActivityConfiguration: its content closure \
            is the Lock Screen view (and the small view where .supplementalActivityFamilies declares \
            .small), its DynamicIsland's expanded, compactLeading, compactTrailing and minimal closures \
            those presentations; views are followed through the code's own types (View, ViewModifier \
            and styles), functions and properties, called plainly or as members (.teamBadge(), \
            Image.crest). Image names are matched to the image sets and images under the same \
            paths: a literal or generated symbol (Image(.teamLogo)) is shown; a computed name is shown \
            where the code's string data narrows it to an image, and perhaps shown otherwise. \
            Images shown alike share a line. 'liveassets check' holds each image to these presentations \
            (a computed name's images as warnings) and leaves out those no view shows, where every \
            view could be followed.
            Exit status: 0, 1 the sources or images could not be read, 64 bad usage.
            """,
        arguments: "<path> ...",
        argumentHelp: "The widget extension's folders (Swift files and catalogs), or Swift files and catalogs.",
        options: [json.spec])

    static let json = Option.flag("--json", help: "Print one JSON object: images, unreferenced, undecided, files read.")

    static func run(_ parsed: ParsedArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream)
        throws(CommandLineError) -> ExitCode
    {
        guard !parsed.positionals.isEmpty else {
            throw CommandLineError(message: "Missing expected argument '<path> ...'", command: spec)
        }
        let paths = parsed.positionals
        let reading: SourceReading, fileCount: Int
        do throws(SwiftSources.Failure) {
            let read = try SwiftSources.read(paths)
            (reading, fileCount) = (read.reading, read.fileCount)
        } catch {
            print("Error: \(error.message)", to: &errors)
            return .failure
        }
        // The image names: what check would read under the same paths (Swift files are not images).
        let imagePaths = paths.filter { !$0.hasSuffix(".swift") }
        var names: [String] = [], seen: Set<String> = []
        if !imagePaths.isEmpty {
            do throws(CheckRun.Failure) {
                for group in try CheckRun(inputs: imagePaths).survey().groups {
                    for asset in group.scan.assets where seen.insert(asset.name).inserted { names.append(asset.name) }
                }
            } catch {
                print("Error: \(error.message)", to: &errors)
                return .failure
            }
        }
        let usage = ImageUsage(reading, names: names)
        let shown = names.filter { usage.shown[$0] != nil }
        if try parsed[Self.json] {
            let images: [JSONValue] = shown.map { name in
                .object([("name", .string(name)), ("shownIn", .array(usage.shown[name]!.map { entry in
                    .object([("presentation", .string(entry.presentation.rawValue)), ("evidence", .string(entry.evidence.rawValue)),
                             ("location", .string(entry.location))])
                }))])
            }
            output.write(JSONValue.object([
                ("images", .array(images)),
                ("unreferenced", .array(usage.unreferenced.map(JSONValue.string))),
                ("undecided", .array(reading.undecided.map(JSONValue.string))),
                ("swiftFiles", .int(fileCount)),
                ("configurations", .int(reading.configurations)),
                ("declaresSmallFamily", .bool(reading.declaresSmallFamily)),
            ]).serialized() + "\n")
            return .success
        }
        // Images the code shows alike share a line; on it, the presentations one call shows are named together.
        var lines: [(names: [String], clauses: String)] = []
        for name in shown {
            let clauses = Self.clauses(usage.shown[name]!.filter { $0.evidence != .candidate } + (usage.candidates[name] ?? []))
            if let index = lines.firstIndex(where: { $0.clauses == clauses }) { lines[index].names.append(name) } else { lines.append(([name], clauses)) }
        }
        for line in lines {
            let names = line.names.count <= 4 ? line.names.joined(separator: ", ")
                : line.names.prefix(3).joined(separator: ", ") + " and \(line.names.count - 3) more"
            let them = line.names.count == 1 ? "it" : "them"
            output.writeVisible((names + ": " + line.clauses.split(separator: "\u{0}", omittingEmptySubsequences: false).joined(separator: them)).replacingNewlines + "\n")
        }
        var summary = [shown.isEmpty ? nil : "", "Read \(fileCount == 1 ? "1 Swift file" : "\(fileCount) Swift files"): \(reading.configurations == 1 ? "1 ActivityConfiguration" : "\(reading.configurations) ActivityConfigurations")"
            + (reading.declaresSmallFamily ? ", the small family declared." : ".")]
        if !usage.unreferenced.isEmpty && reading.configurations > 0 {
            let list = usage.unreferenced.joined(separator: ", "), them = usage.unreferenced.count == 1 ? "it" : "them"
            summary.append("No Live Activity view shows \(list): check leaves \(them) out, unless a configuration's presentations place \(them).")
        }
        for note in reading.undecided { summary.append("Not followed: \(note).") }
        if reading.configurations == 0 { summary.append("No ActivityConfiguration was found: give the widget extension's folder.") }
        if names.isEmpty {
            summary.append("No image was found under the paths given: add the folder or asset catalog that holds the widget's images to see which views show each.")
        }
        output.writeVisible(summary.compactMap { $0?.replacingNewlines }.joined(separator: "\n") + "\n")
        return .success
    }

    /// Where the code shows one image, the presentations of each call together: "compact leading and
    /// minimal (Match.swift:18)", "expanded by `Image("flag-\(code.rawValue)")` (Match.swift:15), which the
    /// code narrows to \u{0}", "perhaps minimal by `Image(team)` (Match.swift:22), a computed name nothing
    /// narrows", "perhaps Lock Screen by what the reader could not follow (Match.swift:9: Board is declared
    /// nowhere the reader can read)" (U+0000 stands for "it" or "them", as the line names one image or more).
    static func clauses(_ shown: [ImageUsage.Shown]) -> String {
        var groups: [(evidence: ImageUsage.Evidence, location: String, call: String, unresolved: String?, presentations: [String])] = []
        for entry in shown {
            if let index = groups.firstIndex(where: { $0.evidence == entry.evidence && $0.location == entry.location && $0.call == entry.call }) {
                groups[index].presentations.append(entry.presentation.displayName)
            } else {
                groups.append((entry.evidence, entry.location, entry.call, entry.unresolved, [entry.presentation.displayName]))
            }
        }
        return groups.map { group in
            let presentations = group.presentations.spokenList()
            switch group.evidence {
            case .literal: return "\(presentations) (\(group.location))"
            case .narrowed: return "\(presentations) by `\(group.call)` (\(group.location)), which the code narrows to \u{0}"
            case .candidate:
                if let unresolved = group.unresolved { return "perhaps \(presentations) by what the reader could not follow (\(group.location): \(unresolved))" }
                return "perhaps \(presentations) by `\(group.call)` (\(group.location)), a computed name nothing narrows"
            }
        }.joined(separator: "; ")
    }
}
