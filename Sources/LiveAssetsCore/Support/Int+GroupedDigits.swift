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

    /// "1 image file", "1,026 image files": how every output counts image files (an image set's name is
    /// "an image"; each file it lists, "an image file").
    package var imageFiles: String { self == 1 ? "1 image file" : "\(groupedDigits) image files" }
}
