/// The manual page `liveassets manual` prints, in roff's man macros: every subcommand with its synopsis,
/// discussion, arguments and options, generated from the declarations its help comes from.
enum ManualPage {
    static func roff(commands: [Subcommand], version: String) -> String {
        var lines = [
            ".TH LIVEASSETS 1 \"\" \"liveassets \(escaped(version))\" \"User Commands\"",
            ".SH NAME",
            "liveassets \\- find and fix the images that would make a Live Activity fail to start",
            ".SH SYNOPSIS",
            ".B liveassets",
            ".I subcommand",
            ".RI [ options ]",
            ".RI [ arguments ]",
            ".SH DESCRIPTION",
            "ActivityKit requires every image a Live Activity shows to be no larger than the presentation it is shown in,",
            "on the device it runs on.",
            ".B liveassets",
            "checks each image, in pixels, against those sizes, shrinks the images that are too large, and says which",
            "images a Live Activity can show, from the project itself.",
            "Each subcommand below has the same help as",
            ".BR \"liveassets help \" \\fIsubcommand\\fR.",
            ".SH COMMANDS",
        ]
        for command in commands {
            let spec = command.spec
            lines += [".SS \(escaped(spec.name))", escaped(spec.abstract)]
            for paragraph in spec.discussion.split(separator: "\n") where !paragraph.isEmpty {
                lines += [".PP", escaped(String(paragraph))]
            }
            lines += [".PP", ".B Usage:", escaped(spec.synopsis)]
            if !spec.arguments.isEmpty {
                lines += [".TP", "\\fI\(escaped(spec.arguments))\\fR", escaped(spec.argumentHelp)]
            }
            for option in spec.allOptions {
                var label = (option.short.map { [$0] } ?? []) + [option.name]
                label = label.map { "\\fB\(escaped($0))\\fR" }
                let value = option.valueName.map { " \\fI\(escaped($0))\\fR" } ?? ""
                let aliases = option.aliases.isEmpty ? "" : " (also " + option.aliases.joined(separator: ", ") + ")"
                lines += [".TP", label.joined(separator: ", ") + value, escaped(option.help + aliases)]
            }
        }
        lines += [
            ".SH FILES",
            ".TP",
            ".I .liveassets.json",
            "A configuration found in an input's folder or its parents: devices, presentations per path pattern,",
            "rule severities and excludes (see",
            ".BR \"liveassets help check\" ).",
            ".SH SEE ALSO",
            ".BR \"liveassets completion\" ,",
            "the README of the LiveAssets package.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as roff reads it literally: a backslash as `\e`, a minus as `\-`, any other character beyond
    /// ASCII as its code (`\[u2192]`), and a line's leading `.` or `'` (a request otherwise) behind `\&`.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F: result.unicodeScalars.append(scalar)
            case _ where scalar.isASCII: result += " "  // a control character: no roff meaning wanted
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)]"
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }
}
