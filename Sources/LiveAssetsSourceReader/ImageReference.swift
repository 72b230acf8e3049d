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
    /// How sure the code is: a name written in the call (``ImageUsage/Evidence/literal``), one its
    /// expression is narrowed to (``ImageUsage/Evidence/narrowed``), or one it may take
    /// (``ImageUsage/Evidence/candidate``: every `.dynamic` name).
    package var evidence: ImageUsage.Evidence = .literal
    /// For a construct the reader could not follow (a view declared nowhere it can read, a macro, a
    /// cut): what it could not follow, in a phrase. Its name is `.dynamic(nil)`: any image.
    package var unresolved: String?

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
    /// The number of `ActivityConfiguration`s found.
    package var configurations = 0
    /// Whether a configuration declares `.supplementalActivityFamilies([.small])` (or with `.small`).
    package var smallFamily: SmallFamily = .notDeclared
    /// Whether the small family is declared: where the code does not decide it, the small view may be
    /// shown (its images are candidates there) and the limits are those of a declared family.
    package var declaresSmallFamily: Bool { smallFamily != .notDeclared }

    /// What the reader could not follow, one plain phrase each ("ScoreView (LockScreen.swift:12) is not
    /// declared in these files").
    package var undecided: [String] = []

    /// Nothing read yet.
    package init() {}

    /// Records a construct the reader could not follow (`what`, in a phrase): any image may be shown in
    /// `presentations` by it.
    package mutating func addUnresolved(_ what: String, call: String, file: String, line: Int, presentations: [Presentation]) {
        for presentation in presentations {
            references.append(ImageReference(name: .dynamic(nil), presentation: presentation, file: file, line: line, call: call,
                                             evidence: .candidate, unresolved: what))
        }
    }
}

/// Whether the code declares the small family (`.supplementalActivityFamilies([.small])`).
package enum SmallFamily: Sendable, Hashable {
    case declared
    case notDeclared
    /// Its argument is an expression the reader could not follow.
    case undecided
}
