// swift-tools-version:6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "LiveAssets",
    products: [
        .library(name: "LiveAssets", targets: ["LiveAssets"]),
        .library(name: "LiveAssetsCore", targets: ["LiveAssetsCore"]),
        .executable(name: "liveassets", targets: ["liveassets"]),
        .plugin(name: "LiveAssetsCheckPlugin", targets: ["LiveAssetsCheckPlugin"]),
        .plugin(name: "LiveAssetsCheckCommand", targets: ["LiveAssetsCheckCommand"]),
    ],
    targets: [
        // C libraries from the system, found through pkg-config. Providers are install hints only.
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),

        // The only place that calls libpng/libjpeg functions that can longjmp. Symbols are prefixed `lac_`.
        .target(name: "CLiveAssetsCodecs", dependencies: ["CPNG", "CJPEG"]),

        // Image facts, the EXIF reader and (later) the size table and check rules. Pure Swift, no codecs:
        // it must build on its own for an app that hands the image facts in.
        // presentation-sizes.json (a symlink to the repository root's) is compiled in: no resource bundle.
        .target(
            name: "LiveAssetsCore", resources: [.embedInCode("SizeTable/presentation-sizes.json")],
            swiftSettings: swiftSettings),

        // Probe, decode, resample, encode: the codec-backed library. Re-exports LiveAssetsCore.
        .target(
            name: "LiveAssets", dependencies: ["LiveAssetsCore", "CLiveAssetsCodecs"],
            swiftSettings: swiftSettings),

        // The command tree as a library, so the executable is a two-line main.swift.
        .target(name: "LiveAssetsCLI", dependencies: ["LiveAssets"], swiftSettings: swiftSettings),
        .executableTarget(name: "liveassets", dependencies: ["LiveAssetsCLI"], swiftSettings: swiftSettings),

        // `swift build` runs `liveassets check` over a target's images and catalogs; errors fail the build.
        .plugin(name: "LiveAssetsCheckPlugin", capability: .buildTool(), dependencies: ["liveassets"]),
        // `swift package liveassets-check [options] [paths]`.
        .plugin(
            name: "LiveAssetsCheckCommand",
            capability: .command(
                intent: .custom(verb: "liveassets-check", description: "Check Live Activity images with liveassets")),
            dependencies: ["liveassets"]),

        // Benchmarks: release-build executables, never run by `swift test`.
        .target(
            name: "CProbeBaseline", dependencies: ["CPNG", "CJPEG"],
            path: "Benchmarks/CProbeBaseline"),
        .executableTarget(
            name: "liveassets-bench", dependencies: ["LiveAssets", "CProbeBaseline"],
            path: "Benchmarks/liveassets-bench", swiftSettings: swiftSettings),

        // Hand-built image bytes, temporary folders and the corpus locator, shared by the test targets.
        .target(
            name: "LiveAssetsTestSupport", dependencies: ["LiveAssetsCore"], path: "Tests/LiveAssetsTestSupport",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "LiveAssetsCoreTests", dependencies: ["LiveAssetsCore", "LiveAssetsTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "LiveAssetsTests", dependencies: ["LiveAssets", "LiveAssetsTestSupport"],
            swiftSettings: swiftSettings),
        // Runs the built `liveassets` binary (swift test builds every executable first).
        .testTarget(
            name: "LiveAssetsCLITests", dependencies: ["LiveAssets", "LiveAssetsTestSupport"],
            exclude: ["Golden"], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
