import LiveAssetsRun
import LiveAssetsTestSupport
import Testing

/// A run decides once: the findings and the decisions every other output draws are read from the same
/// walks, which the run's outcome keeps.
@Suite struct CheckOutcomeTests {
    @Test func everyOversizedFindingIsAShowingTheDecisionsSayDoesNotFitAndNoOtherFileHasOne() throws {
        let folder = try TemporaryDirectory()
        try folder.write("App.xcassets/Logo.imageset/Contents.json", XcodeContents.imageSet(entries: [
            .init("logo@2x.png", scale: 2), .init("logo@3x.png", scale: 3),
            .init("logo-p3@3x.png", scale: 3, traits: ["display-gamut": "display-P3"]),
            .init("logo-fr@3x.png", scale: 3, traits: ["locale": "fr"]),
        ], localizable: true))
        try folder.write("App.xcassets/Logo.imageset/logo@2x.png", ImageBytes.png(width: 600, height: 600))
        try folder.write("App.xcassets/Logo.imageset/logo@3x.png", ImageBytes.png(width: 90, height: 90))
        try folder.write("App.xcassets/Logo.imageset/logo-p3@3x.png", ImageBytes.png(width: 900, height: 900))
        try folder.write("App.xcassets/Logo.imageset/logo-fr@3x.png", ImageBytes.png(width: 100, height: 100))
        try folder.write("badge.png", ImageBytes.png(width: 40, height: 40))
        var run = CheckRun(inputs: [folder.url.path], devices: ["iphone"], presentations: [.minimal])
        run.keepsWalks = true
        let outcome = try run.run()

        #expect(outcome.walks.map(\.count) == outcome.survey.groups.map(\.scan.assets.count))
        let decisions = CheckRun.decisions(of: outcome)
        let name = { (path: String) in String(path.dropFirst(folder.url.path.count + 1)) }
        #expect(decisions.map { name($0.path) } == ["App.xcassets/Logo.imageset/logo-fr@3x.png", "App.xcassets/Logo.imageset/logo-p3@3x.png",
                                                    "App.xcassets/Logo.imageset/logo@2x.png", "App.xcassets/Logo.imageset/logo@3x.png",
                                                    "badge.png"])
        let oversized = outcome.findings.filter { $0.rule == .oversized }
        let failing = decisions.filter { $0.showings.contains { !$0.fits } }.map(\.path)
        #expect(oversized.compactMap(\.image).sorted() == failing)
        #expect(failing.map(name) == ["App.xcassets/Logo.imageset/logo-p3@3x.png", "App.xcassets/Logo.imageset/logo@2x.png"])
        for finding in oversized {
            let decision = try #require(decisions.first { $0.path == finding.image })
            #expect(decision.showings.contains { !$0.fits && $0.device.id == finding.device && $0.limit == finding.limit },
                    "\(finding.message)")
        }
    }
}
