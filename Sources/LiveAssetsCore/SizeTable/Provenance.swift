/// Where one number in the size table comes from: a page of Apple's that prints it, or a rule of ours
/// that derives it from numbers Apple prints.
public enum Provenance: Sendable, Hashable {
    /// Apple publishes the number.
    case published(PublishedSource)
    /// Apple does not publish the number; LiveAssets derives it.
    case inferred(Inference)

    /// Whether LiveAssets derived the number. A published number with a note on
    /// its use (CarPlay's smallest size taken as the limit) counts as published.
    public var isInferred: Bool {
        if case .inferred = self { return true }
        return false
    }

    /// One line: the page ("HIG Live Activities, revision 2025-12-16, Specifications") or the rule.
    public var text: String {
        switch self {
        case .published(let source): source.citation
        case .inferred(let inference): inference.rule
        }
    }
}

/// A page of Apple's documentation, and where on it a number is printed.
public struct PublishedSource: Sendable, Hashable {
    /// "HIG Live Activities", "ActivityKit: Displaying live data with Live Activities".
    public let document: String
    /// The page's revision or date ("2025-12-16"), when it has one.
    package let revision: String?
    /// The section that prints the number ("Specifications: iOS dimensions").
    package let section: String?
    /// The page, with the section's anchor.
    public let url: String?
    /// How the number is used, where that is our choice ("the smallest of the three sizes the HIG lists").
    package let note: String?

    /// A source; a version-1 table gives only its `document`, as free text.
    package init(document: String, revision: String? = nil, section: String? = nil, url: String? = nil,
                note: String? = nil) {
        self.document = document
        self.revision = revision
        self.section = section
        self.url = url
        self.note = note
    }

    /// The same page, with `note` on how the number is used.
    package func noted(_ note: String) -> PublishedSource {
        PublishedSource(document: document, revision: revision, section: section, url: url, note: note)
    }

    /// "HIG Live Activities, revision 2025-12-16, Specifications: iOS dimensions".
    public var citation: String {
        var text = document
        if let revision { text += ", revision " + revision }
        if let section { text += ", " + section }
        return text
    }
}

/// A number LiveAssets derives: the rule, and the published numbers it starts from.
public struct Inference: Sendable, Hashable {
    /// The rule applied, in one sentence.
    public let rule: String
    /// The published rows or statements the rule is applied to.
    package let from: [String]

    /// The rule, and the published numbers it starts from (none in a version-1 table).
    package init(rule: String, from: [String] = []) {
        self.rule = rule
        self.from = from
    }
}
