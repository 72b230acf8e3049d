import LiveAssetsCore

/// A JSON value with ordered object keys, so that reports come out byte-for-byte the same every run.
package indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number written exactly as given ("62.33"); the caller guarantees it is a JSON number.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Keys in the order given; duplicate keys are the caller's mistake.
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// `value` as JSON, or `null` when it is nil.
    package static func optional<T>(_ value: T?, _ transform: (T) -> JSONValue) -> JSONValue {
        value.map(transform) ?? .null
    }

    /// The JSON text: two-space indentation when `pretty`, else compact; no trailing newline.
    package func serialized(pretty: Bool = true) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(to: &output, pretty: pretty, indent: 0)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .int(let value): output += String(value).utf8
        case .number(let text): output += text.utf8
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            writeContainer(values, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), to: &output, pretty: pretty,
                           indent: indent) { $0.write(to: &$1, pretty: pretty, indent: indent + 1) }
        case .object(let members):
            writeContainer(members, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), to: &output, pretty: pretty,
                           indent: indent) {
                Self.writeString($0.0, to: &$1)
                $1 += pretty ? [UInt8(ascii: ":"), UInt8(ascii: " ")] : [UInt8(ascii: ":")]
                $0.1.write(to: &$1, pretty: pretty, indent: indent + 1)
            }
        }
    }

    private func writeContainer<Element>(
        _ elements: [Element], open: UInt8, close: UInt8, to output: inout [UInt8], pretty: Bool, indent: Int,
        element: (Element, inout [UInt8]) -> Void
    ) {
        output.append(open)
        guard !elements.isEmpty else { return output.append(close) }
        for (index, value) in elements.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if pretty { Self.newline(indent + 1, &output) }
            element(value, &output)
        }
        if pretty { Self.newline(indent, &output) }
        output.append(close)
    }

    private static func newline(_ indent: Int, _ output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output += repeatElement(UInt8(ascii: " "), count: indent * 2)
    }

    /// `text` as a JSON string, quotes included, escaped as ``serialized(pretty:)`` escapes every
    /// string: for JSON written a line at a time (an edit of a Contents.json).
    package static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 2)
        writeString(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// A JSON string: quotes, backslashes and control characters escaped; other UTF-8 copied as is.
    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                           hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
