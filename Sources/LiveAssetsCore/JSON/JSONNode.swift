/// A parsed JSON value that remembers where it starts in the text, so that diagnostics can point at
/// the line of the offending entry. Numbers keep the text they were written with, so that "62.33" is
/// read exactly, not as the nearest binary fraction.
package struct JSONNode: Sendable {
    package enum Value: Sendable {
        case null
        case bool(Bool)
        /// A number exactly as written ("62.33", "-1e3").
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    /// An object member: its key, the key's position, and its value.
    package struct Member: Sendable {
        package let key: String
        package let line: Int
        package let column: Int
        package let value: JSONNode
    }

    package let value: Value
    /// 1-based line of the value's first character.
    package let line: Int
    /// 1-based column (in bytes) of the value's first character.
    package let column: Int

    /// The last member named `key`, when this is an object: a repeated key's last value wins, as in
    /// JSONSerialization and JSONDecoder (``duplicateKeys`` lists the repeats).
    package subscript(key: String) -> JSONNode? {
        members?.last { $0.key == key }?.value
    }

    /// A key an object holds more than once.
    package struct DuplicateKey: Sendable, Hashable {
        package let key: String
        /// Where the object is, from the top ("images[2]", "info"); "" for the top-level value itself.
        package let objectPath: String
        /// Where the key is written again (the second time, or the last when more).
        package let line: Int
        package let column: Int
        /// Where it was written first.
        package let firstLine: Int
    }

    /// Every key repeated in an object of this value (nested ones included), once per key and object,
    /// in text order; pointing at the last repeat, whose value is the one read.
    package var duplicateKeys: [DuplicateKey] {
        // Almost every document has none: find that out without building a path or a dictionary.
        guard hasDuplicateKeys else { return [] }
        var found: [DuplicateKey] = []
        collectDuplicateKeys(path: "", into: &found)
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// Whether any object of this value holds a key twice.
    private var hasDuplicateKeys: Bool {
        switch value {
        case .object(let members):
            if members.count > 16 {
                var keys = Set<String>(minimumCapacity: members.count)
                for member in members where !keys.insert(member.key).inserted { return true }
            } else {
                for index in members.indices.dropFirst() where members[..<index].contains(where: { $0.key == members[index].key }) {
                    return true
                }
            }
            return members.contains { $0.value.hasDuplicateKeys }
        case .array(let elements):
            return elements.contains { $0.hasDuplicateKeys }
        default:
            return false
        }
    }

    private func collectDuplicateKeys(path: String, into found: inout [DuplicateKey]) {
        switch value {
        case .object(let members):
            var first: [String: Int] = [:]  // key -> index of its first member
            var last: [String: Int] = [:]  // key -> index of its last member, for repeated keys
            for (index, member) in members.enumerated() {
                if first[member.key] == nil { first[member.key] = index } else { last[member.key] = index }
            }
            for (key, index) in last {
                found.append(DuplicateKey(key: key, objectPath: path, line: members[index].line,
                                          column: members[index].column, firstLine: members[first[key]!].line))
            }
            for member in members {
                member.value.collectDuplicateKeys(path: path.isEmpty ? member.key : path + "." + member.key, into: &found)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                element.collectDuplicateKeys(path: path + "[\(index)]", into: &found)
            }
        default: break
        }
    }

    package var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    package var elements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    package var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    package var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// The number's text, when this is a number.
    package var numberText: String? {
        if case .number(let text) = value { return text }
        return nil
    }

    /// The value as an integer, when it is a number written without fraction or exponent.
    package var int: Int? { numberText.flatMap { Int($0) } }

    /// What kind of value this is, for messages ("a string", "an object").
    package var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Text that is not JSON, with where the problem is.
package struct JSONSyntaxError: Error, Sendable, Hashable {
    package let line: Int
    package let column: Int
    /// What was wrong, as a sentence fragment ("expected ':' after an object key").
    package let reason: String
}

/// A strict JSON (RFC 8259) parser that records positions. Nesting deeper than 256 levels is refused,
/// so hostile input cannot exhaust the stack.
package enum JSONParser {
    package static let maximumDepth = 256

    /// Parses one JSON document (a UTF-8 byte order mark is allowed).
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = Parser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let node = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return node
    }

    /// Parses a document given as a string.
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try parse(Array(text.utf8))
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var column: Int { index - lineStart + 1 }

        func error(_ reason: String) -> JSONSyntaxError {
            JSONSyntaxError(line: line, column: column, reason: reason)
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current {
                switch byte {
                case 0x20, 0x09, 0x0D: index += 1
                case 0x0A:
                    index += 1
                    line += 1
                    lineStart = index
                default: return
                }
            }
        }

        mutating func expect(_ literal: String, value: JSONNode.Value, line: Int, column: Int) throws(JSONSyntaxError)
            -> JSONNode
        {
            for byte in literal.utf8 {
                guard current == byte else { throw error("invalid literal; expected '\(literal)'") }
                index += 1
            }
            return JSONNode(value: value, line: line, column: column)
        }

        mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
            guard depth < JSONParser.maximumDepth else { throw error("nesting deeper than \(JSONParser.maximumDepth) levels") }
            let (line, column) = (self.line, self.column)
            guard let byte = current else { throw error("unexpected end of the text") }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth, line: line, column: column)
            case UInt8(ascii: "["): return try array(depth: depth, line: line, column: column)
            case UInt8(ascii: "\""): return JSONNode(value: .string(try string()), line: line, column: column)
            case UInt8(ascii: "t"): return try expect("true", value: .bool(true), line: line, column: column)
            case UInt8(ascii: "f"): return try expect("false", value: .bool(false), line: line, column: column)
            case UInt8(ascii: "n"): return try expect("null", value: .null, line: line, column: column)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return JSONNode(value: .number(try number()), line: line, column: column)
            default:
                throw error("unexpected character '\(Self.printable(byte))'")
            }
        }

        mutating func object(depth: Int, line: Int, column: Int) throws(JSONSyntaxError) -> JSONNode {
            index += 1
            var members: [JSONNode.Member] = []
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
                return JSONNode(value: .object(members), line: line, column: column)
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw error("expected a string key in an object") }
                let (keyLine, keyColumn) = (self.line, self.column)
                let key = try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
                index += 1
                skipWhitespace()
                let member = try value(depth: depth + 1)
                members.append(JSONNode.Member(key: key, line: keyLine, column: keyColumn, value: member))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return JSONNode(value: .object(members), line: line, column: column)
                default: throw error("expected ',' or '}' after an object member")
                }
            }
        }

        mutating func array(depth: Int, line: Int, column: Int) throws(JSONSyntaxError) -> JSONNode {
            index += 1
            var elements: [JSONNode] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return JSONNode(value: .array(elements), line: line, column: column)
            }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return JSONNode(value: .array(elements), line: line, column: column)
                default: throw error("expected ',' or ']' after an array element")
                }
            }
        }

        mutating func string() throws(JSONSyntaxError) -> String {
            index += 1  // opening quote
            let start = index
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush(_ end: Int) {
                scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
            }
            while true {
                guard let byte = current else { throw error("unterminated string") }
                switch byte {
                case UInt8(ascii: "\""):
                    // Most strings have no escape: their bytes are the string.
                    if run == start { index += 1; return String(decoding: bytes[start..<index - 1], as: UTF8.self) }
                    flush(index)
                    index += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush(index)
                    index += 1
                    guard let escape = current else { throw error("unterminated string") }
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800...0xDBFF).contains(code), current == UInt8(ascii: "\\"),
                            index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                        {
                            index += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid UTF-16 surrogate pair") }
                            code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                        }
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default:
                        index -= 2  // point at the backslash
                        throw error("invalid escape '\\\(Self.printable(escape))'")
                    }
                    run = index
                case 0x00..<0x20:
                    throw error("control character in a string")
                default:
                    index += 1
                }
            }
        }

        mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = current, let digit = Self.hexValue(byte) else {
                    throw error("expected four hexadecimal digits after \\u")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        mutating func number() throws(JSONSyntaxError) -> String {
            let start = index
            func digits() -> Int {
                let from = index
                while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
                return index - from
            }
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
            } else if digits() == 0 {
                throw error("invalid number")
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("expected digits after the decimal point") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw error("expected digits in the exponent") }
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        static func printable(_ byte: UInt8) -> String {
            (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16, uppercase: true)
        }
    }
}
