import SwiftUI

/// The app's own screen: its images are not shown in the Live Activity.
struct AppView: View {
    var body: some View {
        Image("app-banner")
    }
}
