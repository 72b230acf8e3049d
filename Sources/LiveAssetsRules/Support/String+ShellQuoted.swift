import LiveAssetsCore

extension String {
    /// The word as a POSIX shell reads it back, for a command line a person may paste: as it is when it
    /// holds only characters no shell treats specially; in single quotes otherwise (a quote inside
    /// written '\''); in the $'...' quoting of bash and zsh when it holds bytes that are not UTF-8
    /// ($'logo\xFF.png'), so that the bytes, not their U+FFFD, reach the command.
    package var shellQuoted: String {
        if hasRawBytes {
            let bytes = fileSystemBytes.map { byte -> String in
                guard byte >= 0x80 || byte < 0x20 || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\\") else {
                    return String(UnicodeScalar(byte))
                }
                return (byte < 0x10 ? "\\x0" : "\\x") + String(byte, radix: 16, uppercase: true)
            }
            return "$'" + bytes.joined() + "'"
        }
        let plain = !isEmpty && utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "@%+=:,./_-".utf8.contains(byte)
        }
        return plain ? self : "'" + split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
