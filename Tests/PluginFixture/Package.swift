// swift-tools-version:6.0
// A package that uses LiveAssets' build plugin, for Tests/PluginFixture/run.sh: its Widgets target holds
// a catalog whose TeamLogo is too large for the compact presentation its configuration names.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    dependencies: [.package(name: "LiveAssets", path: "../..")],
    targets: [
        .target(
            name: "Widgets",
            resources: [.copy("Media.xcassets")],
            plugins: [.plugin(name: "LiveAssetsCheckPlugin", package: "LiveAssets")])
    ]
)
