import LiveAssetsCore

/// An image a Live Activity view names in the widget's Swift code, and where.
package struct ImageReference: Sendable, Hashable {
    /// How the code names the image.
    package enum Name: Sendable, Hashable {
        /// A string literal: `Image("logo")`, `UIImage(named: "logo.png")` (the extension dropped).
        case literal(String)
        /// A generated asset symbol: `Image(.teamLogo)`.
        case symbol(String)
        /// A name computed at run time: an interpolation (`"flag-\(code)"`, its literal pieces) or any
        /// other expression (no pieces: any name).
        case dynamic(StringLiteral?)
    }

    package var name: Name
    /// The presentation whose view shows it.
    package var presentation: Presentation
    /// The Swift file, as the reader was given it, and the line.
    package var file: String
    package var line: Int
    /// The call as written, spaced plainly and cut to 60 characters: "Image(context.attributes.team)".
    package var call: String = ""
    /// For a computed name read from a property or function the files declare (`Image(step.iconName)`,
    /// `Image(Theme.of(line))`) or from an enum's raw value (`Image(carrier.rawValue)`): the strings that
    /// declaration holds, which alone narrow it. Nil: the strings of the whole code do.
    package var data: Set<String>?

    /// "LeadingView.swift:15": the file's last component and the line.
    package var location: String { Self.location(file, line: line) }

    /// "LeadingView.swift:15" for `line` of `file`.
    package static func location(_ file: String, line: Int) -> String {
        "\(file.lastPathComponent):\(line)"
    }
}

/// What ``SwiftUsageReader`` learned from a set of Swift files.
package struct SourceReading: Sendable {
    /// The image references in the views of every `ActivityConfiguration`, each with its presentation.
    package var references: [ImageReference] = []
    /// String literals used as data anywhere in the files (not as an image call's name), for narrowing
    /// dynamic names: a data table's "fr", a sample attribute's "team-logo".
    package var dataLiterals: Set<String> = []
    /// The number of `ActivityConfiguration`s found.
    package var configurations = 0
    /// Whether a configuration declares `.supplementalActivityFamilies([.small])` (or with `.small`).
    package var declaresSmallFamily = false
    /// The names image calls give by a literal or a generated symbol anywhere in the files (app views,
    /// home-screen widgets and Live Activity views alike): an image named so has a known user, and is not
    /// taken for a candidate of a Live Activity view's name that nothing constrains (`Image(team)`).
    package var namedByLiteral: Set<String> = []
    package var namedBySymbol: Set<String> = []
    /// What the reader could not follow, one plain phrase each ("ScoreView (LockScreen.swift:12) is not
    /// declared in these files").
    package var undecided: [String] = []

    /// Nothing read yet.
    package init() {}
}
