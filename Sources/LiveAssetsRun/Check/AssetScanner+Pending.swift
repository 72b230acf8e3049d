import LiveAssetsPlatform
import LiveAssets

// What the scan holds between finding a file and reading it, and the keys it groups and follows by.
extension AssetScanner {
    /// A variant whose file has not been read yet.
    struct PendingVariant {
        var path: String
        var catalogScale: Int?
        var suffixScale: Int?
        var idiom: AssetVariant.Idiom = .universal
        var appearance: String?
        var traits: String?
        var reportPath: String
        var line: Int?
        var column: Int?

        /// Whether a device that uses one would as well use the other: same scale (unknown counting
        /// as 1x), idiom and appearance.
        func isInterchangeable(with other: PendingVariant) -> Bool {
            (catalogScale ?? suffixScale ?? 1) == (other.catalogScale ?? other.suffixScale ?? 1) && idiom == other.idiom
                && appearance == other.appearance
        }

        /// What reading a file gave, as a variant holds it.
        static func content(_ result: Result<ImageInfo, ProbeError>) -> AssetVariant.Content {
            switch result {
            case .success(let info): .image(info)
            case .failure(.unsupportedFormat(_, let format)): .unsupported(format)
            case .failure(let error): .unreadable(code: error.code, message: error.message)
            }
        }

        func variant(_ content: AssetVariant.Content) -> AssetVariant {
            AssetVariant(path: path, content: content, catalogScale: catalogScale,
                                suffixScale: suffixScale, idiom: idiom,
                                appearance: appearance, traits: traits, reportPath: reportPath, reportLine: line, reportColumn: column)
        }
    }

    /// The first `length` bytes of `path` (a base name) and its extension (from the file name's last
    /// ".", or none), hashed and compared as bytes, as the file system compares names (a Substring key
    /// would hash through Unicode normalisation, several times slower, and make one asset of two names
    /// that differ in bytes but not in canonical form).
    struct BaseName: Hashable {
        let path: String
        let length: Int
        /// Where the extension starts, its "." included; `path.utf8.count` when there is none.
        let extensionStart: Int

        /// How an app names the asset: "logo" for PNG files (`UIImage(named:)` adds ".png"), else
        /// the base name with its extension ("logo.jpg").
        var assetName: String {
            let name = String(decoding: path.utf8.prefix(length), as: UTF8.self).lastPathComponent
            let ext = path.utf8.dropFirst(extensionStart)
            return ext.elementsEqual(".png".utf8) ? String(name) : String(name) + String(decoding: ext, as: UTF8.self)
        }

        func hash(into hasher: inout Hasher) {
            var path = path
            path.withUTF8 { bytes in
                hasher.combine(bytes: UnsafeRawBufferPointer(start: bytes.baseAddress, count: length))
                hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[extensionStart...])))
            }
        }

        static func == (a: BaseName, b: BaseName) -> Bool {
            guard a.length == b.length, a.path.utf8.count - a.extensionStart == b.path.utf8.count - b.extensionStart else {
                return false
            }
            var (x, y) = (a.path, b.path)
            return x.withUTF8 { x in
                y.withUTF8 { y in
                    memcmp(x.baseAddress!, y.baseAddress!, a.length) == 0
                        && memcmp(x.baseAddress! + a.extensionStart, y.baseAddress! + b.extensionStart, x.count - a.extensionStart) == 0
                }
            }
        }
    }
}

extension AssetScanner {
    /// `path` relative to the `input` it was found below ("a/b" for "input/a/b").
    static func relative(_ path: String, in input: String) -> Substring {
        path[path.utf8.index(path.startIndex, offsetBy: input == "/" ? 1 : input.utf8.count + 1)...]
    }

    /// The questions a scan asks of the paths found below one input: patterns match them from the input
    /// on ("a/b" for "input/a/b"; the input itself by its name).
    struct InputPaths {
        let input: String
        let filter: Filter
        var name: Substring { FileTree.lastComponent(input) }

        func relative(_ path: String) -> Substring { AssetScanner.relative(path, in: input) }
        /// Whether `path` is the input itself (a path below it is longer).
        func isInput(_ path: String) -> Bool { path.utf8.count == input.utf8.count && path.isSamePath(as: input) }
        func excluded(_ path: String) -> Bool { filter.excludes(path, isInput(path) ? name : relative(path)) }
        func included(_ path: String) -> Bool { filter.includes(isInput(path) ? name : relative(path), []) }
    }

    /// A folder as the system knows it, whatever its name: the scan reads each once.
    struct FolderKey: Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }
}
