extension String {
    /// Whether a limit's reason is libjpeg's progressive-scan limit ("it has more than 500 progressive
    /// scans"), which has its own advice.
    package var isScanLimit: Bool { hasPrefix("it has more than ") && hasSuffix(" progressive scans") }

    /// A reason that starts "it needs ..." continued after a subject ("the JPEG needs ...").
    package var droppingLeadingIt: String { hasPrefix("it ") ? String(dropFirst(3)) : self }

    /// A codec message shaped to sit inside a sentence: no trailing period or space.
    package var trimmingTrailingPeriods: String {
        var text = self
        while text.hasSuffix(".") || text.hasSuffix(" ") { text.removeLast() }
        return text.isEmpty ? "the codec gave no reason" : text
    }
}
