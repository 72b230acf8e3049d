import Foundation
import LiveAssetsRun

// liveassets-bench: release-build benchmarks and fixture generation.
//   liveassets-bench samples DIR                       write the sample assets
//   liveassets-bench probe [--files N] [--dir DIR] [--rounds R] [--jobs J]
//                                                      header probe vs a plain C libpng/libjpeg loop
let usage = """
    usage: liveassets-bench samples DIR
           liveassets-bench probe [--files N] [--dir DIR] [--rounds R] [--jobs J]
           liveassets-bench fit [--dir DIR] [--rounds R] [--jobs J]
           liveassets-bench resample [--dir DIR] [--rounds R] [--size WxH] [--kernel avx2|portable]
           liveassets-bench png [--dir DIR] [--rounds R]
           liveassets-bench table [--file FILE] [--rounds R]
           liveassets-bench sources [--files N] [--dir DIR] [--rounds R]
           liveassets-bench project [--megabytes N] [--dir DIR] [--rounds R]
    """

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

#if DEBUG
FileHandle.standardError.write(Data("note: a debug build; measure with `swift run -c release liveassets-bench`\n".utf8))
#endif

switch arguments.first {
case "samples":
    guard arguments.count == 2 else {
        print(usage)
        exit(64)
    }
    try Samples.write(to: arguments[1])
case "probe":
    let count = Int(option("--files", in: arguments) ?? "") ?? 2000
    let rounds = Int(option("--rounds", in: arguments) ?? "") ?? 7
    let jobs = Int(option("--jobs", in: arguments) ?? "") ?? ProcessInfo.processInfo.activeProcessorCount
    let directory = option("--dir", in: arguments) ?? NSTemporaryDirectory() + "liveassets-bench-probe-\(count)"
    // A folder that holds files (generated before, or anyone's) is read as it is; only a missing or
    // empty one is filled. The count read is printed first.
    let existing = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { !$0.hasPrefix(".") }
    let paths: [String]
    if !existing.isEmpty {
        paths = existing.sorted().map { directory + "/" + $0 }
    } else {
        print("generating \(count) files in \(directory) ...")
        paths = try ProbeBenchmark.generate(count: count, into: directory)
    }
    ProbeBenchmark.run(paths: paths, rounds: rounds, jobs: jobs)
case "fit":
    try FitBenchmark.run(directory: option("--dir", in: arguments) ?? NSTemporaryDirectory() + "liveassets-bench-fit",
                         rounds: Int(option("--rounds", in: arguments) ?? "") ?? 5,
                         jobs: Int(option("--jobs", in: arguments) ?? "") ?? 1)
case "resample":
    let size = (option("--size", in: arguments) ?? "1224x918").split(separator: "x").compactMap { Int($0) }
    guard size.count == 2 else {
        print(usage)
        exit(64)
    }
    try ResampleBenchmark.run(directory: option("--dir", in: arguments) ?? NSTemporaryDirectory() + "liveassets-bench-fit",
                              rounds: Int(option("--rounds", in: arguments) ?? "") ?? 7,
                              target: PixelSize(width: size[0], height: size[1]), only: option("--kernel", in: arguments))
case "png":
    try PNGSettingsBenchmark.run(directory: option("--dir", in: arguments) ?? NSTemporaryDirectory() + "liveassets-bench-fit",
                                 rounds: Int(option("--rounds", in: arguments) ?? "") ?? 5)
case "table":
    try TableBenchmark.run(file: option("--file", in: arguments) ?? "presentation-sizes.json",
                           rounds: Int(option("--rounds", in: arguments) ?? "") ?? 200)
case "sources":
    let count = Int(option("--files", in: arguments) ?? "") ?? 1000
    try SourcesBenchmark.run(directory: option("--dir", in: arguments) ?? NSTemporaryDirectory() + "liveassets-bench-sources-\(count)",
                             count: count, rounds: Int(option("--rounds", in: arguments) ?? "") ?? 9)
case "project":
    try ProjectBenchmark.run(directory: option("--dir", in: arguments) ?? NSTemporaryDirectory() + "liveassets-bench-project",
                             megabytes: Int(option("--megabytes", in: arguments) ?? "") ?? 5,
                             rounds: Int(option("--rounds", in: arguments) ?? "") ?? 9)
default:
    print(usage)
    exit(arguments.isEmpty ? 0 : 64)
}
