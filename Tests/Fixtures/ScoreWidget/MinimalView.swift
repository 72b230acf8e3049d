import SwiftUI

struct MinimalView: View {
    var body: some View {
        ZStack {
            Circle()
            BallIcon(size: 20)
        }
    }
}

struct BallIcon: View {
    var size: Double
    var body: some View {
        let pattern = #/ball-\d+/#
        Image("ball")
            .frame(width: size, height: size / 2)
    }
}
