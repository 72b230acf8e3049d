/// Shell-style path patterns: `*` and `?` within one path segment, `**` across any number of segments.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    /// The pattern's segments as characters; runs of `**` are one.
    private let segments: [[Character]]

    public init(_ pattern: String) {
        self.pattern = pattern
        var segments: [[Character]] = []
        for segment in pattern.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == "**" && segments.last == ["*", "*"] { continue }
            segments.append(Array(segment))
        }
        self.segments = segments
    }

    public var description: String { pattern }

    /// Whether `path` (segments separated by "/") matches the whole pattern. Time grows with the
    /// number of pattern segments times path segments, however many `**` the pattern has.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(Array.init)
        let p = segments.count, n = parts.count
        // matched[j]: the pattern's segments from i on match the path's from j on (i counting down).
        var matched = [Bool](repeating: false, count: n + 1)
        matched[n] = true  // no pattern left, no path left
        for i in stride(from: p - 1, through: 0, by: -1) {
            var next = [Bool](repeating: false, count: n + 1)
            if segments[i] == ["*", "*"] {
                // Zero segments (as the rest matches from j), or one more and still inside `**`.
                next[n] = matched[n]
                for j in stride(from: n - 1, through: 0, by: -1) { next[j] = matched[j] || next[j + 1] }
            } else {
                for j in 0..<n where matched[j + 1] { next[j] = Self.matchSegment(segments[i], parts[j]) }
            }
            matched = next
        }
        return matched[0]
    }

    private static func matchSegment(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0, t = 0, star = -1, mark = 0
        while t < text.count {
            if p < pattern.count && pattern[p] == "*" {
                star = p
                mark = t
                p += 1
            } else if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                p += 1
                t += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
