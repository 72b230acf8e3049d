import LiveAssets
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
                let v = UInt16(value), unchanged = value == base[index]
                let expected: ExifReader.Outcome = switch index {
                case 0: .malformed(.unknownByteOrder(marker: v << 8 | 0x4D))
                case 1: .malformed(.unknownByteOrder(marker: 0x4D00 | v))
                case 2: unchanged ? .orientation(6) : .malformed(.badMagic(v << 8 | 42))
                case 3: .malformed(.badMagic(v))
                // The first directory's offset, 8: any other puts it outside the 38 bytes (or inside the header).
                case 4...6: unchanged ? .orientation(6) : .malformed(.ifdOffsetOutOfRange(offset: UInt32(value) << (8 * UInt32(7 - index)) | 8, length: 38))
                case 7: .malformed(.ifdOffsetOutOfRange(offset: UInt32(value), length: 38))
                // The entry count, 2: more are declared than the bytes hold, and the orientation is still read.
                case 8: .orientation(6)
                case 9: value < 2 ? .noOrientationTag : .orientation(6)
                case 10...21: .orientation(6)  // Make's entry: another tag, type, count or value is skipped
                case 22, 23: unchanged ? .orientation(6) : .noOrientationTag  // the tag is no longer 0x0112
                case 24: unchanged ? .orientation(6) : .malformed(.unexpectedOrientationType(type: v << 8 | 3, count: 1))
                case 25: .malformed(.unexpectedOrientationType(type: v, count: 1))
                case 26...28: .orientation(6)  // the count stays at least 1
                case 29: value == 0 ? .malformed(.unexpectedOrientationType(type: 3, count: 0)) : .orientation(6)
                case 30: .orientation(Int(value) << 8 | 6)
                case 31: .orientation(Int(value))
                default: .orientation(6)  // the padding and the next directory's offset: not read
                }
                #expect(outcome == expected, "byte \(index) set to \(value)")
            }
        }
    }
}
