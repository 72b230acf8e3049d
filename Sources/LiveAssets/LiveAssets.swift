// The LiveAssets library: the codec-backed stages (probe, decode, resample, encode) and fitting an
// image's pixels, on top of LiveAssetsCore and LiveAssetsRules, which it re-exports so that
// `import LiveAssets` is all a client needs.
@_exported import LiveAssetsCore
@_exported import LiveAssetsRules
