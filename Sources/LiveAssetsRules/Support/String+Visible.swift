import LiveAssetsCore

extension String {
    /// The text with every character that would act on a terminal, or make a reader see other text
    /// than it holds, shown instead as its code, as `\u{1B}`: the controls ``isControl(_:)`` names and
    /// the bidirectional and invisible format characters ``isBidiFormat(_:)`` names. A file name or a
    /// catalog value cannot move the cursor, erase a line, hide text, set the window's title, write the
    /// clipboard (OSC 52) or reorder what is read after it ("Trojan Source"). For every text meant for
    /// people; line breaks inside a name are made spaces where a line is formed (`replacingNewlines`).
    package var visible: String { shown(where: Self.isShownAsCode) }

    /// The text with only the controls of ``isControl(_:)`` shown as their codes: a path a format must
    /// give exactly (xcode's `path:line:col`, GitHub's `file=`), where a bidirectional character stays
    /// as it is (and a `bidi-name` finding says that the name holds one).
    package var controlsVisible: String { shown(where: Self.isControl) }

    /// The text with only the characters of ``isBidiFormat(_:)`` shown as their codes: messages in the
    /// formats that escape controls in their own syntax (JSON, SARIF, JUnit).
    package var bidiVisible: String { shown(where: Self.isBidiFormat) }

    /// Whether `scalar` is shown by its code in ``visible``.
    package static func isShownAsCode(_ scalar: Unicode.Scalar) -> Bool { isControl(scalar) || isBidiFormat(scalar) }

    /// The C0 controls but line feed and tab, DEL, and the C1 controls (U+0080-U+009F).
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F, 0x80...0x9F: true
        default: false
        }
    }

    /// The bidirectional and invisible format characters that make text read in another order than it
    /// is stored: LEFT-TO-RIGHT and RIGHT-TO-LEFT MARK (U+200E, U+200F), ARABIC LETTER MARK (U+061C), the
    /// embeddings and overrides (U+202A-U+202E) and the isolates (U+2066-U+2069).
    package static func isBidiFormat(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The names of the characters ``isBidiFormat(_:)`` picks, by code point.
    package static let bidiFormatNames: [UInt32: String] = [
        0x061C: "ARABIC LETTER MARK", 0x200E: "LEFT-TO-RIGHT MARK", 0x200F: "RIGHT-TO-LEFT MARK",
        0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING", 0x202C: "POP DIRECTIONAL FORMATTING",
        0x202D: "LEFT-TO-RIGHT OVERRIDE", 0x202E: "RIGHT-TO-LEFT OVERRIDE", 0x2066: "LEFT-TO-RIGHT ISOLATE",
        0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE",
    ]

    /// Whether UTF-8 `bytes` may hold a character of ``isBidiFormat(_:)``: each starts with 0xE2 or 0xD8
    /// (a cheap test, asked of every name a walk meets, before the exact one).
    package static func mayHoldBidiFormat(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.contains { $0 == 0xE2 || $0 == 0xD8 }
    }

    /// ``mayHoldBidiFormat(_:)`` on contiguous bytes, by index.
    package static func mayHoldBidiFormat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0xE2 || bytes[index] == 0xD8 { return true }
            index += 1
        }
        return false
    }

    /// The bidirectional and invisible format characters `self` holds, each once, in order, as
    /// "U+202E (RIGHT-TO-LEFT OVERRIDE)".
    package var bidiFormatCharacters: [String] {
        guard Self.mayHoldBidiFormat(utf8) else { return [] }
        var found: [Unicode.Scalar] = []
        for scalar in unicodeScalars where Self.isBidiFormat(scalar) && !found.contains(scalar) { found.append(scalar) }
        return found.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) + " (\(Self.bidiFormatNames[$0.value] ?? "a format character"))" }
    }

    /// `\u{1B}` for ESC: how ``visible`` shows a character.
    package static func code(of scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2) + "}"
    }

    /// The text with the characters `shownAsCode` picks shown as their codes (inlined: asked of every
    /// line a report writes).
    @inline(__always)
    private func shown(where shownAsCode: (Unicode.Scalar) -> Bool) -> String {
        // Most text holds none: one pass over the bytes (a C1 control is 0xC2 then 0x80-0x9F in UTF-8, a
        // bidirectional character starts with 0xE2 or 0xD8).
        let needed = utf8.withContiguousStorageIfAvailable { bytes in bytes.contains(where: Self.mayBeShownAsCode) }
            ?? utf8.contains(where: Self.mayBeShownAsCode)
        guard needed else { return self }
        var output = ""
        output.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if shownAsCode(scalar) {
                output += Self.code(of: scalar)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Whether a UTF-8 byte may start a character shown as its code (a cheap test before the exact one).
    private static func mayBeShownAsCode(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || byte == 0xC2 || byte == 0xE2 || byte == 0xD8
    }

    /// The text with "0"s before it up to `width` characters.
    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
