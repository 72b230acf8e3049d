import LiveAssetsCore

extension RuleDescription {
    /// `may-be-shown`: a Live Activity view the code does not decide, and the largest image it may show.
    static let mayBeShown = RuleDescription(
        .mayBeShown, title: "Image the code may show", severity: .warning,
        summary: "A Live Activity view computes an image name the code does not narrow, or builds what the reader cannot follow, and an image it may show is too large there.",
        rationale: """
            Which images a Live Activity shows is read from its code. Where a view computes a name the code \
            does not narrow to a closed set (a value of the attributes, a member of a type the files do not \
            declare), or builds something the reader cannot follow (a view declared nowhere it can read, a \
            macro, code past the reading's bounds), any image of the target may be shown there: not proven, \
            so not an error, but not proven absent either. One finding per such call says how many images \
            it leaves possible and the largest of them against its limit; the images' own oversized findings \
            are listed by the JSON, SARIF and HTML reports and left out of those a person reads. Where every \
            image it may show fits there, there is no finding; the summary still says what was not followed.
            """,
        sources: [.activityRequest, .liveActivitiesHIG],
        fix: "Narrow the name in the code (an enum's cases, a table of literals), declare the view where the reader can read it, or state the images' presentations in .liveassets.json; fit the images it names.",
        triggering: RuleExample(
            "team-a@3x.png, 300x300 px, which Image(context.attributes.team) may show in compact leading on iPhone 16 Pro",
            message: "`Image(context.attributes.team)` computes a name the code does not narrow, so 1 image may be shown in compact leading; the largest against its limit, team-a@3x.png (300x300 px, @3x), is over the 157x110 px limit of compact leading on iPhone 16 Pro; narrow the name in the code, or fit the images it may name.",
            options: ["--devices", "iPhone 16 Pro"],
            files: [("Widget/team-a@3x.png", .png(width: 300, height: 300)), ("Widget/Activity.swift", .text(Self.teamActivity))]),
        nonTriggering: RuleExample(
            "team-a@3x.png, 100x100 px, which Image(context.attributes.team) may show in compact leading on iPhone 16 Pro",
            options: ["--devices", "iPhone 16 Pro"],
            files: [("Widget/team-a@3x.png", .png(width: 100, height: 100)), ("Widget/Activity.swift", .text(Self.teamActivity))]))

    /// A Live Activity whose compact leading view shows an attribute's image name.
    private static let teamActivity = """
        ActivityConfiguration(for: MatchAttributes.self) { context in Text("") } dynamicIsland: { context in
            DynamicIsland { } compactLeading: { Image(context.attributes.team) } compactTrailing: { } minimal: { }
        }
        """
}
