import LiveAssetsCore

extension Array where Element == String {
    /// The elements as a sentence lists them: "a", "a and b", "a, b and c" (`conjunction` before the last).
    package func spokenList(_ conjunction: String = "and") -> String {
        count <= 1 ? joined() : dropLast().joined(separator: ", ") + " \(conjunction) " + last!
    }
}
