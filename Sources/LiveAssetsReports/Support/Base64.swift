import LiveAssets

/// Standard base64 (RFC 4648, with padding), for the images the HTML report embeds as data URIs.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64, written straight into the string's storage.
    static func encode(_ bytes: [UInt8]) -> String {
        let length = (bytes.count + 2) / 3 * 4
        guard length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { out in
            bytes.withUnsafeBufferPointer { input in
                alphabet.withUnsafeBufferPointer { table in
                    func put(_ word: UInt32, at offset: Int, count: Int) {
                        for k in 0..<4 {
                            out[offset + k] = k < count ? table[Int(word >> UInt32(18 - 6 * k) & 63)] : UInt8(ascii: "=")
                        }
                    }
                    var index = 0, offset = 0
                    while index + 3 <= input.count {
                        put(UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2]), at: offset, count: 4)
                        index += 3
                        offset += 4
                    }
                    let rest = input.count - index
                    if rest > 0 {
                        let word = UInt32(input[index]) << 16 | (rest == 2 ? UInt32(input[index + 1]) << 8 : 0)
                        put(word, at: offset, count: rest + 1)
                    }
                }
            }
            return length
        }
    }
}
