import LiveAssetsCore

/// One token of Swift source, as ``SwiftLexer`` reads it: comments and whitespace are dropped, a string
/// literal is one token however many lines, interpolations and delimiters it has.
package struct SwiftToken: Sendable, Hashable {
    /// What a token is.
    package enum Kind: Sendable, Hashable {
        /// A name or keyword (`Image`, `struct`, `` `default` `` without its backticks, `$0`).
        case identifier
        /// A number literal.
        case number
        /// A string literal: its text where it is a plain literal, its shape where it interpolates.
        case string(StringLiteral)
        /// A regex literal (`/a+/`, `#/a+/#`).
        case regex
        /// One of `( ) [ ] { } , : ; . @` and `?` or `!` right after an expression.
        case punctuation
        /// Any other run of operator characters (`=`, `->`, `..<`, `+`).
        case symbol
        /// `#` and the word after it: `#if`, `#else`, `#Preview`; a compiler directive's condition
        /// (the rest of an `#if` or `#elseif` line) is not tokenized.
        case pound
    }

    package var kind: Kind
    /// The token's text, without backticks; for a string, its source text.
    package var text: String
    /// The line it starts on, from 1.
    package var line: Int

    /// A token of `kind` with `text`, on `line`.
    package init(_ kind: Kind, _ text: String, line: Int) {
        self.kind = kind
        self.text = text
        self.line = line
    }

    /// Whether this is the punctuation or symbol `text`.
    package func isSymbol(_ text: String) -> Bool {
        (kind == .punctuation || kind == .symbol) && self.text == text
    }

    /// Whether this is the name or keyword `text`.
    package func isName(_ text: String) -> Bool { kind == .identifier && self.text == text }
}

/// A string literal's text: the pieces between its interpolations (one piece when it has none), with
/// the escapes read (`\n`, `\u{E9}`, `\"`).
package struct StringLiteral: Sendable, Hashable {
    /// The literal text around the interpolations: `"\(code).png"` is `["", ".png"]`.
    package var pieces: [String]
    /// The code of each interpolation, as written (`"\(code).png"`: "code"); one fewer than the pieces
    /// where the lexer read them (none for a literal made otherwise).
    package var holes: [String]

    /// A literal of `pieces` (more than one: interpolated between them), with the code of its holes.
    package init(pieces: [String], holes: [String] = []) {
        self.pieces = pieces
        self.holes = holes
    }

    /// The text, where the literal has no interpolation.
    package var value: String? { pieces.count == 1 ? pieces[0] : nil }

    /// Whether `text` is a value the literal can take: its pieces in order, each interpolation standing
    /// for any text (`"flag-\(code)"` matches "flag-fr" and "flag-").
    package func matches(_ text: String) -> Bool {
        guard pieces.count > 1 else { return pieces[0] == text }
        var rest = Substring(text)
        guard rest.hasPrefix(pieces[0]) else { return false }
        rest = rest.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.hasSuffix(pieces[pieces.count - 1])
    }
}

extension Substring {
    /// The first range of `needle`, found byte by byte (no Foundation in this module).
    func range(of needle: String) -> Range<Substring.Index>? {
        guard !needle.isEmpty else { return startIndex..<startIndex }
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(needle) { return index..<self.index(index, offsetBy: needle.count) }
            index = self.index(after: index)
        }
        return nil
    }
}
