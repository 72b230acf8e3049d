import SwiftUI

/// The app's own screen: its images are never in a Live Activity.
struct ContentView: View {
    var body: some View {
        VStack {
            Image("splash")
                .resizable()
            Text("Matches")
        }
    }
}
