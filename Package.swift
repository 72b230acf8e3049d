// swift-tools-version:6.2
// 6.2: the code uses Swift 6.2 (SendableMetatype), so Xcode 26 or a Swift 6.2 toolchain is the oldest
// that builds it; the README says so.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

// libpng and libjpeg-turbo are linked on Linux only: on Apple platforms ImageIO decodes and encodes, and
// the C files that call them compile to nothing, so a Mac or an iOS app needs nothing installed.
let linuxCodecs: [Target.Dependency] = [
    .target(name: "CPNG", condition: .when(platforms: [.linux])),
    .target(name: "CJPEG", condition: .when(platforms: [.linux])),
]

/// The tests of `module`, in Tests/<module>Tests, with the shared test support.
func moduleTests(_ module: String, _ dependencies: [Target.Dependency]) -> Target {
    .testTarget(name: module + "Tests", dependencies: dependencies + ["LiveAssetsTestSupport"], swiftSettings: swiftSettings)
}

let package = Package(
    name: "LiveAssets",
    // iOS 16.1 is ActivityKit's first release with Live Activities. macOS 13 for the command line and
    // the plugins: APIs newer than these are behind availability checks (String(validating:as:), behind
    // String(validUTF8:)). Neither has been built on Apple's platforms yet (README, "Toolchains and
    // platforms"). A package that depends on LiveAssets declares at least these too.
    platforms: [.macOS(.v13), .iOS("16.1")],
    products: [
        // What an outside user calls, each with a documented public API (0.3.0: LiveAssetsRules and
        // LiveAssetsReports are products no more; see the CHANGELOG).
        .library(name: "LiveAssetsCore", targets: ["LiveAssetsCore"]),
        .library(name: "LiveAssets", targets: ["LiveAssets"]),
        .library(name: "LiveAssetsRun", targets: ["LiveAssetsRun"]),
        .executable(name: "liveassets", targets: ["liveassets"]),
        .plugin(name: "LiveAssetsCheckPlugin", targets: ["LiveAssetsCheckPlugin"]),
        .plugin(name: "LiveAssetsCheckCommand", targets: ["LiveAssetsCheckCommand"]),
    ],
    targets: [
        // C libraries from the system, found through pkg-config (Linux only). Providers are install hints only.
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"])]),

        // The only place that calls libpng/libjpeg functions that can longjmp. Symbols are prefixed `lac_`.
        // zlib and libm are named for a fully static link (`-static-executable`), where libpng's own
        // dependencies are not pulled in for it; a dynamic link already has both.
        .target(
            name: "CLiveAssetsCodecs", dependencies: linuxCodecs + ["CLiveAssetsSystem"],
            linkerSettings: [.linkedLibrary("z", .when(platforms: [.linux])), .linkedLibrary("m", .when(platforms: [.linux]))]),

        // The table of temporary files being written and the signal handler that removes them (plain C:
        // a signal handler cannot safely run Swift code).
        .target(name: "CLiveAssetsTemporaries"),

        // The C library (Glibc or Darwin) for every Swift module, and the calls that differ between the two:
        // the one place a platform difference in the C library is handled.
        // CLiveAssetsSystem holds the C headers Glibc's module leaves out (extended attributes).
        .target(name: "CLiveAssetsSystem"),
        .target(name: "LiveAssetsPlatform", dependencies: ["CLiveAssetsSystem"], swiftSettings: swiftSettings),

        // Which SIMD extensions the CPU has (plain C, no special code generation).
        .target(name: "CLiveAssetsCPU"),
        // The resampler's AVX2 kernels, bit-identical to the portable ones (see Resampler): plain C whose
        // functions carry their own AVX2 code generation (`__attribute__((target("avx2")))`), so no
        // compiler flag is needed; empty off x86-64. Only ever called after `lacpu_supports_avx2()` said yes.
        .target(name: "CLiveAssetsAVX2"),

        // What an app links for `Preflight`: image facts from the headers (read in Swift), the size table
        // and the limits it derives per device, the fitted-size arithmetic. No C target but the platform
        // shim and the system's zlib (a module map, nothing compiled). presentation-sizes.json (a symlink
        // to the repository root's) is compiled in: no resource bundle.
        .target(
            name: "LiveAssetsCore", dependencies: ["LiveAssetsPlatform", "CZlib"],
            resources: [.embedInCode("SizeTable/presentation-sizes.json")],
            swiftSettings: swiftSettings),
        // zlib from the system (every platform ships it), for iCCP profiles.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),

        // The check: assets and catalogs, configuration, rules and findings, fit's plans. Reads no image file
        // (LiveAssets scans them and hands it their facts).
        .target(name: "LiveAssetsRules", dependencies: ["LiveAssetsCore"], swiftSettings: swiftSettings),

        // Which presentation shows each image, read from the widget's Swift code.
        .target(name: "LiveAssetsSourceReader", dependencies: ["LiveAssetsCore"], swiftSettings: swiftSettings),

        // What a project builds and bundles, read from its files without running anything: Xcode's
        // project.pbxproj and workspaces, a Package.swift read statically.
        .target(name: "LiveAssetsProject", dependencies: ["LiveAssetsCore", "LiveAssetsSourceReader"], swiftSettings: swiftSettings),

        // Codecs, pixels, the resampler and its SIMD kernels, fitting an image's pixels (`fit(_:for:)`),
        // and writing a file safely. Re-exports LiveAssetsCore and LiveAssetsRules.
        .target(
            name: "LiveAssets",
            dependencies: ["LiveAssetsCore", "LiveAssetsRules", "LiveAssetsPlatform",
                           "CLiveAssetsCodecs", "CZlib", "CLiveAssetsTemporaries", "CLiveAssetsCPU", "CLiveAssetsAVX2"],
            swiftSettings: swiftSettings),

        // Running a check or a fit over a tree: the scan of files, folders and catalogs, the project's
        // scope and the widget's code, configurations, the check's result and fit's plan and writes
        // (`check(_:)`; the command line runs the rest). Re-exports LiveAssets.
        .target(
            name: "LiveAssetsRun",
            dependencies: ["LiveAssets", "LiveAssetsRules", "LiveAssetsSourceReader", "LiveAssetsProject", "LiveAssetsPlatform"],
            swiftSettings: swiftSettings),

        // The report formats (text aside): JSON, SARIF, JUnit, GitHub, HTML with its pictures. Only the
        // command line (and through it the plugins) needs them.
        // The page's script and style are files of their own, compiled in (no resource bundle).
        .target(
            name: "LiveAssetsReports", dependencies: ["LiveAssetsRun"],
            resources: [.embedInCode("HTML/Page/report.js"), .embedInCode("HTML/Page/report.css")],
            swiftSettings: swiftSettings),

        // The command tree as a library, so the executable is a two-line main.swift.
        .target(name: "LiveAssetsCLI", dependencies: ["LiveAssetsRun", "LiveAssetsReports", "LiveAssetsPlatform"], swiftSettings: swiftSettings),
        .executableTarget(name: "liveassets", dependencies: ["LiveAssetsCLI", "LiveAssetsPlatform"], swiftSettings: swiftSettings),

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
            name: "CProbeBaseline", dependencies: linuxCodecs,
            path: "Benchmarks/CProbeBaseline"),
        .executableTarget(
            name: "liveassets-bench", dependencies: ["LiveAssetsRun", "LiveAssetsReports", "LiveAssetsProject", "CProbeBaseline"],
            path: "Benchmarks/liveassets-bench", swiftSettings: swiftSettings),

        // libFuzzer targets for the Swift side (Fuzz/run-swift.sh); built normally, it replays inputs.
        .executableTarget(
            name: "liveassets-fuzz", dependencies: ["LiveAssets"], path: "Fuzz/liveassets-fuzz",
            swiftSettings: swiftSettings),

        // Hand-built image bytes, temporary folders and the corpus locator, shared by the test targets.
        .target(
            name: "LiveAssetsTestSupport", dependencies: ["LiveAssets", "LiveAssetsPlatform"], path: "Tests/LiveAssetsTestSupport",
            swiftSettings: swiftSettings),
        // A test target per module, named after it.
        moduleTests("LiveAssetsCore", ["LiveAssets", "LiveAssetsPlatform"]),
        moduleTests("LiveAssetsRules", ["LiveAssetsRun", "LiveAssetsReports"]),
        moduleTests("LiveAssetsSourceReader", ["LiveAssetsSourceReader", "LiveAssetsRun"]),
        moduleTests("LiveAssets", ["LiveAssets", "LiveAssetsPlatform"]),
        moduleTests("LiveAssetsRun", ["LiveAssetsRun", "LiveAssetsPlatform"]),
        moduleTests("LiveAssetsReports", ["LiveAssetsReports", "LiveAssetsRun"]),
        moduleTests("LiveAssetsProject", ["LiveAssetsProject", "LiveAssetsRun"]),
        // Runs the built `liveassets` binary (swift test builds every executable first), and parses
        // command lines in process through LiveAssetsCLI.
        .testTarget(
            name: "LiveAssetsCLITests", dependencies: ["LiveAssetsRun", "LiveAssetsReports", "LiveAssetsCLI", "LiveAssetsPlatform", "LiveAssetsTestSupport"],
            exclude: ["Golden"], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
