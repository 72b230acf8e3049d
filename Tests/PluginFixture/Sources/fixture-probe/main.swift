// The libraries as a dependent package calls them: the facts of each image named on the command line
// (LiveAssets, through LiveAssetsRun's re-export), and the errors `check` finds in it (LiveAssetsRun).
import Foundation
import LiveAssetsRun

for path in CommandLine.arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    do {
        let info = try ImageProbe.probe(contentsOf: url)
        let errors = check(url, presentations: [.minimal]).filter { $0.severity == .error }.count
        print("\(path): \(info.format) \(info.width)x\(info.height), \(errors) error\(errors == 1 ? "" : "s") in minimal")
    } catch {
        print(error)
    }
}
