import LiveAssetsCore

/// Splits Swift source into tokens, closely enough to find calls, closures and string literals in it:
/// nested `/* */` comments, string interpolation (nested to any depth), multi-line `"""` strings, raw
/// strings (`#"..."#` with `\#(...)`), regex literals (`#/.../#`, and `/.../` where an expression
/// starts), backticked names, and `#if` lines. It does not parse: brackets are left to the reader.
package struct SwiftLexer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var tokens: [SwiftToken] = []
    /// How many string literals the one being read is nested in (through interpolations).
    private var nesting = 0
    /// Deeper literals are skipped as text: no real code nests so, and the stack stays bounded.
    private static let maximumNesting = 32

    /// The tokens of `source`, a Swift file's bytes (UTF-8); malformed text ends a token where it can.
    package static func tokens(of source: [UInt8]) -> [SwiftToken] {
        var lexer = SwiftLexer(bytes: source)
        lexer.run()
        return lexer.tokens
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func byte(at offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    private func text(_ start: Int, _ end: Int) -> String { String(decoding: bytes[start..<min(end, bytes.count)], as: UTF8.self) }

    /// Lexes to the end, or, for an interpolation (`index` just past its `(`), to its closing `)`.
    private mutating func run(interpolation: Bool = false) {
        var depth = 0  // parentheses open in the interpolation
        while index < bytes.count {
            let c = bytes[index]
            if interpolation {
                if c == UInt8(ascii: "(") { depth += 1 }
                if c == UInt8(ascii: ")") {
                    if depth == 0 {
                        index += 1
                        return
                    }
                    depth -= 1
                }
            }
            switch c {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "/"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""):
                string(hashes: 0)
            case UInt8(ascii: "#"):
                pound()
            case UInt8(ascii: "/") where regexMayStart():
                if !regex(hashes: 0) { symbol() }
            case UInt8(ascii: "`"):
                let start = index + 1
                index = start
                while index < bytes.count && bytes[index] != UInt8(ascii: "`") && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                tokens.append(SwiftToken(.identifier, text(start, index), line: line))
                if byte(at: index) == UInt8(ascii: "`") { index += 1 }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                number()
            case _ where Self.startsName(c):
                let start = index
                index += 1
                while index < bytes.count && Self.continuesName(bytes[index]) { index += 1 }
                tokens.append(SwiftToken(.identifier, text(start, index), line: line))
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
                 UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "@"):
                tokens.append(SwiftToken(.punctuation, text(index, index + 1), line: line))
                index += 1
            case UInt8(ascii: "."):
                // `.name` and a lone dot are punctuation; `..<` and `...` are operators.
                if byte(at: index + 1) == UInt8(ascii: ".") { symbol() } else {
                    tokens.append(SwiftToken(.punctuation, ".", line: line))
                    index += 1
                }
            default:
                symbol()
            }
        }
    }

    private static func startsName(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") || c >= 0x80
    }

    private static func continuesName(_ c: UInt8) -> Bool {
        startsName(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    private static func isOperator(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "%"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"),
             UInt8(ascii: "?"), UInt8(ascii: "/"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// A run of operator characters; `?` and `!` straight after an expression (optional chaining, force
    /// unwrap) are punctuation of their own.
    private mutating func symbol() {
        let start = index
        let c = bytes[index]
        // Postfix where it follows a name, a literal or a closing bracket and does not begin `!=`.
        if (c == UInt8(ascii: "?") || c == UInt8(ascii: "!")) && start > 0 && Self.endsOperand(bytes[start - 1])
            && byte(at: start + 1) != UInt8(ascii: "=") {
            tokens.append(SwiftToken(.punctuation, text(start, start + 1), line: line))
            index += 1
            return
        }
        index += 1
        while index < bytes.count && Self.isOperator(bytes[index]) {
            // A comment starts inside no operator.
            if bytes[index] == UInt8(ascii: "/") && (byte(at: index + 1) == UInt8(ascii: "/") || byte(at: index + 1) == UInt8(ascii: "*")) { break }
            index += 1
        }
        if index == start + 1 && !Self.isOperator(c) {
            return  // a character Swift has no use for here (a stray backslash): skipped
        }
        tokens.append(SwiftToken(.symbol, text(start, index), line: line))
    }

    /// Whether an operand can end with `c`: a name or number character, a closing bracket or quote,
    /// a backtick, or a postfix `?` or `!`.
    private static func endsOperand(_ c: UInt8) -> Bool {
        continuesName(c) || [UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "`"),
                             UInt8(ascii: "?"), UInt8(ascii: "!")].contains(c)
    }

    private mutating func number() {
        let start = index
        while index < bytes.count {
            let c = bytes[index]
            if Self.continuesName(c) && c < 0x80 {
                index += 1
            } else if c == UInt8(ascii: ".") && byte(at: index + 1) >= UInt8(ascii: "0") && byte(at: index + 1) <= UInt8(ascii: "9") {
                index += 1
            } else if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                // An exponent's sign: after `e` in a decimal number, after `p` in a hexadecimal one.
                let previous = bytes[index - 1] | 0x20, hex = byte(at: start + 1) | 0x20 == UInt8(ascii: "x")
                guard (previous == UInt8(ascii: "e") && !hex) || (previous == UInt8(ascii: "p") && hex) else { break }
                index += 1
            } else {
                break
            }
        }
        tokens.append(SwiftToken(.number, text(start, index), line: line))
    }

    /// Skips `/* ... */`, nested ones inside it too.
    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && byte(at: index + 1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && byte(at: index + 1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
        }
    }

    /// `#` and what follows: raw strings and regexes, or a directive or macro name (`#if` and
    /// `#elseif` with their condition, which runs to the end of the line).
    private mutating func pound() {
        var hashes = 0
        while byte(at: index + hashes) == UInt8(ascii: "#") { hashes += 1 }
        let next = byte(at: index + hashes)
        if next == UInt8(ascii: "\"") {
            index += hashes
            string(hashes: hashes)
            return
        }
        if next == UInt8(ascii: "/") {
            let start = index
            index += hashes
            if regex(hashes: hashes) { return }
            index = start
        }
        let start = index
        index += 1
        while index < bytes.count && Self.continuesName(bytes[index]) { index += 1 }
        let word = text(start, index)
        tokens.append(SwiftToken(.pound, word, line: line))
        if word == "#if" || word == "#elseif" {
            // The condition; a trailing comment on it is skipped with it.
            while index < bytes.count && bytes[index] != UInt8(ascii: "\n") {
                if bytes[index] == UInt8(ascii: "/") && byte(at: index + 1) == UInt8(ascii: "*") { skipBlockComment() } else { index += 1 }
            }
        }
    }

    /// Whether a `/` here starts a regex literal rather than dividing: it follows something that ends
    /// no expression (an opening bracket, a comma, a colon, an operator, a keyword such as `return`, or
    /// nothing) and is not followed by a space.
    private func regexMayStart() -> Bool {
        let next = byte(at: index + 1)
        if next == UInt8(ascii: " ") || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\t") || next == UInt8(ascii: "=")
            || next == UInt8(ascii: ")") || next == UInt8(ascii: ",") { return false }
        guard let previous = tokens.last else { return true }
        switch previous.kind {
        case .punctuation:
            return ["(", "[", "{", ",", ":", ";"].contains(previous.text)
        case .symbol:
            return true
        case .identifier:
            return ["return", "case", "in", "where", "if", "guard", "while", "try", "await", "let", "var"].contains(previous.text)
        default:
            return false
        }
    }

    /// A regex literal at `index` (its `/`), closed by `/` and `hashes` `#`s; a bare one (no hashes)
    /// ends on its line. Leaves `index` alone and answers false where there is none.
    private mutating func regex(hashes: Int) -> Bool {
        let start = index - hashes
        var cursor = index + 1
        var lines = 0
        var inClass = false
        while cursor < bytes.count {
            let c = bytes[cursor]
            if c == UInt8(ascii: "\n") {
                if hashes == 0 { return false }
                lines += 1
            } else if c == UInt8(ascii: "\\") {
                cursor += 1
                if byte(at: cursor) == UInt8(ascii: "\n") {
                    if hashes == 0 { return false }
                    lines += 1
                }
            } else if c == UInt8(ascii: "[") {
                inClass = true
            } else if c == UInt8(ascii: "]") {
                inClass = false
            } else if c == UInt8(ascii: "/") && !inClass {
                var closing = 0
                while closing < hashes && byte(at: cursor + 1 + closing) == UInt8(ascii: "#") { closing += 1 }
                if closing == hashes {
                    index = cursor + 1 + hashes
                    tokens.append(SwiftToken(.regex, text(start, index), line: line))
                    line += lines
                    return true
                }
            }
            cursor += 1
        }
        return false
    }

    /// A string literal whose opening quote is at `index`, after `hashes` `#`s: single-line or
    /// multi-line, its escapes read (with `\#`... in a raw one), its interpolations skipped as code in
    /// which strings, comments and brackets nest.
    private mutating func string(hashes: Int) {
        let start = index - hashes, startLine = line
        let multiline = byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        // A multi-line string starts on the line after its delimiter (its other lines keep their
        // indentation here: Swift strips the closing delimiter's).
        if multiline, let end = bytes[index...].firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }),
           bytes[end] == UInt8(ascii: "\n") {
            index = end + 1
            line += 1
        }
        var pieces: [String] = []
        var holes: [String] = []
        var piece: [UInt8] = []
        while index < bytes.count {
            let c = bytes[index]
            if c == UInt8(ascii: "\"") && closes(multiline: multiline, hashes: hashes) {
                index += (multiline ? 3 : 1) + hashes
                if multiline {
                    // Nor does it end with the line break before the closing delimiter, or its indentation.
                    while let last = piece.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { piece.removeLast() }
                    if piece.last == UInt8(ascii: "\n") { piece.removeLast() }
                }
                break
            }
            if c == UInt8(ascii: "\n") {
                if !multiline { break }  // unterminated: the line ends it
                line += 1
            }
            if c == UInt8(ascii: "\\") && hashesFollow(index + 1, hashes) {
                let escape = index + 1 + hashes
                let kind = byte(at: escape)
                // An interpolation: code, lexed as any and its tokens dropped; deeper than the bound, text.
                if kind == UInt8(ascii: "("), nesting < Self.maximumNesting {
                    pieces.append(String(decoding: piece, as: UTF8.self))
                    piece = []
                    index = escape + 1
                    let mark = tokens.count, from = index
                    nesting += 1
                    run(interpolation: true)
                    nesting -= 1
                    tokens.removeSubrange(mark...)
                    holes.append(text(from, max(from, index - 1)))  // its code, without the closing `)`
                    continue
                }
                index = escape + 1
                switch kind {
                case UInt8(ascii: "n"): piece.append(10)
                case UInt8(ascii: "t"): piece.append(9)
                case UInt8(ascii: "r"): piece.append(13)
                case UInt8(ascii: "0"): piece.append(0)
                case UInt8(ascii: "u") where byte(at: index) == UInt8(ascii: "{"):
                    var value: UInt32 = 0
                    index += 1
                    // At most 8 hex digits, on the line: an unclosed escape ends there.
                    var digits = 0
                    while index < bytes.count, digits < 8, Self.isHexDigit(bytes[index]) {
                        value = value &* 16 &+ UInt32(Self.hexValue(bytes[index]))
                        index += 1
                        digits += 1
                    }
                    if byte(at: index) == UInt8(ascii: "}") { index += 1 }
                    piece.append(contentsOf: Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8))
                case UInt8(ascii: "\n"):
                    line += 1  // a multi-line string's line continuation
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    // Whitespace before a line continuation.
                    while index < bytes.count && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")) { index += 1 }
                    if byte(at: index) == UInt8(ascii: "\n") { index += 1; line += 1 }
                default:
                    piece.append(kind)
                }
                continue
            }
            piece.append(c)
            index += 1
        }
        pieces.append(String(decoding: piece, as: UTF8.self))
        tokens.append(SwiftToken(.string(StringLiteral(pieces: pieces, holes: holes)), text(start, index), line: startLine))
    }

    private static func isHexDigit(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "f"))
    }

    private static func hexValue(_ c: UInt8) -> UInt8 {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: 0
        }
    }

    private func hashesFollow(_ offset: Int, _ hashes: Int) -> Bool {
        for step in 0..<hashes where byte(at: offset + step) != UInt8(ascii: "#") { return false }
        return true
    }

    /// Whether the quote at `index` closes the literal: three quotes for a multi-line one, then the
    /// raw string's `#`s.
    private func closes(multiline: Bool, hashes: Int) -> Bool {
        if multiline && !(byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\"")) { return false }
        return hashesFollow(index + (multiline ? 3 : 1), hashes)
    }
}
