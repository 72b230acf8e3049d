import LiveAssetsCore

extension Int {
    /// A byte count for a sentence: whole megabytes (10^6 bytes, rounded) from 1 MB up, grouped bytes
    /// below it (`400 MB`, `1,234 bytes`).
    package var byteCountText: String {
        self >= 1_000_000 ? "\(((self + 500_000) / 1_000_000).groupedDigits) MB" : "\(groupedDigits) bytes"
    }
}
