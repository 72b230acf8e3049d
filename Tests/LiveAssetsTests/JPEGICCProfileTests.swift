import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// A JPEG's ICC profile is reassembled from its APP2 chunks in sequence order, whatever order they are
/// written in; a set that contradicts itself gives no profile.
@Suite struct JPEGICCProfileTests {
    static let jpeg = [UInt8](try! ImageEncoders.JPEG(quality: 90).encode(.pattern(width: 32, height: 24, layout: .rgb)))

    /// An APP2 ICC_PROFILE segment: chunk `sequence` of `count`.
    static func chunk(_ sequence: UInt8, of count: UInt8, _ data: [UInt8]) -> [UInt8] {
        let body = Array("ICC_PROFILE".utf8) + [0, sequence, count] + data
        return [0xFF, 0xE2] + ImageBytes.be16(UInt16(body.count + 2)) + body
    }

    /// `jpeg` with `segments` right after its SOI.
    static func with(_ segments: [[UInt8]]) -> Data {
        Data(Array(jpeg.prefix(2)) + segments.joined() + Array(jpeg.dropFirst(2)))
    }

    static let first = [UInt8](repeating: 0x11, count: 300), second = [UInt8](repeating: 0x22, count: 200),
        third = [UInt8](repeating: 0x33, count: 100)

    @Test func chunksWrittenOutOfOrderAreJoinedInSequenceOrder() throws {
        let data = Self.with([Self.chunk(2, of: 3, Self.second), Self.chunk(1, of: 3, Self.first), Self.chunk(3, of: 3, Self.third)])
        #expect(try ImageProbe.probe(data: data).iccProfileSize == 600)
        let image = try ImageDecoder.decode(data: data)
        #expect(image.iccProfile == Self.first + Self.second + Self.third)
        #expect(image.pixels.width == 32)
    }

    @Test func aRepeatedSequenceNumberGivesNoProfile() throws {
        let data = Self.with([Self.chunk(1, of: 2, Self.first), Self.chunk(1, of: 2, Self.second), Self.chunk(2, of: 2, Self.third)])
        #expect(try ImageProbe.probe(data: data).iccProfileSize == nil)
        #expect(try ImageDecoder.decode(data: data).iccProfile == nil)
    }
}
