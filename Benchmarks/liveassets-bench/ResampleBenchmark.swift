import Foundation
import LiveAssetsRun

/// `liveassets-bench resample`: the resampler alone on the 12 MP RGBA picture (4032x3024 -> 1224x918,
/// Lanczos3, premultiplied), each kernel on 1 and 2 threads, median of the rounds; then 1 and 2 threads
/// in alternation, the median of the rounds' ratios.
enum ResampleBenchmark {
    static func run(directory: String, rounds: Int, target: PixelSize, only: String?) throws {
        let (_, png) = try FitBenchmark.files(in: directory)
        let image = try ImageDecoder.decode(path: png).pixels
        let megapixels = Double(image.width * image.height) / 1e6
        print("resample: RGBA \(image.width)x\(image.height) -> \(target.width)x\(target.height) Lanczos3, median of \(rounds) rounds")
        var kernels: [(String, Resampler.Kernel)] = [("portable SIMD", .simd)]
        if Resampler.Kernel.isAVX2Available { kernels.append(("AVX2", .avx2)) }
        if let only { kernels = kernels.filter { $0.0.lowercased().contains(only.lowercased()) } }
        var reference: [UInt8]?
        for (name, kernel) in kernels {
            for jobs in [1, 2] {
                var output = image
                let ms = try FitBenchmark.median(rounds) { output = try Resampler.resize(image, to: target, jobs: jobs, kernel: kernel) }
                let same = reference.map { $0 == output.samples } ?? true
                reference = reference ?? output.samples
                print("  " + "\(name), \(jobs) thread\(jobs == 1 ? "" : "s")".padding(toLength: 30, withPad: " ", startingAt: 0)
                      + String(format: "%8.1f ms %8.1f MPix/s", ms, megapixels / (ms / 1000)) + (same ? "" : "  OUTPUT DIFFERS"))
            }
        }
        // The same kernel on 1 thread then 2, round after round: each round's ratio meets one state of
        // a machine whose speed drifts between the blocks above.
        for (name, kernel) in kernels {
            var ratios: [Double] = []
            for _ in 0..<rounds {
                let one = try FitBenchmark.median(1) { _ = try Resampler.resize(image, to: target, jobs: 1, kernel: kernel) }
                let two = try FitBenchmark.median(1) { _ = try Resampler.resize(image, to: target, jobs: 2, kernel: kernel) }
                ratios.append(one / two)
            }
            print("  " + "\(name), 1 / 2 threads".padding(toLength: 30, withPad: " ", startingAt: 0)
                  + String(format: "%8.2fx in alternation (median of the rounds' ratios)", ratios.sorted()[ratios.count / 2]))
        }
        if !Resampler.Kernel.isAVX2Available { print("  (no AVX2 kernel: this build or CPU lacks it)") }
    }
}
