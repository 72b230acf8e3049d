// swift-tools-version:6.0
// A package that uses LiveAssets as an app's package would, for Tests/PluginFixture/run.sh: by version
// (`from: "0.3.0"`) from the repository named by LIVEASSETS_PACKAGE_URL, which run.sh makes from the
// working tree and tags; by path without it. Its Widgets target holds a catalog whose TeamLogo is too
// large for the compact presentation its configuration names; fixture-probe calls the library.
import PackageDescription

let liveAssets: Package.Dependency =
    if let url = Context.environment["LIVEASSETS_PACKAGE_URL"] {
        .package(url: url, from: "0.3.0")
    } else {
        .package(name: "LiveAssets", path: "../..")
    }

let package = Package(
    name: "PluginFixture",
    platforms: [.macOS(.v13), .iOS("16.1")],  // at least LiveAssets' own
    dependencies: [liveAssets],
    targets: [
        .target(
            name: "Widgets",
            resources: [.copy("Media.xcassets")],
            plugins: [.plugin(name: "LiveAssetsCheckPlugin", package: "LiveAssets")]),
        .executableTarget(name: "fixture-probe", dependencies: [.product(name: "LiveAssetsRun", package: "LiveAssets")]),
    ]
)
