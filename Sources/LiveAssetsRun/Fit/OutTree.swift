#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveAssets

/// Where `--out DIR` puts each file it writes, one output per input, decided for every file before
/// anything is written.
///
/// A file is mirrored by where it really is (".", ".." and linked folders resolved): a file inside
/// the working directory by its path relative to it, a link there keeping its own name; any other
/// file (outside, or reached through a link that leads out) by its absolute real path.
package struct OutTree: Sendable {
    /// The folder given to --out.
    package let folder: String
    /// Each file to write, as the scan found it (by its bytes) -> where its result goes.
    private var paths: [PathKey: String] = [:]

    /// Where the result of `source`, as the scan found it, goes; nil for a file not placed.
    package func output(for source: String) -> String? { paths[PathKey(source)] }

    package init(folder: String) {
        self.folder = FileTree.trimmed(folder)
    }

    /// Places `sources` (fitted images, new scale variants, edited Contents.json files) under the
    /// folder. `inputs` maps the real path of every file the run read to its name as found. Two
    /// files that would end at one place, or a result that would land on an input, are a ``Conflict``
    /// naming both, found before anything is written.
    package mutating func place(_ sources: [String], inputs: [PathKey: String]) throws(Conflict) {
        var locator = FileTree.Locator()
        let workingDirectory = FileTree.realPath(".") ?? FileManager.default.currentDirectoryPath
        let root = Self.realLocation(folder, from: workingDirectory)
        var owners: [PathKey: String] = [:]  // where an output really is -> the source put there
        for source in sources where paths[PathKey(source)] == nil {
            let output = (folder == "/" ? "" : folder) + "/"
                + Self.mirrored(source, workingDirectory: workingDirectory, locator: &locator)
            // Where the output really is: through a link already there, or in a folder reached by one.
            let real = Self.realLocation(output, from: workingDirectory)
            guard real.utf8.starts(with: (root == "/" ? "/" : root + "/").utf8) else {
                throw Conflict(message: "--out \(folder) would put the result of \(source) at \(real), outside the folder, through a symbolic link in it; remove the link or choose another --out folder")
            }
            if let other = owners[PathKey(real)] {
                throw Conflict(message: "--out \(folder) would put both \(other) and \(source) at \(output); fit them with separate --out folders")
            }
            if let input = inputs[PathKey(real)] {
                let message = input.isSamePath(as: source)
                    ? "--out \(folder) would put the result of \(source) on the file itself; use --in-place to replace it, or choose another folder"
                    : "--out \(folder) would put the result of \(source) over the input \(input); choose an --out folder that holds no input"
                throw Conflict(message: message)
            }
            owners[PathKey(real)] = source
            paths[PathKey(source)] = output
        }
    }

    /// Two results at one place, or a result on an input or outside the folder: one sentence.
    package struct Conflict: Error, Sendable {
        package let message: String
    }

    /// Where `path` really is: its longest existing part with every link resolved, the rest appended
    /// as named (folders `fit` will create), so that a link anywhere on the way is seen.
    static func realLocation(_ path: String, from workingDirectory: String) -> String {
        var existing = CheckRun.absolute(path, from: workingDirectory)
        var rest: [Substring] = []
        while true {
            if let real = FileTree.realPath(existing) {
                return rest.reversed().reduce(real) { ($0 == "/" ? "" : $0) + "/" + $1 }
            }
            guard let slash = existing.lastIndex(of: "/"), existing != "/" else { return existing }
            rest.append(existing[existing.index(after: slash)...])
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
    }

    /// `path` as it sits under the folder (see ``OutTree``).
    static func mirrored(_ path: String, workingDirectory: String, locator: inout FileTree.Locator) -> String {
        // Where the name sits (its folder resolved), and what it leads to (the same unless a link). A
        // file gone since the scan (its write fails) still gets a place inside the folder.
        let location = locator.location(of: path) ?? CheckRun.absolute(path, from: workingDirectory)
        let target = FileTree.realPath(path) ?? location
        let base = workingDirectory == "/" ? "/" : workingDirectory + "/"
        func inside(_ path: String) -> String? {
            path.utf8.starts(with: base.utf8) ? String(Substring(path.utf8.dropFirst(base.utf8.count))) : nil
        }
        guard inside(target) != nil else { return String(target.drop { $0 == "/" }) }
        return inside(location) ?? inside(target)!
    }

}
