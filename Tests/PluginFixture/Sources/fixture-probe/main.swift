// The library as a dependent package calls it: the facts of each image named on the command line.
import Foundation
import LiveAssets

for path in CommandLine.arguments.dropFirst() {
    do {
        let info = try ImageProbe.probe(contentsOf: URL(fileURLWithPath: path))
        print("\(path): \(info.format) \(info.width)x\(info.height)")
    } catch {
        print(error)
    }
}
