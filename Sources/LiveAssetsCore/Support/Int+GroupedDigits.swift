extension Int {
    /// The number with its digits in groups of three, as the CLI prints byte counts: `1,225,753`.
    package var groupedDigits: String {
        let digits = String(magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }

    /// A byte count for a sentence: whole megabytes (10^6 bytes, rounded) from 1 MB up, grouped bytes
    /// below it (`400 MB`, `1,234 bytes`).
    package var byteCountText: String {
        self >= 1_000_000 ? "\(((self + 500_000) / 1_000_000).groupedDigits) MB" : "\(groupedDigits) bytes"
    }
}
