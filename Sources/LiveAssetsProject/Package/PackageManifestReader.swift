import LiveAssetsCore
import LiveAssetsSourceReader

/// Reads a `Package.swift` without running it (it is code from the repository, which Xcode's script
/// sandbox would not run either): the `.target(...)`, `.executableTarget(...)`, `.testTarget(...)` and
/// `.binaryTarget(...)` calls and the `.library(name:targets:)` products written literally, with their
/// `path:` (default `Sources/<name>`, or `Source`, `src`, `srcs`; `Tests/<name>` for tests), `exclude:`,
/// `sources:`, `resources:` and `dependencies:`. A target's folder is its (every Swift file in it is
/// compiled); its catalogs are resources even when undeclared, as SwiftPM treats them. Where the
/// manifest computes a list or a name it reads only literally, the project says it is not complete.
package enum PackageManifestReader {
    /// The package whose manifest is `manifest`.
    package static func read(_ manifest: String) throws(ProjectError) -> Project {
        let bytes: [UInt8]
        switch ProjectLimits.bytes(of: manifest, limit: ProjectLimits.manifest) {
        case .success(let read): bytes = read
        case .failure(let error): throw error
        }
        let folder = manifest.lastIndex(of: "/").map { String(manifest[..<$0]) } ?? "."
        let root = XcodeProjectReader.join(folder.isEmpty ? "/" : folder, "")
        var reader = Reader(tokens: SwiftLexer.tokens(of: bytes), manifest: manifest, root: root)
        return reader.package()
    }

    struct Reader {
        let tokens: [SwiftToken]
        let manifest: String
        let root: String
        var notes: [String] = []
        var isComplete = true

        /// Declarations that name targets: what makes a target and what role it has.
        static let targetCalls: [String: ProjectTarget.Kind] = [
            "target": .library, "executableTarget": .library, "testTarget": .test, "binaryTarget": .other,
            "macro": .other, "plugin": .other, "systemLibrary": .other,
        ]

        mutating func package() -> Project {
            var targets: [ProjectTarget] = []
            var products: [String: [String]] = [:]  // product -> its targets
            var packages: [String: ProjectTarget.Link] = [:]  // a dependency's identity -> where it is
            var index = 0
            while index < tokens.count {
                defer { index += 1 }
                // `.name(` where name declares a target or a product.
                guard tokens[index].isSymbol("."), index + 2 < tokens.count, tokens[index + 2].isSymbol("("),
                      tokens[index + 1].kind == .identifier else { continue }
                let call = tokens[index + 1].text
                if let kind = Self.targetCalls[call] {
                    let arguments = self.arguments(from: index + 2)
                    if let target = target(arguments, kind: kind, line: tokens[index + 1].line) { targets.append(target) }
                } else if call == "library" || call == "executable" {
                    let arguments = self.arguments(from: index + 2)
                    if let name = arguments["name"].flatMap(literal) {
                        products[name] = arguments["targets"].flatMap(literals) ?? []
                    }
                } else if call == "package" {
                    // A dependency: `.package(path: "../Shared")` is read; `.package(url: ...)` is not.
                    let arguments = self.arguments(from: index + 2)
                    if let path = arguments["path"].flatMap(literal) {
                        let folder = XcodeProjectReader.join(root, path)
                        let identity = (arguments["name"].flatMap(literal) ?? String(folder.split(separator: "/").last ?? "")).lowercased()
                        packages[identity] = .product(package: folder, name: "")
                    } else if let url = arguments["url"].flatMap(literal) {
                        let last = url.split(separator: "/").last.map(String.init) ?? url
                        let identity = (last.hasSuffix(".git") ? String(last.dropLast(4)) : last).lowercased()
                        packages[identity] = .outside(url)
                    }
                }
            }
            // Lists built in code (`targets: allTargets`, `package.targets += ...`) hide targets.
            for (position, token) in tokens.enumerated() where token.isName("targets") && position + 1 < tokens.count {
                let next = tokens[position + 1]
                if next.isSymbol(":"), position + 2 < tokens.count, !tokens[position + 2].isSymbol("[") { incomplete("its targets", line: token.line) }
                if next.isSymbol("+=") || (next.isSymbol(".") && position + 2 < tokens.count && tokens[position + 2].isName("append")) {
                    incomplete("its targets", line: token.line)
                }
            }
            // A product of a dependency: in its local folder, or from outside.
            for index in targets.indices {
                targets[index].links = targets[index].links.map { link in
                    guard case .product(let identity?, let name) = link else { return link }
                    switch packages[identity.lowercased()] {
                    case .product(let folder, _)?: return .product(package: folder, name: name)
                    case .outside(let url)?: return .outside("\(name) (\(url))")
                    default: return .outside(name)
                    }
                }
            }
            var project = Project(file: manifest, root: root, targets: targets)
            project.localPackages = packages.values.compactMap { if case .product(let folder?, _) = $0 { folder } else { nil } }.sorted()
            project.notes = notes
            project.isComplete = isComplete
            project.products = products
            return project
        }

        mutating func incomplete(_ what: String, line: Int) {
            isComplete = false
            let note = "\(manifest) computes \(what) (line \(line)), which LiveAssets reads only when written literally"
            if !notes.contains(note) { notes.append(note) }
        }

        /// The labeled arguments of the call whose `(` is at `open`: label -> its tokens (top level only).
        func arguments(from open: Int) -> [String: ArraySlice<SwiftToken>] {
            var found: [String: ArraySlice<SwiftToken>] = [:]
            var depth = 0, index = open + 1, start = index
            var label: String?
            func close(_ end: Int) { if let label { found[label] = tokens[start..<end] } }
            while index < tokens.count {
                let token = tokens[index]
                if token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{") { depth += 1 }
                if token.isSymbol(")") || token.isSymbol("]") || token.isSymbol("}") {
                    if depth == 0 { close(index); break }
                    depth -= 1
                }
                if depth == 0 {
                    if token.isSymbol(",") { close(index); label = nil; start = index + 1 }
                    else if token.kind == .identifier, index + 1 < tokens.count, tokens[index + 1].isSymbol(":"), index == start {
                        label = token.text
                        start = index + 2
                        index += 1
                    }
                }
                index += 1
            }
            return found
        }

        /// A string literal's text, when the tokens are one plain literal.
        func literal(_ tokens: ArraySlice<SwiftToken>) -> String? {
            guard tokens.count == 1, case .string(let literal) = tokens.first!.kind else { return nil }
            return literal.value
        }

        /// The texts of `["a", "b"]`; nil when an element is not a plain literal.
        func literals(_ tokens: ArraySlice<SwiftToken>) -> [String]? {
            guard tokens.first?.isSymbol("[") == true, tokens.last?.isSymbol("]") == true else { return nil }
            var values: [String] = []
            for token in tokens.dropFirst().dropLast() where !token.isSymbol(",") {
                guard case .string(let literal) = token.kind, let value = literal.value else { return nil }
                values.append(value)
            }
            return values
        }

        mutating func target(_ arguments: [String: ArraySlice<SwiftToken>], kind: ProjectTarget.Kind, line: Int) -> ProjectTarget? {
            guard let name = arguments["name"].flatMap(literal) else {
                incomplete("a target's name", line: line)
                return nil
            }
            var target = ProjectTarget(name: name, kind: kind, declaredIn: manifest)
            guard kind != .other else { return target }
            let folder: String
            if let path = arguments["path"] {
                guard let text = literal(path) else {
                    incomplete("the path of \(name)", line: line)
                    return target
                }
                folder = XcodeProjectReader.join(root, text)
            } else {
                let bases = kind == .test ? ["Tests"] : ["Sources", "Source", "src", "srcs"]
                folder = bases.map { XcodeProjectReader.join(root, $0 + "/" + name) }.first(where: FileBytes.isDirectory)
                    ?? XcodeProjectReader.join(root, bases[0] + "/" + name)
            }
            var excluded = Set<String>()
            if let exclude = arguments["exclude"] {
                if let list = literals(exclude) { excluded = Set(list) } else { incomplete("what \(name) excludes", line: line) }
            }
            if let sources = arguments["sources"] {
                if let list = literals(sources) {
                    target.sources = list.map { XcodeProjectReader.join(folder, $0) }
                } else {
                    incomplete("the sources of \(name)", line: line)
                }
            }
            // The folder: every Swift file compiled (unless `sources:` lists them), every catalog bundled.
            target.folders = [ProjectTarget.Folder(path: folder, excluded: excluded)]
            if let resources = arguments["resources"] {
                // `.process("Images")`, `.copy("x.png")`: the string literals of the list.
                var any = false
                for token in resources { if case .string(let literal) = token.kind, let value = literal.value {
                    target.resources.append(XcodeProjectReader.join(folder, value))
                    any = true
                } }
                if !any && resources.count > 2 { incomplete("the resources of \(name)", line: line) }
            }
            if let dependencies = arguments["dependencies"] {
                target.links = links(dependencies)
            }
            return target
        }

        /// `["A", .target(name: "B"), .product(name: "C", package: "d"), .byName(name: "E")]`.
        func links(_ tokens: ArraySlice<SwiftToken>) -> [ProjectTarget.Link] {
            var links: [ProjectTarget.Link] = []
            var index = tokens.startIndex
            while index < tokens.endIndex {
                let token = tokens[index]
                if case .string(let literal) = token.kind, let value = literal.value,
                   index > tokens.startIndex, tokens[index - 1].isSymbol("[") || tokens[index - 1].isSymbol(",") {
                    links.append(.target(value))
                } else if token.isSymbol("."), index + 2 < tokens.endIndex, tokens[index + 2].isSymbol("(") {
                    let call = tokens[index + 1].text
                    let arguments = self.arguments(from: index + 2)
                    let name = arguments["name"].flatMap(literal)
                    switch call {
                    case "target", "byName": if let name { links.append(.target(name)) }
                    case "product":
                        if let name { links.append(.product(package: arguments["package"].flatMap(literal), name: name)) }
                    default: break
                    }
                }
                index += 1
            }
            return links
        }
    }
}
