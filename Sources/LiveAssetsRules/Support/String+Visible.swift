import LiveAssetsCore

extension String {
    /// The text with every control character a terminal would act on shown instead as its code, as
    /// `\u{1B}`: the C0 controls but line feed and tab, DEL, and the C1 controls (U+0080-U+009F), so that
    /// a file name or a catalog value cannot move the cursor, erase a line, hide text, set the window's
    /// title or write the clipboard (OSC 52) of whoever reads the output. For every format meant for
    /// people; line breaks inside a name are made spaces where a line is formed (`replacingNewlines`).
    package var visible: String {
        // Most text holds none: one pass over the bytes (a C1 control is 0xC2 then 0x80-0x9F in UTF-8).
        let needed = utf8.withContiguousStorageIfAvailable { bytes in bytes.contains(where: Self.mayBeControl) }
            ?? utf8.contains(where: Self.mayBeControl)
        guard needed else { return self }
        var output = ""
        output.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if Self.isShownAsCode(scalar) {
                output += Self.code(of: scalar)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Whether `scalar` is shown by its code in ``visible``.
    package static func isShownAsCode(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F, 0x80...0x9F: true
        default: false
        }
    }

    /// `\u{1B}` for ESC: how ``visible`` shows a control character.
    package static func code(of scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2) + "}"
    }

    /// Whether a UTF-8 byte may start a control character (a cheap test before the exact one).
    private static func mayBeControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || byte == 0xC2
    }

    /// The text with "0"s before it up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
