import LiveAssetsCore
import LiveAssets

/// The namespaces of a catalog's folders: an image set in a folder whose Contents.json says
/// `"properties": {"provides-namespace": true}` is named with that folder's name before its own
/// (`Teams/logo`), as `Image("Teams/logo")` loads it; folders nest. Each folder's Contents.json is read
/// once a run.
struct CatalogNamespaces {
    private var provides: [PathKey: Bool] = [:]

    /// "Teams/" for `Catalog.xcassets/Teams/logo.imageset` where `Teams` provides a namespace; "" outside
    /// a catalog, or where no folder between the catalog and the image set does.
    mutating func prefix(of imageSet: String, in catalog: String?) -> String {
        guard let catalog, imageSet.utf8.count > catalog.utf8.count + 1, imageSet.utf8.starts(with: (catalog + "/").utf8) else { return "" }
        let inside = imageSet[imageSet.utf8.index(imageSet.startIndex, offsetBy: catalog.utf8.count + 1)...].split(separator: "/").dropLast()
        var prefix = "", folder = catalog
        for part in inside {
            folder += "/" + part
            if providesNamespace(folder) { prefix += part + "/" }
        }
        return prefix
    }

    private mutating func providesNamespace(_ folder: String) -> Bool {
        if let known = provides[PathKey(folder)] { return known }
        var answer = false
        if let bytes = FileBytes.read(folder + "/Contents.json"), let node = try? JSONParser.parse(bytes),
           case .bool(true)? = node["properties"]?["provides-namespace"]?.value {
            answer = true
        }
        provides[PathKey(folder)] = answer
        return answer
    }
}
