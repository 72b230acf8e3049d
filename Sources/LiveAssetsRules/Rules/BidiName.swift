import LiveAssetsCore

extension RuleDescription {
    /// `bidi-name`: a name that reads otherwise than it is stored. Its findings come from the scanner in
    /// `LiveAssets`, which looks at each name it walks and each file an image set lists.
    static let bidiName = RuleDescription(
        .bidiName, title: "Name with bidirectional characters", severity: .warning,
        summary: "An image, image set or folder whose name holds a bidirectional or invisible format character, so that it reads otherwise than it is stored.",
        rationale: """
            Unicode's bidirectional controls (U+202A-U+202E, U+2066-U+2069) and marks (U+200E, U+200F, \
            U+061C) reorder or hide the text around them when it is displayed: a reviewer reading \
            `logo<U+202E>gnp.png` sees `logogpn.png`, and a pull request can make a file look like \
            another (the "Trojan Source" class of attacks). LiveAssets shows these characters as their \
            codes in every message, title, note and report a person reads, but where a format must give \
            the exact path to link a finding to its file (xcode's `path:line:col`, GitHub's `file=`, \
            JSON, SARIF locations, JUnit), the path keeps them: this warning says so.
            """,
        sources: [.init("Unicode Standard Annex #9, Unicode Bidirectional Algorithm", "https://www.unicode.org/reports/tr9/"),
                  .init("Trojan Source: Invisible Vulnerabilities (CVE-2021-42574)", "https://trojansource.codes/")],
        fix: "Rename the file or folder without the character.",
        triggering: RuleExample(
            "logo\\u{202E}gnp.png, a PNG whose name holds U+202E RIGHT-TO-LEFT OVERRIDE",
            message: "logo\\u{202E}gnp.png has a name holding U+202E (RIGHT-TO-LEFT OVERRIDE), which makes it read otherwise than it is stored (reports that link to the file give its path as it is); rename it.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("logo\u{202E}gnp.png", .png(width: 90, height: 90))]),
        nonTriggering: RuleExample(
            "شعار.png, a PNG with a right-to-left name and no control character",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("شعار.png", .png(width: 90, height: 90))]))
}
