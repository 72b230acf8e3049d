import LiveAssetsCore

/// A value of an old-style (NeXTSTEP) property list, the format Xcode writes `project.pbxproj` in:
/// strings (numbers and booleans are strings there too), arrays, dictionaries and data.
package enum PropertyList: Sendable {
    case string(String)
    case array([PropertyList])
    /// A repeated key's last value wins, as CoreFoundation reads it.
    case dictionary([String: PropertyList])
    case data([UInt8])

    package var string: String? { if case .string(let text) = self { text } else { nil } }
    package var array: [PropertyList]? { if case .array(let items) = self { items } else { nil } }
    package var dictionary: [String: PropertyList]? { if case .dictionary(let members) = self { members } else { nil } }

    /// The value of `key`, when this is a dictionary.
    package subscript(key: String) -> PropertyList? { dictionary?[key] }

    /// The strings of an array value (its other items left out); empty for anything else.
    package var strings: [String] { array?.compactMap(\.string) ?? [] }
}

/// Why a property list cannot be read: where, and what was found there.
package struct PropertyListError: Error, Sendable, Hashable {
    /// 1-based line.
    package let line: Int
    /// A phrase: "expected \";\" after a dictionary's value".
    package let reason: String
}

/// Reads an old-style property list, as CoreFoundation's parser does (swift-corelibs-foundation,
/// `CFOldStylePList.c`): `//` and `/* */` comments anywhere whitespace may be; dictionaries
/// `{ key = value; }`, every entry ending with `;`; arrays `( a, b, )`, a trailing comma allowed; data
/// `<0a1b>`; strings quoted (`"..."` or `'...'`, with `\n \t \" \\ \Uhhhh` and octal escapes) or bare
/// (letters, digits and `_$/:.-`). One value at the top; an empty file is an empty dictionary.
/// Nesting is bounded (a hostile file cannot exhaust the stack).
package struct PropertyListParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var depth = 0
    static let maximumDepth = 256

    /// The value `bytes` hold.
    package static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
        var parser = PropertyListParser(bytes: bytes)
        parser.skipSpace()
        guard parser.index < bytes.count else { return .dictionary([:]) }
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index >= bytes.count else { throw parser.error("unexpected text after the top-level value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ reason: String) -> PropertyListError { PropertyListError(line: line, reason: reason) }

    private mutating func skipSpace() {
        while index < bytes.count {
            let c = bytes[index]
            if c == 0x0A { line += 1; index += 1 }
            else if c == 0x20 || (0x09...0x0D).contains(c) { index += 1 }
            else if c == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
            } else if c == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count && !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == 0x0A { line += 1 }
                    index += 1
                }
                index = min(bytes.count, index + 2)
            } else if c == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) {
                index += 3  // U+2028, U+2029
            } else { return }
        }
    }

    private mutating func value() throws(PropertyListError) -> PropertyList {
        guard index < bytes.count else { throw error("the file ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return .dictionary(try nested { (parser: inout PropertyListParser) throws(PropertyListError) in try parser.dictionary() })
        case UInt8(ascii: "("):
            return .array(try nested { (parser: inout PropertyListParser) throws(PropertyListError) in try parser.array() })
        case UInt8(ascii: "<"):
            return .data(try data())
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try quoted())
        default:
            guard let text = bare() else { throw error("unexpected character '\(Unicode.Scalar(bytes[index]))' where a value was expected") }
            return .string(text)
        }
    }

    private mutating func nested<T>(_ body: (inout PropertyListParser) throws(PropertyListError) -> T) throws(PropertyListError) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw error("values nested more than \(Self.maximumDepth) deep") }
        return try body(&self)
    }

    private mutating func dictionary() throws(PropertyListError) -> [String: PropertyList] {
        index += 1  // {
        var members: [String: PropertyList] = [:]
        while true {
            skipSpace()
            guard index < bytes.count else { throw error("the file ends inside a dictionary") }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return members
            }
            guard case .string(let key) = try value() else { throw error("a dictionary's key must be a string") }
            skipSpace()
            guard index < bytes.count else { throw error("the file ends inside a dictionary") }
            if bytes[index] == UInt8(ascii: ";") {  // `key;`: the key is its own value
                index += 1
                members[key] = .string(key)
                continue
            }
            guard bytes[index] == UInt8(ascii: "=") else { throw error("expected \"=\" after the key \"\(key)\"") }
            index += 1
            skipSpace()
            members[key] = try value()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else { throw error("expected \";\" after the value of \"\(key)\"") }
            index += 1
        }
    }

    private mutating func array() throws(PropertyListError) -> [PropertyList] {
        index += 1  // (
        var items: [PropertyList] = []
        while true {
            skipSpace()
            guard index < bytes.count else { throw error("the file ends inside an array") }
            if bytes[index] == UInt8(ascii: ")") {
                index += 1
                return items
            }
            items.append(try value())
            skipSpace()
            guard index < bytes.count else { throw error("the file ends inside an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1 }
            else if bytes[index] != UInt8(ascii: ")") { throw error("expected \",\" or \")\" in an array") }
        }
    }

    private mutating func data() throws(PropertyListError) -> [UInt8] {
        index += 1  // <
        var result: [UInt8] = [], high: UInt8?
        while index < bytes.count {
            let c = bytes[index]
            index += 1
            if c == UInt8(ascii: ">") {
                guard high == nil else { throw error("data with an odd number of hexadecimal digits") }
                return result
            }
            if c == 0x0A { line += 1 }
            if c == 0x20 || (0x09...0x0D).contains(c) { continue }
            guard let nibble = Self.hexValue(c) else { throw error("a data value holds a character that is not a hexadecimal digit") }
            if let first = high { result.append(first << 4 | nibble); high = nil } else { high = nibble }
        }
        throw error("the file ends inside a data value")
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func isBare(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private mutating func bare() -> String? {
        let start = index
        while index < bytes.count && Self.isBare(bytes[index]) { index += 1 }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    private mutating func quoted() throws(PropertyListError) -> String {
        let quote = bytes[index]
        index += 1
        let start = index
        // Most strings hold no escape: taken as they are.
        while index < bytes.count && bytes[index] != quote && bytes[index] != UInt8(ascii: "\\") {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        guard index < bytes.count else { throw error("the file ends inside a quoted string") }
        if bytes[index] == quote {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let c = bytes[index]
            index += 1
            if c == quote { return String(decoding: text, as: UTF8.self) }
            if c == 0x0A { line += 1 }
            guard c == UInt8(ascii: "\\"), index < bytes.count else {
                text.append(c)
                continue
            }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "a"): text.append(0x07)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "v"): text.append(0x0B)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var value: UInt32 = 0, digits = 0
                while digits < 4, index < bytes.count, let nibble = Self.hexValue(bytes[index]) {
                    value = value << 4 | UInt32(nibble)
                    index += 1
                    digits += 1
                }
                text += Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(e - UInt8(ascii: "0")), digits = 1
                while digits < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                    value = value << 3 | UInt32(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                // NeXTSTEP's encoding matches ASCII below 0x80; above, the character is kept as Latin-1's.
                text += Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8)
            default:
                if e == 0x0A { line += 1 }
                text.append(e)
            }
        }
        throw error("the file ends inside a quoted string")
    }
}
