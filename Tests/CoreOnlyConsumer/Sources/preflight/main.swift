// What an app does before Activity.request, with the screen of an iPhone 14 Pro: preflight PATH.
import LiveAssetsCore

let path = CommandLine.arguments.dropFirst().first ?? "logo.png"
let screen = DeviceScreen(nativeWidth: 1179, nativeHeight: 2556, nativeScale: 3)
do {
    let report = try Preflight().check(contentsOf: path, shownIn: [.compactLeading, .minimal], on: screen)
    for answer in report.answers { print(answer.reason) }
    print(report.fits ? "fits" : "resize to \(report.largestFittingSize)")
} catch {
    print(error)
}
