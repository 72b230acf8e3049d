import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

/// iPhone photos (HEIF/HEIC) are measured from their boxes by `check` and `info`, and `fit` says it
/// cannot write them.
@Suite struct HEIFCheckTests {
    static let options = ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"]

    @Test func checkMeasuresAnIPhonePhotoAsItIsShown() throws {
        let folder = try TemporaryDirectory()
        try folder.write("art/photo.heic", ImageBytes.heif(width: 4032, height: 3024, rotation: 3))
        try folder.write("art/small.heic", ImageBytes.heif(width: 900, height: 400))
        let check = try CLIRunner.run(["check"] + Self.options + ["art"], in: folder.url)
        #expect(check.status == 2)
        #expect(check.output == """
            art/photo.heic:1:1: error: photo.heic (3024x4032 px, counted as @1x) is too large for Lock Screen; tightest: Lock Screen on iPhone 16 Pro, 1113x480 px (inferred); fit it to at most 360x480 px. [oversized]
            art/photo.heic:1:1: warning: photo.heic decodes to about 49 MB on iPhone 16 Pro (iphone-402x874), over the ~30 MB memory budget reported for widget extensions; shrink it. [decoded-memory]

            """)
        let info = try CLIRunner.run(["info", "art/photo.heic"], in: folder.url)
        #expect(info.output == "art/photo.heic: HEIF/HEIC 4032x3024 (turned by its irot/imir boxes, rotated 90° clockwise: shown 3024x4032), 8-bit, measured from its header, never decoded, \(OutOfMemoryTests.grouped(ImageBytes.heif(width: 4032, height: 3024, rotation: 3).count)) bytes\n")
    }

    @Test func aHEIFCutShortIsTruncatedNotClean() throws {
        let folder = try TemporaryDirectory()
        let whole = ImageBytes.heif(width: 900, height: 400, imageData: 5000)
        try folder.write("art/photo.heic", Array(whole.prefix(whole.count - 1)))
        let check = try CLIRunner.run(["check"] + Self.options + ["art"], in: folder.url)
        #expect(check.status == 2)
        #expect(check.output == "art/photo.heic:1:1: error: photo.heic is cut short: its mdat box at byte \(OutOfMemoryTests.grouped(whole.count - 5008)) needs 5,008 bytes but the file ends at byte \(OutOfMemoryTests.grouped(whole.count - 1)), so it may not load; export it again from its source. [truncated]\n")
    }

    @Test func fitSaysItCannotWriteHEIFAndWritesNothing() throws {
        let folder = try TemporaryDirectory()
        try folder.write("art/photo.heic", ImageBytes.heif(width: 4032, height: 3024))
        let fit = try CLIRunner.run(["fit"] + Self.options + ["--out", "fitted", "art"], in: folder.url)
        #expect(fit.status == 1)
        #expect(fit.error == "Error: art/photo.heic is a HEIF/HEIC file, which LiveAssets measures but cannot decode, so it cannot fit it; export it as JPEG or PNG to fit it.\n0 fitted, 0 already fitting, 1 failed\n")
        #expect(fit.output == "")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("fitted/photo.heic").path))
    }
}
