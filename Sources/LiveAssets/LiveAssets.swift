// The LiveAssets library: the codec-backed stages (probe, decode, resample, encode, fit) on top
// of LiveAssetsCore, which it re-exports so that `import LiveAssets` is all a client needs.
@_exported import LiveAssetsCore
