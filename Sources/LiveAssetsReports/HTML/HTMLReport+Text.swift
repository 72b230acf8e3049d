import LiveAssetsRun

// Text in the page: numbers for CSS, escaping, paths that break after each slash, prose with code spans.
extension HTMLReport {
    // MARK: Text

    /// A number for CSS: at most `digits` decimals, trailing zeros dropped ("62.33", "408", "-12.5").
    static func css(_ value: Double, digits: Int = 2) -> String {
        var factor = 1.0
        for _ in 0..<digits { factor *= 10 }
        let scaled = Int((abs(value) * factor).rounded())
        let whole = scaled / Int(factor), fraction = scaled % Int(factor)
        var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
        if fraction != 0 {
            var decimals = String(fraction)
            decimals = String(repeating: "0", count: digits - decimals.count) + decimals
            while decimals.hasSuffix("0") { decimals.removeLast() }
            text += "." + decimals
        }
        return text
    }

    /// `text` safe in HTML text and in a double-quoted attribute, as a person reads it: its control,
    /// bidirectional and invisible format characters shown as their codes (`String.visible`), then XML's
    /// escaping, as the JUnit report's (HTML reads every reference it makes).
    static func escape(_ text: String) -> String { JUnitReport.escape(text.visible) }

    /// JSON for the page's script, safe in a double-quoted attribute: XML's escaping alone (a code
    /// written into a JSON string would not be JSON; the script shows its strings as text).
    static func escapeData(_ json: String) -> String { JUnitReport.escape(json) }

    /// A path, escaped, that may break after each `/` (and nowhere else but where it must).
    static func breakable(_ path: String) -> String {
        escape(path).split(separator: "/", omittingEmptySubsequences: false).joined(separator: "/<wbr>")
    }

    /// A message or note, escaped, its `code` spans (between backticks, as the terminal shows them) set
    /// in `<code>`; an unpaired backtick stays as it is.
    static func prose(_ text: String) -> String {
        let parts = escape(text).split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count > 2 else { return parts.joined(separator: "`") }
        var html = ""
        for (index, part) in parts.enumerated() {
            if index % 2 == 0 { html += part }
            else if index == parts.count - 1 { html += "`" + part }  // no closing backtick
            else { html += "<code>" + part + "</code>" }
        }
        return html
    }
}
