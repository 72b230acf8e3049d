import SwiftUI
import WidgetKit

struct LockScreenView: View {
    let context: ActivityViewContext<MatchAttributes>

    var body: some View {
        HStack {
            #if os(watchOS)
            Image("stadium-small")
            #else
            Image("stadium")
            #endif
            Text(#"A raw string with \#(context.state.home) and a brace }"#)
            Text("""
                A multi-line string } with "quotes" and \(context.state.away)
                """)
            trophy
        }
    }

    /// A computed view the body uses.
    var trophy: some View {
        Image(decorative: "trophy")
            .resizable()
    }
}
