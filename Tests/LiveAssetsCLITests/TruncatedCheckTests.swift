import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

/// `check --strict` on images whose data ends early: each is an error of its own rule, `truncated`, and
/// the run does not pass; the same images whole pass.
@Suite struct TruncatedCheckTests {
    static let options = ["check", "--strict", "--devices", "iphone-430x932", "--presentation", "minimal"]

    @Test func cutImagesAreTruncatedErrorsAndWholeOnesPass() throws {
        let folder = try TemporaryDirectory()
        let picture = PixelBuffer.pattern(width: 120, height: 90, layout: .rgb, multiplier: 7)
        let png = [UInt8](try ImageEncoders.PNG().encode(picture))
        let jpeg = [UInt8](try ImageEncoders.JPEG().encode(picture))
        try folder.write("art/badge@3x.png", png)
        try folder.write("art/photo@3x.jpg", jpeg + Array("trailing".utf8))  // data after EOI is allowed
        let whole = try CLIRunner.run(Self.options + ["art"], in: folder.url)
        #expect(whole.status == 0, "\(whole.output)")
        #expect(whole.output == "")

        try folder.write("art/badge@3x.png", Array(png.prefix(png.count - 20)))
        try folder.write("art/photo@3x.jpg", Array(jpeg.prefix(jpeg.count - 1)))
        let cut = try CLIRunner.run(Self.options + ["art"], in: folder.url)
        #expect(cut.status == 2)
        let idat = Int(png[33]) << 24 | Int(png[34]) << 16 | Int(png[35]) << 8 | Int(png[36])
        #expect(cut.output == """
            art/badge@3x.png:1:1: error: badge@3x.png is cut short: its IDAT chunk at byte 33 needs \(OutOfMemoryTests.grouped(idat + 12)) bytes but the file ends at byte \(OutOfMemoryTests.grouped(png.count - 20)), so it may not load; export it again from its source. [truncated]
            art/photo@3x.jpg:1:1: error: photo@3x.jpg is cut short: its image data ends without the JPEG end-of-image marker (FF D9), so it may not load; export it again from its source. [truncated]

            """)
    }
}
