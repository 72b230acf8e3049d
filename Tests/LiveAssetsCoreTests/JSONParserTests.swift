import LiveAssets
@testable import LiveAssetsCore
import Testing

@Suite struct JSONParserTests {
    @Test func keepsPositionsAndNumberText() throws {
        let node = try JSONParser.parse("{\n  \"a\": [1, 62.33, -0.5e2],\n  \"b\": {\"c\": \"\\u00e9\\ud83d\\ude00\\n\"}\n}")
        #expect(node.line == 1 && node.column == 1)
        let a = try #require(node["a"])
        #expect(a.line == 2 && a.column == 8)
        #expect(a.elements?.map { $0.numberText } == ["1", "62.33", "-0.5e2"])
        #expect(node.members?.map(\.key) == ["a", "b"])
        #expect(node.members?[1].line == 3)
        #expect(node["b"]?["c"]?.string == "é😀\n")
    }

    @Test(arguments: [
        ("\"plain\"", "plain"), ("\"\"", ""), ("\"caf\u{E9} \u{1F600}\"", "caf\u{E9} \u{1F600}"),
        ("\"a\\nb\"", "a\nb"), ("\"\\\"quoted\\\" \\u0041\"", "\"quoted\" A"), ("\"end\\\\\"", "end\\"),
    ])
    func stringsWithAndWithoutEscapesDecode(text: String, value: String) throws {
        #expect(try JSONParser.parse(text).string == value)
    }

    @Test(arguments: [
        ("", 1, 1, "unexpected end of the text"),
        ("{\"a\" 1}", 1, 6, "expected ':' after the key \"a\""),
        ("[1,]", 1, 4, "unexpected character ']'"),
        ("{\"a\": 1,}", 1, 9, "expected a string key in an object"),
        ("[01]", 1, 3, "expected ',' or ']' after an array element"),
        ("\"tab\there\"", 1, 5, "control character in a string"),
        ("[1] 2", 1, 5, "unexpected text after the JSON value"),
        ("tru", 1, 4, "invalid literal; expected 'true'"),
        ("\"\\x\"", 1, 2, "invalid escape '\\x'"),
    ])
    func reportsWhereTheTextStopsBeingJSON(text: String, line: Int, column: Int, reason: String) {
        #expect(throws: JSONSyntaxError(line: line, column: column, reason: reason)) { try JSONParser.parse(text) }
    }

    @Test func refusesHostileNestingWithoutExhaustingTheStack() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError(line: 1, column: 257, reason: "nesting deeper than 256 levels")) {
            try JSONParser.parse(deep)
        }
    }
}
