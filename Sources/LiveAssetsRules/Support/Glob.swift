import LiveAssetsCore

/// Path patterns as `.gitignore` reads them, matched against paths relative to a base folder (the input
/// given on the command line, or the configuration file's folder):
/// - `*` and `?` match within one path component; `**` matches any number of components.
/// - A pattern without `/` matches any single component, at any depth: `TeamLogo*` matches
///   `Widgets.xcassets/TeamLogo.imageset`. A pattern with a `/` (a leading one is dropped) is anchored
///   at the base: `Widgets.xcassets/*.imageset`.
/// - A folder's pattern matches everything in it: files and folders alike, `**/*.png` matching images
///   inside catalogs too. A trailing `/` is ignored (folders and files alike); a pattern that names no
///   component (`/`, `.`, `./`) matches nothing.
package struct Glob: Sendable, Hashable, CustomStringConvertible {
    package let pattern: String
    /// The pattern's components as characters; runs of `**` are one; a pattern without `/` starts with `**`.
    private let segments: [[Character]]

    package init(_ pattern: String) {
        self.pattern = pattern
        // A "/" before the last component anchors ("./a.png" and "/a.png" too); a trailing one does not.
        var text = Substring(pattern)
        while text.hasSuffix("/") { text = text.dropLast() }
        let components = text.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        var segments: [[Character]] = text.contains("/") || components.isEmpty ? [] : [["*", "*"]]
        for segment in components {
            if segment == "**" && segments.last == ["*", "*"] { continue }
            segments.append(Array(segment))
        }
        self.segments = segments
    }

    package var description: String { pattern }

    /// Whether `path` (components separated by "/", relative to the pattern's base) or one of the folders
    /// it is in matches the whole pattern. Time grows with the number of pattern components times path
    /// components, however many `**` the pattern has.
    package func matches(_ path: some StringProtocol) -> Bool {
        // Which pattern positions the path's components so far can have reached (an NFA, run forward so
        // that every leading run of components, each folder on the way, is tried in one pass).
        let p = segments.count
        guard p > 0 else { return false }
        var reached = [Bool](repeating: false, count: p + 1)
        reached[0] = true
        Self.skipDoubleStars(&reached, segments)
        var next = reached
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            let text = Array(component)
            for i in 0...p { next[i] = false }
            for i in 0..<p where reached[i] {
                if segments[i] == ["*", "*"] {
                    next[i] = true  // one more component inside `**`
                } else if Self.matchSegment(segments[i], text) {
                    next[i + 1] = true
                }
            }
            Self.skipDoubleStars(&next, segments)
            swap(&reached, &next)
            if reached[p] { return true }
            guard reached.contains(true) else { return false }
        }
        return false
    }

    /// `**` also matches no component: a position before one reaches the position after it.
    private static func skipDoubleStars(_ reached: inout [Bool], _ segments: [[Character]]) {
        for i in segments.indices where reached[i] && segments[i] == ["*", "*"] { reached[i + 1] = true }
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
