import Foundation
import LiveAssetsTestSupport
import Testing

/// Each form a message takes, in one golden file (`Golden/messages.txt`; `UPDATE_GOLDEN=1` rewrites it):
/// a device named as the user named it, StandBy and the Smart Stack named with a model that has them, an
/// inferred limit, a computed name's warning, decoded memory per view, `usage`'s grouped lines, and the
/// summary and notes on standard error. Each run's command, standard output and standard error.
@Suite struct MessageFormTests {
    @Test func everyMessageFormMatchesItsGoldenText() throws {
        let folder = try TemporaryDirectory()
        try folder.write("art/badge@3x.png", ImageBytes.png(width: 120, height: 120))
        try folder.write("art/crest@3x.png", ImageBytes.png(width: 600, height: 600))
        try folder.write("art/photo.png", ImageBytes.png(width: 3000, height: 3000, colorType: 0))
        // A Live Activity whose Lock Screen view shows two photos at once, and a computed name in minimal.
        try folder.write("app/Activity.swift", Array("""
            struct Match: Widget {
                var body: some WidgetConfiguration {
                    ActivityConfiguration(for: A.self) { context in
                        Image("stadium")
                        Image("crowd")
                    } dynamicIsland: { context in
                        DynamicIsland { } compactLeading: { } compactTrailing: { } minimal: { Image(context.attributes.team) }
                    }
                }
            }
            """.utf8))
        for (name, width, height) in [("stadium", 2200, 1800), ("crowd", 2200, 1800), ("team-a", 200, 200), ("team-b", 90, 90)] {
            try folder.write("app/Assets.xcassets/\(name).imageset/Contents.json",
                             Array(#"{"images": [{"idiom": "universal", "filename": "\#(name).png", "scale": "2x"}]}"#.utf8))
            try folder.write("app/Assets.xcassets/\(name).imageset/\(name).png", ImageBytes.png(width: UInt32(width), height: UInt32(height), colorType: 0))
        }
        let runs: [[String]] = [
            // The user's model, not the class's first ("iPhone 14 Pro").
            ["check", "--devices", "iPhone 15", "--presentation", "minimal", "art/badge@3x.png"],
            // StandBy named, and by a model that runs it: the class of the iPhone X, which stops at iOS 16.
            ["check", "--devices", "iPhone X", "--presentation", "minimal", "art/badge@3x.png"],
            ["check", "--devices", "iPhone XR", "--presentation", "minimal", "art/badge@3x.png"],
            // The Smart Stack, an inferred limit.
            ["check", "--devices", "Apple Watch Series 10", "--presentation", "compact-leading", "art/crest@3x.png"],
            // An image on its own over the memory budget, no code read.
            ["check", "--devices", "iPhone 16 Pro", "--presentation", "lock-screen", "art/photo.png"],
            // The code read: a view's images together, a computed name's warning; the summary in JSON too.
            ["check", "--devices", "iPhone 16 Pro,iPhone XR", "app"],
            ["check", "--devices", "iPhone 16 Pro,iPhone XR", "--quiet", "app"],
            ["usage", "app"],
        ]
        var text = ""
        for arguments in runs {
            let outcome = try CLIRunner.run(arguments, in: folder.url)
            text += "$ liveassets " + arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ") + "\n"
            text += outcome.output + (outcome.error.isEmpty ? "" : "[stderr]\n" + outcome.error) + "[exit \(outcome.status)]\n\n"
        }
        try Golden.expectMatches(text, "messages.txt")
    }
}
