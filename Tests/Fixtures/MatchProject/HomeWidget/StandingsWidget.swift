import SwiftUI
import WidgetKit

/// A home-screen widget: a widget, but not a Live Activity.
struct StandingsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "standings", provider: StandingsProvider()) { entry in
            StandingsView(entry: entry)
        }
    }
}

struct StandingsView: View {
    let entry: StandingsEntry

    var body: some View {
        ZStack {
            Image("standings-banner")
            Text(entry.leader)
        }
    }
}
