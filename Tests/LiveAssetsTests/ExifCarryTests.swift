import Foundation
import LiveAssets
import LiveAssetsCore
import LiveAssetsTestSupport
import Testing

/// A fitted image keeps its EXIF data, made right for its upright pixels: the orientation tag 1, the
/// thumbnail's link cut; data that cannot be read that far is not carried at all.
@Suite struct ExifCarryTests {
    /// TIFF data with a make (ASCII, in the value field), the orientation, and a link to an IFD1 at offset 8.
    static func tiff(orientation: UInt16, type: UInt16 = 3, bigEndian: Bool) -> [UInt8] {
        var bytes = ImageBytes.tiff(bigEndian: bigEndian, entries: [(0x010F, 2, 4, 0x4142_4300), (0x0112, type, 1, UInt32(orientation))])
        let link = bytes.count - 4
        let eight: [UInt8] = bigEndian ? [0, 0, 0, 8] : [8, 0, 0, 0]
        bytes.replaceSubrange(link..<link + 4, with: eight)
        return bytes
    }

    @Test(arguments: [(false, UInt16(3)), (true, UInt16(3)), (false, UInt16(4)), (true, UInt16(4))])
    func theOrientationBecomesOneAndTheThumbnailLinkIsCut(bigEndian: Bool, type: UInt16) throws {
        let original = Self.tiff(orientation: 6, type: type, bigEndian: bigEndian)
        #expect(ExifReader.orientation(in: original) == .orientation(6))
        let reset = try #require(ExifReader.resettingOrientation(original))
        #expect(ExifReader.orientation(in: reset) == .orientation(1))
        #expect(reset.suffix(4).allSatisfy { $0 == 0 })  // no IFD1
        #expect(reset.count == original.count && reset.prefix(22) == original.prefix(22))  // the make untouched
    }

    @Test func dataThatCannotBeReadThatFarIsNotCarried() {
        #expect(ExifReader.resettingOrientation(Array("II*".utf8)) == nil)
        #expect(ExifReader.resettingOrientation([0x49, 0x49, 42, 0, 200, 0, 0, 0]) == nil)  // IFD0 outside
        var cut = Self.tiff(orientation: 6, bigEndian: false)
        cut.removeLast(6)  // the entries run past the data
        #expect(ExifReader.resettingOrientation(cut) == nil)
        #expect(ExifReader.resettingOrientation(ImageBytes.tiff(bigEndian: false, entries: [(0x0112, 3, 2, 6)])) == nil)
    }

    /// A 40x20 gradient.
    static func pixels() -> PixelBuffer {
        var pixels = PixelBuffer(width: 40, height: 20, layout: .rgba)
        for y in 0..<20 { for x in 0..<40 { pixels.set(x: x, y: y, to: [UInt8(x * 6), UInt8(y * 12), 90, 255]) } }
        return pixels
    }

    @Test func aRotatedJPEGAndPNGComeBackUprightWithTheirEXIFAndOrientationOne() throws {
        let exif = Self.tiff(orientation: 6, bigEndian: true)
        let jpeg = try ImageEncoders.JPEG(quality: 95, exif: exif).encode(Self.pixels())
        let png = try ImageEncoders.PNG(exif: exif).encode(Self.pixels())
        for source in [jpeg, png] {
            #expect(try ImageProbe.probe(data: source).orientationTagValue == 6)
            // Stored 40x20, shown 20x40: fitted to 10x20, upright.
            let fitted = try ImageFitter.fit(data: source, to: PixelSize(width: 10, height: 20))
            let info = try ImageProbe.probe(data: fitted)
            #expect(info.width == 10 && info.height == 20)
            #expect(info.orientationTagValue == 1)
            #expect(info.warningCount == 0, "\(info.firstWarning ?? "")")
        }
    }

    @Test func anImageWithoutEXIFGetsNone() throws {
        let fitted = try ImageFitter.fit(data: try ImageEncoders.PNG().encode(Self.pixels()), to: PixelSize(width: 20, height: 10))
        #expect(try ImageProbe.probe(data: fitted).orientationTagValue == nil)
        #expect(!ColourChunkTests.chunks(of: fitted).contains { $0.type == "eXIf" })
    }
}
