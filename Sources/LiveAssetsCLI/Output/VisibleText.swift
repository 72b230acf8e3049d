import LiveAssetsRun

/// A stream for people: what is written to it reaches `base` with its control characters shown as
/// their codes (`String.visible`), so no name from a repository acts on the terminal reading it.
/// Standard error is always one; standard output is one for the formats meant for people (the
/// default report, `fit`, `info`, `usage` and `sizes` as text), never for JSON, SARIF, JUnit or HTML,
/// which escape in their own syntax.
struct VisibleText<Base: TextOutputStream>: TextOutputStream {
    var base: Base

    mutating func write(_ string: String) { base.write(string.visible) }
}

extension TextOutputStream {
    /// Writes `string` with its control characters shown as their codes (see ``VisibleText``).
    mutating func writeVisible(_ string: String) { write(string.visible) }
}
