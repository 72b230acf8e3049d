import ActivityKit
import SwiftUI
import WidgetKit

/* The match's Live Activity. A comment with a brace { that is not code,
   /* and a nested comment } */ still a comment { */
struct ScoreLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: MatchAttributes.self) { context in
            FamilyView(context: context)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Image(context.attributes.league.rawValue)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Image("flag-\(context.state.country).png")
                }
                DynamicIslandExpandedRegion(.bottom) {
                    Text("Score: \(context.state.home) } { \(context.state.away)")
                }
            } compactLeading: {
                Image("team-logo")
            } compactTrailing: {
                Image(.scoreBadge)
            } minimal: {
                MinimalView()
            }
        }
        .supplementalActivityFamilies([.small, .medium])
    }
}

struct FamilyView: View {
    @Environment(\.activityFamily) var activityFamily
    let context: ActivityViewContext<MatchAttributes>

    var body: some View {
        switch activityFamily {
        case .small:
            Image(uiImage: UIImage(named: "small-crest.png")!)
        case .medium:
            LockScreenView(context: context)
        @unknown default:
            LockScreenView(context: context)
        }
    }
}
