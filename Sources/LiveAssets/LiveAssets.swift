// The LiveAssets library: the codec-backed stages (probe, decode, resample, encode, fit) and the scan of
// files and catalogs, on top of LiveAssetsCore, LiveAssetsRules and LiveAssetsSourceReader, which it
// re-exports so that `import LiveAssets` is all a client needs.
@_exported import LiveAssetsCore
@_exported import LiveAssetsRules
@_exported import LiveAssetsSourceReader
