extension String {
    /// The text on one line: CR and LF become spaces.
    package var replacingNewlines: String {
        func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
        let breaks = utf8.withContiguousStorageIfAvailable { $0.contains(where: isBreak) } ?? utf8.contains(where: isBreak)
        guard breaks else { return self }
        return String(map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}

extension String {
    /// The text with each scalar for which `replacement` gives a string replaced by that string, the
    /// others kept: what each report format's escaping is made of.
    package func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var output = ""
        output.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) { output += replaced } else { output.unicodeScalars.append(scalar) }
        }
        return output
    }
}
