import LiveAssetsPlatform
import LiveAssets

// What a path says about an image: the scale and device modifier of its file name, and the catalog and
// group it sits in, read from its bytes.
extension AssetScanner {
    /// "dir/logo@2x~iphone.png" -> ("dir/logo", 2); "dir/logo.png" -> ("dir/logo", nil).
    package static func scaleSuffix(of path: String) -> (base: Substring, scale: Int?) {
        let parts = nameParts(of: path)
        return (path[..<path.utf8.index(path.utf8.startIndex, offsetBy: parts.baseLength)], parts.scale)
    }

    /// What a file name says, as byte offsets into `path`: where its base name ends, the scale of its
    /// @2x/@3x suffix, where its extension starts (its last "."; the end when there is none), and the
    /// device its ~iphone/~ipad modifier reserves it for, as UIKit reads the name ("logo~ipad.png",
    /// "logo@2x~iphone.png": the modifier right before the extension).
    struct NameParts {
        let baseLength: Int
        let scale: Int?
        let extensionStart: Int
        let idiom: AssetVariant.Idiom
    }

    /// Reads `path`'s file name in one backward pass over its UTF-8 bytes: the marks it looks for are
    /// ASCII, so byte positions are character ones.
    static func nameParts(of path: String) -> NameParts {
        var text = path
        return text.withUTF8 { bytes -> NameParts in
            // The file name's last ".", and the last "~" before that one (or anywhere, with no "."):
            // the stem ends at the "~", else at the ".".
            var nameStart = bytes.count, dot: Int?, lastTilde: Int?, tildeBeforeDot: Int?
            while nameStart > 0, bytes[nameStart - 1] != UInt8(ascii: "/") {
                nameStart -= 1
                if bytes[nameStart] == UInt8(ascii: ".") {
                    if dot == nil { dot = nameStart }
                } else if bytes[nameStart] == UInt8(ascii: "~") {
                    if lastTilde == nil { lastTilde = nameStart }
                    if dot != nil && tildeBeforeDot == nil { tildeBeforeDot = nameStart }
                }
            }
            let end = dot.map { tildeBeforeDot ?? $0 } ?? lastTilde ?? bytes.count
            // The modifier runs from its "~" to the extension (or the end).
            var idiom = AssetVariant.Idiom.universal
            if let tilde = dot != nil ? tildeBeforeDot : lastTilde {
                let modifier = UnsafeBufferPointer(rebasing: bytes[(tilde + 1)..<(dot ?? bytes.count)])
                if modifier.elementsEqual("iphone".utf8) { idiom = .iphone } else if modifier.elementsEqual("ipad".utf8) { idiom = .ipad }
            }
            if end - nameStart >= 3, bytes[end - 3] == UInt8(ascii: "@"), bytes[end - 1] == UInt8(ascii: "x"),
               (UInt8(ascii: "1")...UInt8(ascii: "3")).contains(bytes[end - 2]) {
                return NameParts(baseLength: end - 3, scale: Int(bytes[end - 2] - UInt8(ascii: "0")),
                                 extensionStart: dot ?? bytes.count, idiom: idiom)
            }
            return NameParts(baseLength: end, scale: nil, extensionStart: dot ?? bytes.count, idiom: idiom)
        }
    }

    /// Whether `path`, inside `catalog`, sits in the catalog itself or in its groups (folders with no
    /// extension: "No period (.) can appear in the name of the group"), not in an image set, an app icon
    /// set, a data set or another typed folder.
    static func isInGroup(_ path: String, of catalog: String) -> Bool {
        let inside = path.utf8.dropFirst(catalog.utf8.count + 1)
        return !inside.split(separator: UInt8(ascii: "/")).dropLast().contains { $0.contains(UInt8(ascii: ".")) }
    }

    /// The `.xcassets` folder that contains `path`, if any (the innermost).
    package static func catalog(containing path: String) -> String? {
        // Asked of every file a walk meets: one backward pass over the bytes for ".xcassets/".
        let marker: StaticString = ".xcassets/"
        var path = path
        let end = path.withUTF8 { bytes -> Int? in
            let length = marker.utf8CodeUnitCount
            guard bytes.count > length else { return nil }
            var start = bytes.count - length
            while start >= 0 {
                if bytes[start] == UInt8(ascii: "."), memcmp(bytes.baseAddress! + start, marker.utf8Start, length) == 0 {
                    return start + length - 1
                }
                start -= 1
            }
            return nil
        }
        return end.map { String(decoding: path.utf8.prefix($0), as: UTF8.self) }
    }
}
