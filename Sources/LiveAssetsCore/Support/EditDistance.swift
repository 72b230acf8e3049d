/// Suggestions for mistyped names (options, subcommands, device ids).
package enum EditDistance {
    /// The Levenshtein distance between two strings, compared case-insensitively.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The closest candidate within a distance of a third of the word's length (at least 2, at most 3),
    /// if any: "sarf" suggests "sarif", but "--bogus" does not suggest "--jobs".
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = min(3, max(2, word.count / 3))
        let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }
}
