import LiveAssets
import Testing

/// Names that are not valid UTF-8 are held in a String byte for byte and given back to the file
/// system unchanged; what a person sees has U+FFFD where the bad bytes were.
@Suite struct FileSystemBytesTests {
    static let names: [[UInt8]] = [
        [0xFF], Array("bad".utf8) + [0xFF], Array("b".utf8) + [0xC3, 0x28] + Array(".png".utf8),
        Array("cut".utf8) + [0xE2, 0x82], [0xC3, 0xA9, 0xA9], [0xF4, 0x90, 0x80, 0x80], [0xED, 0xA0, 0x80],
        [0xC0, 0xAF], Array("dir/".utf8) + [0xFE, 0xFF] + Array("/x".utf8),
    ]

    @Test(arguments: names)
    func aNameThatIsNotUTF8GoesBackToItsBytes(bytes: [UInt8]) {
        let name = String(fileSystemBytes: bytes)
        #expect(name.hasRawBytes)
        #expect(name.fileSystemBytes == bytes)
        #expect(name.withFileSystemCString { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: bytes.count + 1)) }
            == bytes + [0])
        #expect(name.displayed == String(decoding: bytes, as: UTF8.self))
    }

    @Test func eachBadByteIsOneScalarAfterU10FF00() {
        #expect(Array(String(fileSystemBytes: Array("b".utf8) + [0xC3, 0x28]).unicodeScalars.map(\.value)) == [0x62, 0x10FFC3, 0x28])
    }

    @Test(arguments: ["", "plain.png", "é/ü@3x.png", "emoji 🙂 and U+10FF7F \u{10FF7F}"])
    func aValidNameIsHeldAsItIs(name: String) {
        #expect(String(fileSystemBytes: Array(name.utf8)) == name)
        #expect(!name.hasRawBytes)
        #expect(name.fileSystemBytes == Array(name.utf8))
        #expect(name.displayed == name)
        #expect(name.withFileSystemCString { String(cString: $0) } == name)
    }

    @Test func aValidNameHoldingACharacterKeptForBytesReadsAsRawBytes() {
        // Why FileTree does not open such a name: it would open "x\xFF" instead.
        let name = "x\u{10FFFF}"
        #expect(name.hasRawBytes)
        #expect(name.fileSystemBytes == [0x78, 0xFF])
    }

    /// Before macOS 15 and iOS 18 there is no `String(validating:as:)`; the fallback answers as it does,
    /// on the invalid names above and on valid ones (U+FFFD itself included).
    @Test(arguments: names + [Array("logo@2x.png".utf8), Array("é ü 日本 🙂".utf8), [0xEF, 0xBF, 0xBD], []])
    func theFallbackTellsValidUTF8AsTheStandardLibraryDoes(bytes: [UInt8]) {
        if #available(macOS 15, iOS 18, *) {
            #expect(String.decodingIfValid(bytes) == String(validating: bytes, as: UTF8.self))
        }
    }
}
