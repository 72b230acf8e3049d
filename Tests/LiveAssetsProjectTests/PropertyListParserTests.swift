@testable import LiveAssetsProject
import Testing

/// The old-style property list grammar as CoreFoundation reads it, and its errors by line.
@Suite struct PropertyListParserTests {
    static func parse(_ text: String) throws(PropertyListError) -> PropertyList { try PropertyListParser.parse(Array(text.utf8)) }

    @Test func readsTheShapesXcodeWrites() throws {
        let plist = try Self.parse("""
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjects = { /* a comment */
            \t\tA1 /* Foo.swift */ = {isa = PBXFileReference; path = "Foo Bar.swift"; sourceTree = "<group>"; };
            \t\tB2 = {isa = PBXGroup; children = (A1, ); name = 'single'; };
            \t};
            \tdata = <0a1B 2c>;
            \tflag;
            }
            """)
        #expect(plist["archiveVersion"]?.string == "1")
        #expect(plist["objects"]?["A1"]?["path"]?.string == "Foo Bar.swift")
        #expect(plist["objects"]?["B2"]?["children"]?.strings == ["A1"])
        #expect(plist["objects"]?["B2"]?["name"]?.string == "single")
        if case .data(let bytes)? = plist["data"] { #expect(bytes == [0x0A, 0x1B, 0x2C]) } else { Issue.record("no data") }
        #expect(plist["flag"]?.string == "flag")
    }

    @Test func readsEscapesInQuotedStrings() throws {
        let plist = try Self.parse(#"{ a = "x\ny\t\"q\" \\ \U00e9 \101 \z"; b = bare/path:with.dots-and_$; }"#)
        #expect(plist["a"]?.string == "x\ny\t\"q\" \\ \u{E9} A z")
        #expect(plist["b"]?.string == "bare/path:with.dots-and_$")
    }

    @Test func anEmptyFileIsAnEmptyDictionaryAndALastKeyWins() throws {
        #expect(try Self.parse("  // nothing\n").dictionary?.isEmpty == true)
        #expect(try Self.parse("{ a = 1; a = 2; }")["a"]?.string == "2")
    }

    @Test(arguments: [
        ("{\n a = 1;\n b = 2\n}", 4, "expected \";\" after the value of \"b\""),
        ("{\n a = \"open;\n}\n", 4, "the file ends inside a quoted string"),
        ("(\n a b\n)", 2, "expected \",\" or \")\" in an array"),
        ("{ a = 1; }\n junk", 2, "unexpected text after the top-level value"),
        ("{ a = <0a1>; }", 1, "data with an odd number of hexadecimal digits"),
        ("{ a = ; }", 1, "unexpected character ';' where a value was expected"),
    ])
    func errorsSayTheLineAndWhatWasFound(text: String, line: Int, reason: String) {
        #expect(throws: PropertyListError(line: line, reason: reason)) { try Self.parse(text) }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        #expect(throws: PropertyListError(line: 1, reason: "values nested more than 256 deep")) { try Self.parse(text) }
    }
}
