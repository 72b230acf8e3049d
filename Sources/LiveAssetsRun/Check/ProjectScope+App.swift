import LiveAssetsProject
import LiveAssets

/// The targets besides the Live Activity's that can show its images: the app (and its other extensions
/// and the frameworks only they link), where an image the Live Activity shares with them is drawn at
/// the app's own sizes, so that `fit` leaves it unless asked.
extension ProjectScope {
    /// A target that is not Live Activity code (nor a test), and every target it links: what it can show.
    struct AppTarget: Sendable {
        let index: Int
        let members: [Int]
    }

    /// Finds the app targets: every target the Live Activity does not load (tests, aggregates and tools
    /// apart), with the libraries it links (an app's dependency on the extension it embeds is not one:
    /// the extension's images are not the app's).
    mutating func findAppTargets() {
        var outside: [String] = []
        appTargets = targets.indices.filter { !loads[$0] && targets[$0].kind != .test && targets[$0].kind != .other }
            .map { AppTarget(index: $0, members: closure(of: $0, outside: &outside, follows: { $0.kind == .library })) }
    }

    /// The app targets that bundle the image whose files (and image set folder) are `paths`, or link a
    /// target that does, by index, in project order; empty for an image only the Live Activity can show.
    package func appTargets(of paths: [String]) -> [Int] {
        guard !appTargets.isEmpty else { return [] }
        var bundlers = Set<Int>()
        for path in paths { bundlers.formUnion(self.bundlers(of: path)) }
        return appTargets.filter { target in target.members.contains(where: bundlers.contains) }.map(\.index)
    }

    /// The code of app targets, by language.
    package struct AppCode: Sendable {
        /// The targets' names, in project order.
        package var targets: [String]
        /// Their Swift files and those of the libraries they link, in path order.
        package var swift: [String]
        /// Their Objective-C files: not read.
        package var other: [String]
        /// Those of ``swift`` the Live Activity compiles too (a file both targets list, a library both
        /// link): what they name outside the Live Activity's views is the app's.
        package var shared: Set<PathKey> = []
        /// Their storyboards and XIBs, which name images by `image="logo"`.
        package var interfaces: [String] = []
        /// The target each file is compiled by (the first app target that links it, in project order).
        package var owners: [PathKey: String] = [:]

        /// The targets that compile `file`: the one that does, else all of them.
        package func targets(compiling file: String) -> [String] {
            owners[PathKey(file)].map { [$0] } ?? targets
        }
    }

    /// The code of the app targets `indices` (from ``appTargets(of:)``).
    package func appCode(of indices: [Int]) -> AppCode {
        var code = AppCode(targets: indices.map { targets[$0].name }, swift: [], other: [])
        var seen = Set<Int>()
        for target in appTargets where indices.contains(target.index) {
            for member in target.members where seen.insert(member).inserted {
                let files = ProjectScope.code(of: targets[member])
                code.swift += files.swift
                code.other += files.other
                code.interfaces += files.interfaces
                for file in files.swift + files.other + files.interfaces where code.owners[PathKey(file)] == nil {
                    code.owners[PathKey(file)] = targets[target.index].name
                }
            }
        }
        // A file the Live Activity compiles too names images in its views (at the Live Activity's sizes)
        // and perhaps in others (the app's): the reading tells them apart by the views it followed.
        let liveActivityCode = Set(swiftFiles.map(PathKey.init))
        code.shared = Set(code.swift.map(PathKey.init).filter(liveActivityCode.contains))
        code.interfaces.sort { PathKey($0) < PathKey($1) }
        code.interfaces.removeAdjacentDuplicates(by: { $0.isSamePath(as: $1) })
        code.swift.sort { PathKey($0) < PathKey($1) }
        code.swift.removeAdjacentDuplicates(by: { $0.isSamePath(as: $1) })
        code.other.sort { PathKey($0) < PathKey($1) }
        return code
    }
}
