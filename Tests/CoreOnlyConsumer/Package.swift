// swift-tools-version:6.0
// An app-like package that depends on LiveAssetsCore alone (run by Tests/CoreOnlyConsumer/run.sh).
import PackageDescription

let package = Package(
    name: "CoreOnlyConsumer",
    platforms: [.macOS(.v13), .iOS("16.1")],  // at least LiveAssets' own
    dependencies: [.package(name: "LiveAssets", path: "../..")],
    targets: [
        .executableTarget(name: "preflight", dependencies: [.product(name: "LiveAssetsCore", package: "LiveAssets")]),
    ]
)
