/// A NUL-terminated C character array imported as a tuple (`char message[200]`), as a String.
func cString<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { bytes in
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
