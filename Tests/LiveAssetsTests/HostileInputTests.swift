import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// Damaged versions of every corpus file: each probe must end in an ImageInfo or a ProbeError that
/// names the input, in both header and verify mode; a trap or a hang fails the run.
@Suite(.enabled(if: Corpus.isAvailable, "skipped: the shared corpus (../shared/corpus) is not present"))
struct HostileInputTests {
    static func outcome(_ data: Data, verify: Bool) -> Result<ImageInfo, ProbeError> {
        Result { () throws(ProbeError) in
            try ImageProbe.probe(data: data, name: "damaged", options: .init(verifiesPixelData: verify))
        }
    }

    static func corpusBytes() throws -> [(String, Data)] {
        try Corpus.manifestFiles().map { entry in
            (entry.file, try Data(contentsOf: URL(fileURLWithPath: Corpus.path(entry.file))))
        }
    }

    @Test func everyFileCutAtSixteenPointsEndsCleanly() throws {
        var errors = 0, reads = 0
        for (_, bytes) in try Self.corpusBytes() {
            for cut in 0..<16 {
                let prefix = bytes.prefix(bytes.count * cut / 16)
                for verify in [false, true] {
                    switch Self.outcome(prefix, verify: verify) {
                    case .success: reads += 1
                    case .failure(let error):
                        #expect(error.file == "damaged")
                        errors += 1
                    }
                }
            }
        }
        #expect(errors + reads == 214 * 16 * 2)
        // Cut at 0 every file is empty; verify mode must refuse every strict prefix of a valid image.
        #expect(errors >= 214 * 2)
    }

    @Test func everyFileWithSingleBytesFlippedEndsCleanly() throws {
        var random = UInt64(0x5EED)
        var runs = 0
        for (_, bytes) in try Self.corpusBytes() where !bytes.isEmpty {
            for _ in 0..<16 {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                var damaged = bytes
                let index = Int((random >> 33) % UInt64(bytes.count))
                damaged[damaged.startIndex + index] ^= UInt8(truncatingIfNeeded: random >> 13) | 1
                for verify in [false, true] {
                    if case .failure(let error) = Self.outcome(damaged, verify: verify) {
                        #expect(error.message.hasPrefix("damaged "))
                    }
                    runs += 1
                }
            }
        }
        #expect(runs == 214 * 16 * 2)
    }

    /// The same damage through the whole of `fit` (decode, resample, encode), as an app would call it on
    /// a downloaded image: new image bytes within the target, or a FitError naming the input.
    @Test func everyDamagedFileFitsOrFailsCleanly() throws {
        var random = UInt64(0xF17)
        var fitted = 0, failed = 0
        let target = PixelSize(width: 37, height: 23)
        for (_, bytes) in try Self.corpusBytes() where !bytes.isEmpty {
            var variants = (0..<16).map { bytes.prefix(bytes.count * $0 / 16) }
            for _ in 0..<16 {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                var damaged = bytes
                damaged[damaged.startIndex + Int((random >> 33) % UInt64(bytes.count))] ^= UInt8(truncatingIfNeeded: random >> 13) | 1
                variants.append(damaged)
            }
            for variant in variants {
                do throws(FitError) {
                    let data = try ImageFitter.fit(data: Data(variant), name: "damaged", to: target)
                    let info = try? ImageProbe.probe(data: data)
                    #expect(info != nil && info!.width <= target.width && info!.height <= target.height)
                    fitted += 1
                } catch {
                    #expect(error.file == "damaged" && error.message.contains("damaged"), "\(error.message)")
                    failed += 1
                }
            }
        }
        #expect(fitted + failed == 214 * 32)
        #expect(failed >= 214)  // at least every empty cut
    }
}
