#if os(iOS)
import ActivityKit
import SwiftUI
import WidgetKit

/// The Live Activity that shows the team logo in the Dynamic Island's compact leading view: the build
/// plugin passes this file to `liveassets check --sources`, which reads it on any platform (this
/// block is compiled for iOS only).
struct MatchLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: MatchAttributes.self) { _ in
            Text("Match")
        } dynamicIsland: { _ in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text("Match") }
            } compactLeading: {
                Image("TeamLogo")
            } compactTrailing: {
                Text("2-1")
            } minimal: {
                Text("2")
            }
        }
    }
}

struct MatchAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {}
}
#endif
