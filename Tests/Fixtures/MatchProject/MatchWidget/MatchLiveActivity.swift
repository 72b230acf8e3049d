import ActivityKit
import SwiftUI
import WidgetKit

struct MatchLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: MatchAttributes.self) { context in
            VStack {
                Image("stadium")
                Text("\(context.state.home) - \(context.state.away)")
            }
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.trailing) {
                    Image("flag-\(context.state.country.rawValue)")
                }
            } compactLeading: {
                Image("league-badge")
            } compactTrailing: {
                Text("\(context.state.home)")
            } minimal: {
                Image(context.attributes.team)
            }
        }
    }
}
