import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// JPEGs with a flood of APP2 segments: decoding keeps only the ICC profile's chunks (one per sequence
/// number), so the work is linear in the segments and the memory bounded, and the picture fits exactly as
/// it does without them. (Saved by libjpeg, 200,000 segments took 118 s in `fit`: each was appended to
/// the end of a list.)
@Suite struct MarkerFloodTests {
    static let picture = PixelBuffer.pattern(width: 320, height: 240, layout: .rgb, multiplier: 13)
    static let target = PixelSize(width: 100, height: 75)

    /// A fake ICC profile: 600 bytes whose header says RGB, so that `fit` carries it over.
    static let profile: [UInt8] = {
        var bytes = [UInt8](repeating: 0x5A, count: 600)
        bytes.replaceSubrange(0..<4, with: ImageBytes.be32(600))
        bytes.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        return bytes
    }()

    /// `jpeg` with `segment` inserted `count` times right after SOI.
    static func flooded(_ jpeg: [UInt8], with segment: [UInt8], count: Int) -> [UInt8] {
        var bytes = Array(jpeg.prefix(2))
        bytes.reserveCapacity(jpeg.count + segment.count * count)
        for _ in 0..<count { bytes += segment }
        return bytes + jpeg.dropFirst(2)
    }

    /// The limit is no timing: the work is linear now (under a second here, debug build); saved by libjpeg,
    /// the segments took minutes.
    @Test(.timeLimit(.minutes(1)))
    func twoHundredThousandSmallAPP2SegmentsFitToTheSameBytes() throws {
        let jpeg = [UInt8](try ImageEncoders.JPEG(quality: 90).encode(Self.picture))
        let flooded = Self.flooded(jpeg, with: ImageBytes.marker(0xE2, Array("ab".utf8)), count: 200_000)
        #expect(flooded.count == jpeg.count + 1_200_000)
        let expected = try ImageFitter.fit(data: Data(jpeg), to: Self.target)
        #expect(try ImageFitter.fit(data: Data(flooded), to: Self.target) == expected)
    }

    @Test func theICCProfileSurvivesAFloodOfOtherAPP2Segments() throws {
        let jpeg = [UInt8](try ImageEncoders.JPEG(quality: 90, iccProfile: Self.profile).encode(Self.picture))
        let flooded = Self.flooded(jpeg, with: ImageBytes.marker(0xE2, Array("FPXR\0...".utf8)), count: 200_000)
        let decoded = try ImageDecoder.decode(data: Data(flooded))
        #expect(decoded.iccProfile == Self.profile)
        let fitted = try ImageFitter.fit(data: Data(flooded), to: Self.target)
        #expect(fitted == (try ImageFitter.fit(data: Data(jpeg), to: Self.target)))
        #expect(try ImageProbe.probe(data: fitted).iccProfileSize == 600)
    }

    @Test func aTwentyThousandTimesRepeatedICCChunkIsIgnoredAndTheImageStillDecodes() throws {
        let jpeg = [UInt8](try ImageEncoders.JPEG(quality: 90).encode(Self.picture))
        // Chunk 1 of 1, again and again: the first is kept, the repeats make the profile inconsistent.
        let chunk = ImageBytes.marker(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 1] + [UInt8](repeating: 7, count: 1000))
        let flooded = Self.flooded(jpeg, with: chunk, count: 20_000)
        #expect(flooded.count > 20_000_000)
        let info = try ImageProbe.probe(data: Data(flooded))
        #expect(info.iccProfileSize == nil)
        #expect(info.firstWarning == "the ICC profile chunks are incomplete or inconsistent; ignored")
        let decoded = try ImageDecoder.decode(data: Data(flooded))
        #expect(decoded.iccProfile == nil)
        #expect(decoded.pixels == (try ImageDecoder.decode(data: Data(jpeg)).pixels))
    }
}
