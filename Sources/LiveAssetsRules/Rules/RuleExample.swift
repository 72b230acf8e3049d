import LiveAssetsCore

/// An input for a rule's description: a few files and the `check` options to run on them, and, when
/// it triggers the rule, the message of the finding it produces.
package struct RuleExample: Sendable {
    /// One file of the example, by its path relative to the folder `check` runs in.
    package struct File: Sendable {
        /// What the file holds.
        package enum Content: Sendable {
            /// An RGBA (colour type 6) or gray (0) PNG of zero pixels; `frames` over 1 adds an acTL chunk;
            /// `cut` leaves out the IEND chunk.
            case png(width: Int, height: Int, bitDepth: Int = 8, colorType: Int = 6, frames: Int = 1, cut: Bool = false)
            /// A baseline JPEG's markers, EOI included (enough for the probe): 3 components, or 4 with an
            /// Adobe APP14 segment for `cmyk`; an EXIF orientation other than 1 adds an APP1 segment.
            case jpeg(width: Int, height: Int, orientation: Int = 1, cmyk: Bool = false)
            /// Text, as UTF-8.
            case text(String)
            /// Raw bytes.
            case bytes([UInt8])
            /// A symbolic link to this path, relative to the link's folder.
            case link(String)

            /// An image set's Contents.json as Xcode writes it: one entry per (file, idiom, scale), an
            /// empty slot where the file is nil.
            static func imageSet(_ entries: [(file: String?, idiom: String, scale: String)]) -> Content {
                let images = entries.map { entry in
                    (entry.file.map { #""filename":"\#($0)","# } ?? "") + #""idiom":"\#(entry.idiom)","scale":"\#(entry.scale)""#
                }
                return .text(#"{"images":[{"# + images.joined(separator: "},{") + #"}],"info":{"author":"xcode","version":1}}"#)
            }
        }

        /// The path, `/`-separated; bytes of a name that is not UTF-8 are held as `String(fileSystemBytes:)` holds them.
        package let path: String
        package let content: Content
    }

    /// The input in words ("logo@3x.png, 300x300 px, shown in compact leading and minimal on iPhone 16 Pro").
    package let summary: String
    /// The message of the finding the example produces; nil for an example that produces none.
    package let message: String?
    /// The files.
    package let files: [File]
    /// The options `check` is run with, before the inputs.
    package let options: [String]

    init(_ summary: String, message: String? = nil, options: [String] = [], files: [(String, File.Content)]) {
        self.summary = summary
        self.message = message
        self.options = options
        self.files = files.map { File(path: $0.0, content: $0.1) }
    }

    /// What `check` is given: each top-level file or folder of the example, but the configuration, which
    /// `check` finds by itself.
    package var inputs: [String] {
        var inputs: [String] = []
        for file in files {
            let top = String(file.path.prefix { $0 != "/" })
            if top != ".liveassets.json" && !inputs.contains(top) { inputs.append(top) }
        }
        return inputs
    }

    /// The command line a person would type for the example, each word quoted for a POSIX shell.
    package var commandLine: String {
        (["liveassets", "check"] + options + inputs).map(\.shellQuoted).joined(separator: " ")
    }
}
