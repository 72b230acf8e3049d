import Foundation

/// Writes a `project.pbxproj` as Xcode lays one out, from a few calls: groups and files (each path
/// relative to its group, as Xcode keeps them), synchronized folders with their exception sets, native
/// targets with their Sources, Resources and Frameworks phases, local and remote packages, and build
/// settings. For hand-made project fixtures; ids are numbered, comments as Xcode writes them.
package struct XcodeProjectFixture {
    package enum ProductType: String {
        case application = "com.apple.product-type.application"
        case appExtension = "com.apple.product-type.app-extension"
        case framework = "com.apple.product-type.framework"
        case unitTests = "com.apple.product-type.bundle.unit-test"
    }

    private var objects: [(id: String, isa: String, body: [(String, String)])] = []
    private var counter = 0
    private var mainChildren: [String] = []
    private var groupChildren: [String: [String]] = [:]
    private var targets: [String] = []
    private var packageReferences: [String] = []
    package private(set) var mainGroup = ""

    package init() {
        mainGroup = nextID()
    }

    private mutating func nextID() -> String {
        counter += 1
        return String(format: "A1B2C3D4E5F6%012X", counter)
    }

    private mutating func add(_ isa: String, _ body: [(String, String)]) -> String {
        let id = nextID()
        objects.append((id, isa, body))
        return id
    }

    /// A quoted property list string.
    package static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private mutating func child(_ id: String, of parent: String?) {
        if let parent, parent != mainGroup { groupChildren[parent, default: []].append(id) } else { mainChildren.append(id) }
    }

    /// A group with a folder `path` (nil: a group only in name), below `parent` (the main group when nil).
    package mutating func group(_ path: String?, name: String? = nil, in parent: String? = nil) -> String {
        var body: [(String, String)] = [("children", "")]
        if let path { body.append(("path", Self.quoted(path))) }
        if let name { body.append(("name", Self.quoted(name))) }
        body.append(("sourceTree", "\"<group>\""))
        let id = add("PBXGroup", body)
        child(id, of: parent)
        return id
    }

    /// A file reference, `path` relative to its group (or as `sourceTree` says).
    package mutating func file(_ path: String, in parent: String? = nil, sourceTree: String = "<group>") -> String {
        let id = add("PBXFileReference", [("path", Self.quoted(path)), ("sourceTree", Self.quoted(sourceTree))])
        child(id, of: parent)
        return id
    }

    /// A synchronized folder (Xcode 16): every file below it belongs to the targets that list it.
    package mutating func synchronizedFolder(_ path: String, in parent: String? = nil) -> String {
        let id = add("PBXFileSystemSynchronizedRootGroup", [("exceptions", ""), ("path", Self.quoted(path)), ("sourceTree", "\"<group>\"")])
        child(id, of: parent)
        return id
    }

    /// An exception set of `folder` for `target`: those files leave it where `target` lists the folder,
    /// and join it where it does not.
    package mutating func exception(in folder: String, target: String, files: [String]) {
        let id = add("PBXFileSystemSynchronizedBuildFileExceptionSet", [
            ("membershipExceptions", "(" + files.map { "\n\t\t\t\t" + Self.quoted($0) + "," }.joined() + "\n\t\t\t)"),
            ("target", target),
        ])
        if let index = objects.firstIndex(where: { $0.id == folder }) {
            var body = objects[index].body
            let at = body.firstIndex { $0.0 == "exceptions" }!
            body[at].1 += id + ","
            objects[index].body = body
        }
    }

    /// A local package reference, `path` relative to the project's folder.
    package mutating func localPackage(_ path: String) -> String {
        let id = add("XCLocalSwiftPackageReference", [("relativePath", Self.quoted(path))])
        packageReferences.append(id)
        return id
    }

    /// A remote package reference.
    package mutating func remotePackage(_ url: String) -> String {
        let id = add("XCRemoteSwiftPackageReference", [("repositoryURL", Self.quoted(url)), ("requirement", "{\n\t\t\t\tkind = upToNextMajorVersion;\n\t\t\t\tminimumVersion = 1.0.0;\n\t\t\t}")])
        packageReferences.append(id)
        return id
    }

    /// A native target, with the file references of its phases, the synchronized folders it lists, the
    /// package products it links (`(package reference, product)`), other targets it links by their
    /// product, and build settings. Returns its id; its product's file reference is `product(of:)`.
    @discardableResult
    package mutating func target(_ name: String, type: ProductType, sources: [String] = [], resources: [String] = [],
                                 folders: [String] = [], products: [(package: String, name: String)] = [],
                                 frameworks: [String] = [], settings: [String: String] = [:]) -> String {
        func entries(_ references: [String], key: String = "fileRef") -> String {
            references.map { reference in "\n\t\t\t\t" + add("PBXBuildFile", [(key, reference)]) + "," }.joined()
        }
        func buildFiles(_ references: [String]) -> String { "(" + entries(references) + "\n\t\t\t)" }
        let productDependencies = products.map { product in
            add("XCSwiftPackageProductDependency", [("package", product.package), ("productName", Self.quoted(product.name))])
        }
        let sourcesPhase = add("PBXSourcesBuildPhase", [("buildActionMask", "2147483647"), ("files", buildFiles(sources)), ("runOnlyForDeploymentPostprocessing", "0")])
        let resourcesPhase = add("PBXResourcesBuildPhase", [("buildActionMask", "2147483647"), ("files", buildFiles(resources)), ("runOnlyForDeploymentPostprocessing", "0")])
        let linked = entries(productDependencies, key: "productRef") + entries(frameworks)
        let frameworksPhase = add("PBXFrameworksBuildPhase", [("buildActionMask", "2147483647"), ("files", "(" + linked + "\n\t\t\t)"),
                                                             ("runOnlyForDeploymentPostprocessing", "0")])
        let settingsText = "{\n" + settings.sorted { $0.key < $1.key }.map { "\t\t\t\t\($0.key) = \($0.value);\n" }.joined() + "\t\t\t}"
        let debug = add("XCBuildConfiguration", [("buildSettings", settingsText), ("name", "Debug")])
        let list = add("XCConfigurationList", [("buildConfigurations", "(\n\t\t\t\t\(debug),\n\t\t\t)"), ("defaultConfigurationName", "Debug")])
        let product = add("PBXFileReference", [("explicitFileType", type == .application ? "wrapper.application" : type == .framework ? "wrapper.framework" : "\"wrapper.app-extension\""),
                                               ("path", Self.quoted(name + (type == .application ? ".app" : type == .framework ? ".framework" : ".appex"))),
                                               ("sourceTree", "BUILT_PRODUCTS_DIR")])
        let id = add("PBXNativeTarget", [
            ("buildConfigurationList", list),
            ("buildPhases", "(\n\t\t\t\t\(sourcesPhase),\n\t\t\t\t\(frameworksPhase),\n\t\t\t\t\(resourcesPhase),\n\t\t\t)"),
            ("dependencies", "(\n\t\t\t)"),
            ("fileSystemSynchronizedGroups", "(" + folders.map { "\n\t\t\t\t" + $0 + "," }.joined() + "\n\t\t\t)"),
            ("name", Self.quoted(name)),
            ("packageProductDependencies", "(" + productDependencies.map { "\n\t\t\t\t" + $0 + "," }.joined() + "\n\t\t\t)"),
            ("productName", Self.quoted(name)),
            ("productReference", product),
            ("productType", Self.quoted(type.rawValue)),
        ])
        targets.append(id)
        return id
    }

    /// The file reference of `target`'s product (to link a framework target).
    package func product(of target: String) -> String {
        let body = objects.first { $0.id == target }!.body
        return body.first { $0.0 == "productReference" }!.1
    }

    /// The whole file.
    package func text() -> String {
        var lines = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};", "\tobjectVersion = 77;", "\tobjects = {", ""]
        var all = objects
        let children = "(" + mainChildren.map { "\n\t\t\t\t" + $0 + "," }.joined() + "\n\t\t\t)"
        all.append((mainGroup, "PBXGroup", [("children", children), ("sourceTree", "\"<group>\"")]))
        let project = "A1B2C3D4E5F6FFFFFFFFFFFF"
        all.append((project, "PBXProject", [
            ("mainGroup", mainGroup),
            ("packageReferences", "(" + packageReferences.map { "\n\t\t\t\t" + $0 + "," }.joined() + "\n\t\t\t)"),
            ("projectDirPath", "\"\""), ("projectRoot", "\"\""),
            ("targets", "(" + targets.map { "\n\t\t\t\t" + $0 + "," }.joined() + "\n\t\t\t)"),
        ]))
        for isa in Set(all.map(\.isa)).sorted() {
            lines.append("/* Begin \(isa) section */")
            for object in all where object.isa == isa {
                var body = object.body
                if let at = body.firstIndex(where: { $0.0 == "children" }), object.id != mainGroup {
                    body[at].1 = "(" + (groupChildren[object.id] ?? []).map { "\n\t\t\t\t" + $0 + "," }.joined() + "\n\t\t\t)"
                }
                if let at = body.firstIndex(where: { $0.0 == "exceptions" }) {
                    body[at].1 = "(" + body[at].1.split(separator: ",").map { "\n\t\t\t\t" + $0 + "," }.joined() + "\n\t\t\t)"
                }
                lines.append("\t\t\(object.id) = {")
                lines.append("\t\t\tisa = \(isa);")
                for (key, value) in body.sorted(by: { $0.0 < $1.0 }) { lines.append("\t\t\t\(key) = \(value);") }
                lines.append("\t\t};")
            }
            lines.append("/* End \(isa) section */")
            lines.append("")
        }
        lines += ["\t};", "\trootObject = \(project) /* Project object */;", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// Writes `Name.xcodeproj/project.pbxproj` in `folder`.
    package func write(named name: String, in folder: URL) throws {
        let bundle = folder.appendingPathComponent(name + ".xcodeproj")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data(text().utf8).write(to: bundle.appendingPathComponent("project.pbxproj"))
    }
}
