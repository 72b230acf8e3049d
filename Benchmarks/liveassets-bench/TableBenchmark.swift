import Foundation
import LiveAssetsRun

/// Reading the size table: every `check`, `fit` and `sizes` run pays it once, before any image is
/// read, so on a small catalog it is a visible part of the command.
enum TableBenchmark {
    static func run(file: String, rounds: Int) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        func once() throws -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            let table = try SizeTable(json: bytes, file: file)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            precondition(!table.devices.isEmpty)
            return elapsed
        }
        let first = try once()  // includes the runtime's first use of each type
        let times = try (0..<rounds).map { _ in try once() }.sorted()
        let parse = try (0..<rounds).map { _ in
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try JSONParser.parse(bytes)
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }.sorted()
        print(String(format: "table %@ (%d bytes): first %.3f ms, then median %.3f ms (%.3f ms of it parsing the JSON) over %d rounds",
                     file, bytes.count, first, times[times.count / 2], parse[parse.count / 2], rounds))
    }
}
