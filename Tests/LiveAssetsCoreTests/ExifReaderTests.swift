import LiveAssetsCore
import LiveAssetsTestSupport
import Testing

@Suite struct ExifReaderTests {
    @Test func readsOrientationInLittleEndianData() {
        #expect(ExifReader.orientation(in: ImageBytes.orientationTIFF(6)) == .orientation(6))
    }

    @Test func readsOrientationInBigEndianData() {
        #expect(ExifReader.orientation(in: ImageBytes.orientationTIFF(3, bigEndian: true)) == .orientation(3))
    }

    @Test func skipsALeadingExifIdentifier() {
        let data = Array("Exif".utf8) + [0, 0] + ImageBytes.orientationTIFF(8, bigEndian: true)
        #expect(ExifReader.orientation(in: data) == .orientation(8))
    }

    @Test func findsTheTagAmongOtherEntries() {
        let tiff = ImageBytes.tiff(
            bigEndian: false,
            entries: [(0x010F, 2, 4, 0x0041_4141), (0x0110, 2, 4, 0x0042_4242), (0x0112, 3, 1, 5)])
        #expect(ExifReader.orientation(in: tiff) == .orientation(5))
    }

    @Test func acceptsALongOrientationValue() {
        let tiff = ImageBytes.tiff(bigEndian: true, entries: [(0x0112, 4, 1, 7)])
        #expect(ExifReader.orientation(in: tiff) == .orientation(7))
    }

    @Test func reportsIFD0WithoutTheTag() {
        let tiff = ImageBytes.tiff(bigEndian: false, entries: [(0x0100, 3, 1, 640)])
        #expect(ExifReader.orientation(in: tiff) == .noOrientationTag)
    }

    @Test func keepsOutOfRangeValuesRawButTheyMeanUpright() {
        #expect(ExifReader.orientation(in: ImageBytes.orientationTIFF(9)) == .orientation(9))
        #expect(ExifOrientation(rawTagValue: 9) == .up)
        #expect(ExifOrientation(rawTagValue: 0) == .up)
        #expect(ExifOrientation(rawTagValue: nil) == .up)
        #expect(ExifOrientation(rawTagValue: 6) == .right)
    }

    @Test func refusesDataShorterThanATIFFHeader() {
        #expect(ExifReader.orientation(in: [UInt8]()) == .malformed(.tooShort(length: 0)))
        #expect(ExifReader.orientation(in: [0x49, 0x49, 0x2A, 0, 8, 0, 0]) == .malformed(.tooShort(length: 7)))
        #expect(ExifReader.orientation(in: Array("Exif".utf8) + [0, 0]) == .malformed(.tooShort(length: 0)))
    }

    @Test func refusesAnUnknownByteOrder() {
        var tiff = ImageBytes.orientationTIFF(6)
        tiff[0] = 0x41
        tiff[1] = 0x42
        #expect(ExifReader.orientation(in: tiff) == .malformed(.unknownByteOrder(marker: 0x4142)))
    }

    @Test func refusesABadMagicNumber() {
        var tiff = ImageBytes.orientationTIFF(6)
        tiff[2] = 43
        #expect(ExifReader.orientation(in: tiff) == .malformed(.badMagic(43)))
    }

    @Test func refusesAnIFDOffsetBeyondTheData() {
        var tiff = ImageBytes.orientationTIFF(6, bigEndian: true)
        tiff.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(ExifReader.orientation(in: tiff) == .malformed(.ifdOffsetOutOfRange(offset: 0xFFFF_FFFF, length: 26)))
    }

    @Test func refusesAnIFDOffsetPointingBackIntoTheHeader() {
        var tiff = ImageBytes.orientationTIFF(6, bigEndian: true)
        tiff.replaceSubrange(4..<8, with: [0, 0, 0, 0])
        #expect(ExifReader.orientation(in: tiff) == .malformed(.ifdOffsetOutOfRange(offset: 0, length: 26)))
    }

    @Test func readsThePresentEntriesOfAnOverstatedIFD() {
        var tiff = ImageBytes.orientationTIFF(6, bigEndian: true)
        tiff.replaceSubrange(8..<10, with: [0xFF, 0xFF])  // 65,535 entries declared, one present
        #expect(ExifReader.orientation(in: tiff) == .orientation(6))
    }

    @Test func reportsATruncatedEntryTableWithoutTheTag() {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0x03, 0xE8] + [0x01, 0x00, 0, 3]
        #expect(ExifReader.orientation(in: tiff) == .malformed(.entriesTruncated(declared: 1000, present: 0)))
    }

    @Test func refusesAnOrientationOfTheWrongType() {
        let ascii = ImageBytes.tiff(bigEndian: false, entries: [(0x0112, 2, 1, 0x36)])
        #expect(ExifReader.orientation(in: ascii) == .malformed(.unexpectedOrientationType(type: 2, count: 1)))
        let empty = ImageBytes.tiff(bigEndian: false, entries: [(0x0112, 3, 0, 6)])
        #expect(ExifReader.orientation(in: empty) == .malformed(.unexpectedOrientationType(type: 3, count: 0)))
    }

    @Test func answersEveryCutAndSingleByteChangeAsTheLayoutSays() {
        // MM, 42, IFD at 8; 2 entries: Make (bytes 10-21, its ASCII value at 18-21), Orientation
        // (22-33: tag 22-23, type 24-25, count 26-29, the SHORT 6 at 30-31); the next IFD's offset (34-37).
        let base = ImageBytes.tiff(
            bigEndian: true, entries: [(0x010F, 2, 4, 0x4141_4100), (0x0112, 3, 1, 6)])
        #expect(base.count == 38)
        for length in 0...base.count {
            let expected: ExifReader.Outcome = switch length {
            case ..<8: .malformed(.tooShort(length: length))
            case ..<10: .malformed(.ifdOffsetOutOfRange(offset: 8, length: length))
            case ..<34: .malformed(.entriesTruncated(declared: 2, present: (length - 10) / 12))
            default: .orientation(6)
            }
            #expect(ExifReader.orientation(in: Array(base.prefix(length))) == expected, "cut to \(length) bytes")
        }
        for index in base.indices {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF] {
                var mutated = base
                mutated[index] = value
                let outcome = ExifReader.orientation(in: mutated)  // every change gets an answer, never a trap
                let expected: ExifReader.Outcome? = switch index {
                case 0: .malformed(.unknownByteOrder(marker: UInt16(value) << 8 | 0x4D))
                case 3: .malformed(.badMagic(UInt16(value)))
                case 18..<22, 32..<38: .orientation(6)  // Make's value, the padding, the next IFD: not read
                case 23: .noOrientationTag  // the tag is no longer 0x0112
                case 30: .orientation(Int(value) << 8 | 6)
                case 31: .orientation(Int(value))
                default: nil
                }
                if let expected { #expect(outcome == expected, "byte \(index) set to \(value)") }
            }
        }
    }
}
