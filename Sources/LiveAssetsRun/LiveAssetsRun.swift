// LiveAssetsRun: a check or a fit over a tree of files, folders and catalogs, with the project's scope
// and the widget's code. Re-exports LiveAssets, so that `import LiveAssetsRun` is all a client of
// `check(_:)` needs.
@_exported import LiveAssets
@_exported import LiveAssetsSourceReader
