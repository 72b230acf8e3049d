import LiveAssetsCore

/// A rule as a self-describing unit: what it finds, why that matters and on whose word, what to do
/// about it, and an example that triggers it beside one that does not. The examples are real inputs:
/// the tests write their files, run `check` on them, and compare the finding with the example's message.
///
/// Each rule's description sits in a file of its own in this folder, beside the code that words its
/// findings.
public struct RuleDescription: Sendable {
    /// Where a rationale's facts come from.
    public struct Source: Sendable, Hashable {
        /// What the source is ("ActivityKit: Activity.request").
        public let title: String
        /// Where to read it.
        public let url: String

        /// A source named `title`, read at `url`.
        package init(_ title: String, _ url: String) {
            self.title = title
            self.url = url
        }
    }

    /// The rule this describes.
    public let rule: Rule
    /// A short title ("Oversized image").
    public let title: String
    /// The severity a finding has unless the configuration says otherwise.
    public let defaultSeverity: Severity
    /// What the rule finds, in one sentence.
    public let summary: String
    /// Why it matters, in one paragraph; says which parts are Apple's word and which are ours.
    public let rationale: String
    /// Where the rationale's facts come from.
    public let sources: [Source]
    /// What to do about a finding, in one sentence.
    public let fix: String
    /// An input that produces a finding of this rule, with the finding's message.
    package let triggering: RuleExample
    /// A similar input that produces none.
    package let nonTriggering: RuleExample

    init(_ rule: Rule, title: String, severity: Severity, summary: String, rationale: String, sources: [Source],
         fix: String, triggering: RuleExample, nonTriggering: RuleExample) {
        self.rule = rule
        self.title = title
        self.defaultSeverity = severity
        self.summary = summary
        self.rationale = rationale
        self.sources = sources
        self.fix = fix
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }

    /// Every rule's description, in ``Rule`` order.
    public static let all: [RuleDescription] = Rule.allCases.map(\.ruleDescription)
}

extension RuleDescription.Source {
    static let activityRequest = Self(
        "ActivityKit, Activity.request(attributes:content:pushType:)",
        "https://developer.apple.com/documentation/activitykit/activity/request(attributes:content:pushtype:)")
    static let understandConstraints = Self(
        "ActivityKit, Displaying live data with Live Activities: Understand constraints",
        "https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities")
    static let liveActivitiesHIG = Self(
        "Human Interface Guidelines, Live Activities: Specifications",
        "https://developer.apple.com/design/human-interface-guidelines/live-activities")
    static let imagesHIG = Self(
        "Human Interface Guidelines, Images",
        "https://developer.apple.com/design/human-interface-guidelines/images")
    static let imageSetFormat = Self(
        "Asset Catalog Format Reference, Image Set Type",
        "https://developer.apple.com/library/archive/documentation/Xcode/Reference/xcode_ref-Asset_Catalog_Format/ImageSetType.html")
    static let png = Self("PNG Specification (Third Edition), W3C", "https://www.w3.org/TR/png-3/")
    static let jpeg = Self("ITU-T T.81, the JPEG standard", "https://www.w3.org/Graphics/JPEG/itu-t81.pdf")
    static let json = Self("RFC 8259, The JSON Data Interchange Format", "https://www.rfc-editor.org/rfc/rfc8259")
    static let widgetMemory = Self("Feedback FB8832751 (widget memory), as published by its author",
                                   "https://github.com/feedback-assistant/reports/issues/177")
}
