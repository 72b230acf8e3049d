import LiveAssets
/// Where `fit` writes its results: under a folder that mirrors the inputs, over the files themselves
/// (with `.orig` backups if asked), or nowhere (a dry run).
package enum FitDestination: Sendable {
    case out(OutTree)
    case inPlace(backup: Bool)
    case dryRun

    /// Whether nothing is written.
    package var isDryRun: Bool {
        if case .dryRun = self { return true }
        return false
    }
}
