/// A target of an Xcode project or a Swift package, as far as the images of a Live Activity go: the
/// Swift files it compiles, the files and folders it bundles, and what it links.
package struct ProjectTarget: Sendable, Hashable {
    /// What a target builds.
    package enum Kind: Sendable, Hashable {
        /// An app (`com.apple.product-type.application`, a watch app, an App Clip).
        case application
        /// An app extension (`com.apple.product-type.app-extension`, ExtensionKit): where a widget, and
        /// so a Live Activity, lives.
        case appExtension
        /// A framework or library another target links (Xcode), or a package's regular target.
        case library
        /// Tests, of either kind.
        case test
        /// Anything else (an aggregate, a tool, a plug-in).
        case other
    }

    /// A folder whose files all belong to the target (Xcode 16's synchronized folders), but those the
    /// project excepts.
    package struct Folder: Sendable, Hashable {
        /// Its absolute path.
        package var path: String
        /// Paths relative to it that the target leaves out (a folder's covers what is in it).
        package var excluded: Set<String>

        package init(path: String, excluded: Set<String> = []) {
            self.path = path
            self.excluded = excluded
        }
    }

    /// What a target links or depends on.
    package enum Link: Sendable, Hashable {
        /// Another target of the same project or package, by name.
        case target(String)
        /// A product of a package: its folder where the package is local (nil: remote), and its name.
        case product(package: String?, name: String)
        /// Code from outside the repository: a remote package, a CocoaPods framework, a binary (as named).
        case outside(String)
    }

    package var name: String
    package var kind: Kind
    /// The project file or manifest that declares it.
    package var declaredIn: String
    /// Swift files it compiles, by absolute path (those of ``folders`` apart).
    package var sources: [String] = []
    /// Objective-C files it compiles (`.m`, `.mm`), by absolute path (those of ``folders`` apart): code
    /// that may name images, which LiveAssets does not read.
    package var otherCode: [String] = []
    /// Files and folders it bundles (catalogs, images, folder references), by absolute path (those of
    /// ``folders`` apart).
    package var resources: [String] = []
    /// Folders whose every file it compiles or bundles (synchronized folders, a package target's own).
    package var folders: [Folder] = []
    package var links: [Link] = []
    /// Folders of development assets (`DEVELOPMENT_ASSET_PATHS`): built for previews, never shipped.
    package var developmentAssets: [String] = []

    package init(name: String, kind: Kind, declaredIn: String) {
        self.name = name
        self.kind = kind
        self.declaredIn = declaredIn
    }

    /// Whether the target bundles the file or folder at `path` (absolute): one of its resources, inside
    /// one (an image set in a catalog), or below one of its folders and not excepted.
    package func bundles(_ path: String) -> Bool {
        resources.contains { Self.isSame(path, orInside: $0) }
            || folders.contains { folder in
                guard let relative = Self.relative(path, in: folder.path) else { return false }
                return !folder.excluded.contains { Self.isSame(relative, orInside: $0) }
            }
    }

    /// Whether `path` is an Objective-C file (``otherCode``).
    package static func isOtherCode(_ path: String) -> Bool {
        path.hasSuffix(".m") || path.hasSuffix(".mm")
    }

    /// Whether `path` is a development asset of the target.
    package func isDevelopmentAsset(_ path: String) -> Bool {
        developmentAssets.contains { Self.isSame(path, orInside: $0) }
    }

    /// Whether `path` is `folder`, or inside it, by bytes.
    package static func isSame(_ path: String, orInside folder: String) -> Bool {
        path.utf8.elementsEqual(folder.utf8) || path.utf8.starts(with: (folder == "/" ? "/" : folder + "/").utf8)
    }

    /// `path` relative to `folder` when inside it.
    static func relative(_ path: String, in folder: String) -> String? {
        let prefix = folder == "/" ? "/" : folder + "/"
        guard path.utf8.starts(with: prefix.utf8) else { return nil }
        return String(decoding: path.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    }
}
