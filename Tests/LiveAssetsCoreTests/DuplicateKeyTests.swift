@testable import LiveAssetsCore
import LiveAssets
import Testing

/// A key repeated in a JSON object: the last value is read (as JSONSerialization and JSONDecoder do),
/// and every repeat is listed with the object it is in.
@Suite struct DuplicateKeyTests {
    @Test func theLastValueOfARepeatedKeyIsRead() throws {
        let node = try JSONParser.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(node["a"]?.int == 3)
        #expect(node["b"]?.int == 2)
    }

    @Test func repeatsAreListedWithTheirObjectPathAndLines() throws {
        let node = try JSONParser.parse("""
            {
              "images": [
                {"filename": "small.png",
                 "filename": "big.png", "scale": "3x"},
                {"idiom": "universal", "info": {"v": 1,
                  "v": 2,
                  "v": 3}}
              ],
              "images": []
            }
            """)
        #expect(node.duplicateKeys == [
            .init(key: "filename", objectPath: "images[0]", line: 4, column: 6, firstLine: 3),
            .init(key: "v", objectPath: "images[1].info", line: 7, column: 7, firstLine: 5),
            .init(key: "images", objectPath: "", line: 9, column: 3, firstLine: 2),
        ])
    }

    @Test func objectsWithoutRepeatsHaveNone() throws {
        #expect(try JSONParser.parse(#"{"a": {"a": [{"a": 1}, {"a": 2}]}, "b": [1, 1]}"#).duplicateKeys == [])
    }

    @Test func aContentsJSONEntryWithTwoFileNamesUsesTheLastAndListsTheRepeat() throws {
        let read = try ImageSetContents.read(Array("""
            {"images": [{"filename": "small.png", "idiom": "universal",
                         "filename": "big.png", "scale": "3x"}]}
            """.utf8))
        #expect(read.entries.map(\.filename) == ["big.png"])
        #expect(read.entries.map(\.line) == [2])
        #expect(read.duplicateKeys == [.init(key: "filename", objectPath: "images[0]", line: 2, column: 14, firstLine: 1)])
    }
}
