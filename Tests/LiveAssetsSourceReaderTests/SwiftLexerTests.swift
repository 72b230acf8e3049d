import LiveAssetsPlatform
import Testing

@testable import LiveAssetsSourceReader
import LiveAssetsRun

@Suite struct SwiftLexerTests {
    func tokens(_ source: String) -> [SwiftToken] { SwiftLexer.tokens(of: Array(source.utf8)) }

    func texts(_ source: String) -> [String] { tokens(source).map(\.text) }

    func strings(_ source: String) -> [[String]] {
        tokens(source).compactMap { token in
            if case .string(let literal) = token.kind { return literal.pieces }
            return nil
        }
    }

    @Test func nestedBlockCommentsAndLineCommentsAreSkipped() {
        #expect(texts("a /* one /* two } */ still { */ b // c {\nd") == ["a", "b", "d"])
        #expect(tokens("/* x\n/* y\n*/\n*/ z").map(\.line) == [4])
    }

    @Test func aStringIsOneTokenWithItsEscapesRead() {
        #expect(strings(#"Image("logo") Text("a } \" b\n\u{E9}")"#) == [["logo"], ["a } \" b\né"]])
        #expect(texts(#"Image("logo")"#) == ["Image", "(", #""logo""#, ")"])
    }

    @Test func interpolationsSplitAStringIntoPiecesAndNest() {
        #expect(strings(#"x = "flag-\(code).png""#) == [["flag-", ".png"]])
        // An interpolation holding a string with its own interpolation and a closing parenthesis.
        #expect(strings(#"t = "a\(f("b)\(g(1))c"))d" + "e""#) == [["a", "d"], ["e"]])
        #expect(texts(#"f("\(a)") { }"#) == ["f", "(", #""\(a)""#, ")", "{", "}"])
    }

    @Test func multiLineStringsSpanLinesAndKeepBraces() {
        let source = "a = \"\"\"\n  one } \"quoted\"\n  two \\(x)\n  \"\"\"\nb"
        #expect(strings(source) == [["  one } \"quoted\"\n  two ", ""]])
        #expect(tokens(source).last?.text == "b" && tokens(source).last?.line == 5)
    }

    @Test func rawStringsReadOnlyHashedEscapes() {
        #expect(strings(##"r = #"a \(x) "b" \#(y) }"#"##) == [[#"a \(x) "b" "#, " }"]])
        #expect(strings(###"r = ##"one "# two"##"###) == [[##"one "# two"##]])
    }

    @Test func regexLiteralsAreOneToken() {
        #expect(texts(#"let r = #/a{2}"\/(/# ; x"#) == ["let", "r", "=", #"#/a{2}"\/(/#"#, ";", "x"])
        #expect(texts("let r = /[/}]+/\nlet y = a / b / c") == ["let", "r", "=", "/[/}]+/", "let", "y", "=", "a", "/", "b", "/", "c"])
        #expect(tokens("f(/x/)").map(\.kind) == [.identifier, .punctuation, .regex, .punctuation])
    }

    @Test func compilerDirectivesDropTheirConditions() {
        #expect(texts("#if os(iOS) && !targetEnvironment(simulator)\na\n#elseif DEBUG\nb\n#else\nc\n#endif") ==
                ["#if", "a", "#elseif", "b", "#else", "c", "#endif"])
        #expect(texts("#Preview { V() }") == ["#Preview", "{", "V", "(", ")", "}"])
    }

    @Test func namesNumbersAndOperators() {
        #expect(texts("`default`.x $0 1_000.5e-3 0x1p-2 a...b c..<d e?.f g! -> h") ==
                ["default", ".", "x", "$0", "1_000.5e-3", "0x1p-2", "a", "...", "b", "c", "..<", "d", "e", "?", ".", "f", "g", "!", "->", "h"])
    }

    @Test func aStringInterpolationShapeMatchesNames() {
        let shape = StringLiteral(pieces: ["flag-", ""])
        #expect(shape.matches("flag-fr") && shape.matches("flag-") && !shape.matches("flags-fr"))
        let middle = StringLiteral(pieces: ["a-", "-b-", ""])
        #expect(middle.matches("a-x-b-y") && !middle.matches("a-x-c"))
        #expect(StringLiteral(pieces: ["logo"]).matches("logo") && !StringLiteral(pieces: ["logo"]).matches("logo2"))
    }
}

extension SwiftLexerTests {
    @Test func deeplyNestedInterpolationsAreReadWithoutExhaustingTheStack() {
        let source = String(repeating: "\"\\(", count: 4_000) + "x"
        #expect(!tokens(source).isEmpty)
    }

    @Test func anUnclosedUnicodeEscapeEndsAtItsDigitsAndLinesStayCounted() {
        #expect(strings("a = \"\\u{41\"\nImage(\"x\")") == [["A"], ["x"]])
        #expect(tokens("r = #/a\\\nb/#\nz").last.map { "\($0.text) \($0.line)" } == "z 3")
    }

    @Test func prefixAndPostfixOperatorsAreToldApart() {
        #expect(texts("f(!x) a!=b c! d?.e") == ["f", "(", "!", "x", ")", "a", "!=", "b", "c", "!", "d", "?", ".", "e"])
        #expect(texts("reduce(0, /) // note\nn") == ["reduce", "(", "0", ",", "/", ")", "n"])
    }
}
