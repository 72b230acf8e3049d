/// A JSON value with ordered object keys, so that reports come out byte-for-byte the same every run.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number written exactly as given ("62.33"); the caller guarantees it is a JSON number.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Keys in the order given; duplicate keys are the caller's mistake.
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
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
    public static func optional<T>(_ value: T?, _ transform: (T) -> JSONValue) -> JSONValue {
        value.map(transform) ?? .null
    }

    /// The JSON text: two-space indentation when `pretty`, else compact; no trailing newline.
    public func serialized(pretty: Bool = true) -> String {
        var output = ""
        write(to: &output, pretty: pretty, indent: 0)
        return output
    }

    private func write(to output: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .number(let text): output += text
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            writeContainer(values, open: "[", close: "]", to: &output, pretty: pretty, indent: indent) {
                $0.write(to: &$1, pretty: pretty, indent: indent + 1)
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", to: &output, pretty: pretty, indent: indent) {
                Self.writeString($0.0, to: &$1)
                $1 += pretty ? ": " : ":"
                $0.1.write(to: &$1, pretty: pretty, indent: indent + 1)
            }
        }
    }

    private func writeContainer<Element>(
        _ elements: [Element], open: String, close: String, to output: inout String, pretty: Bool, indent: Int,
        element: (Element, inout String) -> Void
    ) {
        output += open
        guard !elements.isEmpty else { return output += close }
        let inner = pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
        for (index, value) in elements.enumerated() {
            if index > 0 { output += "," }
            output += inner
            element(value, &output)
        }
        output += pretty ? "\n" + String(repeating: "  ", count: indent) : ""
        output += close
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
