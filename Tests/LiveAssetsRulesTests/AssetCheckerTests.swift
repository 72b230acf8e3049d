import LiveAssetsRun
import LiveAssetsReports
import Testing

@Suite struct AssetCheckerTests {
    let table = SizeTable.bundled

    func image(_ width: Int, _ height: Int, orientation: ExifOrientation = .up, format: ImageFormat = .png)
        -> AssetVariant.Content
    {
        .image(ImageInfo(format: format, width: width, height: height, orientation: orientation,
                         colorModel: format == .png ? .rgba : .ycbcr, hasAlphaChannel: format == .png, fileSize: 100))
    }

    func asset(_ variants: [AssetVariant]) -> Asset { Asset(name: "Logo", variants: variants) }

    func oversized(_ asset: Asset, _ presentations: [Presentation]?, on devices: [String]) throws -> [Finding] {
        let chosen = try devices.map { id in try #require(table.device(id: id)) }
        return AssetChecker.findings(for: asset, presentations: presentations, devices: chosen)
            .filter { $0.rule == .oversized }
    }

    @Test func aFileAnImageSetListsTwiceIsOneFinding() throws {
        // Logo.png fills both the 2x and the 3x slot: one image, so one finding per presentation, about the
        // variant the last device chose, listing every device it is too large for.
        let twice = Asset(name: "Logo", variants: [
            AssetVariant(path: "Logo.imageset/Logo.png", content: image(1300, 600), catalogScale: 2,
                         reportPath: "Logo.imageset/Contents.json", reportLine: 3),
            AssetVariant(path: "Logo.imageset/Logo.png", content: image(1300, 600), catalogScale: 3,
                         reportPath: "Logo.imageset/Contents.json", reportLine: 4),
        ], reportPath: "Logo.imageset/Contents.json")
        let findings = try oversized(twice, [.lockScreen], on: ["iphone-375x667", "iphone-430x932"])
        #expect(findings.count == 1)
        #expect(findings.first?.device == "iphone-375x667" && findings.first?.line == 4)
        #expect(Set(findings.first?.violations.map(\.device) ?? []) == ["iphone-375x667", "iphone-430x932"])
    }

    /// Every presentation kind on a device that has it: the limit passes, one more pixel on either axis fails.
    @Test(arguments: [
        ("iphone-430x932", Presentation.compactLeading, 187, 110),
        ("iphone-430x932", .compactTrailing, 187, 110),
        ("iphone-430x932", .minimal, 135, 110),
        ("iphone-430x932", .expanded, 1224, 480),
        ("iphone-430x932", .lockScreen, 1224, 480),
        ("iphone-393x852", .compactLeading, 157, 110),
        ("ipad-1194x834", .lockScreen, 850, 320),
        ("watch-45mm", .small, 368, 161),
        ("carplay", .small, 340, 156),
    ])
    func theLimitPassesAndOnePixelMoreFails(device: String, presentation: Presentation, width: Int, height: Int) throws {
        let scale = try #require(table.device(id: device)).scale
        func check(_ w: Int, _ h: Int) throws -> [Finding] {
            try oversized(asset([AssetVariant(path: "Logo@\(scale)x.png", content: image(w, h), suffixScale: scale)]),
                          [presentation], on: [device])
        }
        #expect(try check(width, height).isEmpty)
        let wide = try check(width + 1, height)
        #expect(wide.count == 1)
        #expect(wide.first?.limit == PixelSize(width: width, height: height))
        #expect(wide.first?.actual == PixelSize(width: width + 1, height: height))
        #expect(wide.first?.device == device && wide.first?.presentation == presentation)
        #expect(try check(width, height + 1).count == 1)
    }

    @Test func orientationSixSwapsTheAxes() throws {
        // Stored 110x187 and turned by EXIF: displayed 187x110, which fits compact leading exactly.
        let turned = asset([AssetVariant(path: "Logo@3x.jpg", content: image(110, 187, orientation: .right, format: .jpeg),
                                         suffixScale: 3)])
        #expect(try oversized(turned, [.compactLeading], on: ["iphone-430x932"]).isEmpty)
        let upright = asset([AssetVariant(path: "Logo@3x.jpg", content: image(110, 187, format: .jpeg), suffixScale: 3)])
        let findings = try oversized(upright, [.compactLeading], on: ["iphone-430x932"])
        #expect(findings.map(\.actual) == [PixelSize(width: 110, height: 187)])
    }

    @Test func aMissingVariantListsEveryClassThatFallsBack() throws {
        let only3x = Asset(name: "Badge", variants: [AssetVariant(path: "Badge.imageset/badge.png", content: image(90, 90), catalogScale: 3,
                                                                  reportPath: "Badge.imageset/Contents.json")],
                           reportPath: "Badge.imageset/Contents.json")
        let devices = ["iphone-430x932", "iphone-414x896-2x", "iphone-375x667"].map { table.device(id: $0)! }
        let missing = AssetChecker.findings(for: only3x, presentations: [.lockScreen], devices: devices).filter { $0.rule == .missingScaleVariant }
        #expect(missing.map(\.devices) == [["iphone-414x896-2x", "iphone-375x667"]])
        #expect(missing.first?.device == "iphone-414x896-2x")
    }

    @Test func aThreeXOnlyImageSetFailsOnTwoXDevicesAsAFallback() throws {
        // The iPhone XR case: 500x500 px at @3x is too tall for the Lock Screen of any iPhone (480 px at
        // most at @3x, 320 px on the @2x XR, which also lacks its own variant).
        let only3x = Asset(name: "Badge", variants: [AssetVariant(
            path: "Badge.imageset/badge.png", content: image(300, 300), catalogScale: 3,
            reportPath: "Badge.imageset/Contents.json", reportLine: 4, reportColumn: 5)],
            reportPath: "Badge.imageset/Contents.json")
        let findings = AssetChecker.findings(
            for: only3x, presentations: [.lockScreen],
            devices: [table.device(id: "iphone-430x932")!, table.device(id: "iphone-414x896-2x")!])
        let over = findings.filter { $0.rule == .oversized }
        #expect(over.count == 0)  // 300 px fits 320 and 480 px
        let missing = findings.filter { $0.rule == .missingScaleVariant }
        #expect(missing.count == 1)
        #expect(missing.first?.device == "iphone-414x896-2x")
        #expect(missing.first?.actual == PixelSize(width: 300, height: 300) && missing.first?.scale == 3)
        #expect(missing.first?.line == nil)  // no empty 2x slot in this image set
        #expect(missing.first?.message == "Badge.imageset has no @2x variant, so iPhone XR uses the @3x one; add it.")

        let big = Asset(name: "Badge", variants: [AssetVariant(
            path: "Badge.imageset/badge.png", content: image(500, 500), catalogScale: 3,
            reportPath: "Badge.imageset/Contents.json", reportLine: 4, reportColumn: 5)])
        let xr = AssetChecker.findings(for: big, presentations: [.lockScreen], devices: [table.device(id: "iphone-414x896-2x")!])
            .filter { $0.rule == .oversized }
        #expect(xr.count == 1)
        #expect(xr.first?.line == 4 && xr.first?.path == "Badge.imageset/Contents.json")
        #expect(xr.first?.message == "badge.png (500x500 px, @3x) is too large for Lock Screen; tightest: Lock Screen on iPhone XR, 784x320 px (inferred); add a @2x variant, or fit it to at most 320x320 px.")
        #expect(xr.first?.model == "iPhone XR" && xr.first?.suggested == PixelSize(width: 320, height: 320))
        #expect(xr.first?.usesInferredLimit == true)
    }

    @Test func devicesThatNeverShowTheAssetNeedNoVariant() {
        // Compact leading exists only with a Dynamic Island: the @2x XR never shows this asset.
        let only3x = asset([AssetVariant(path: "a@3x.png", content: image(90, 90), suffixScale: 3)])
        let findings = AssetChecker.findings(
            for: only3x, presentations: [.compactLeading],
            devices: [table.device(id: "iphone-430x932")!, table.device(id: "iphone-414x896-2x")!])
        #expect(findings.isEmpty)
    }

    @Test func theMacMenuBarDrawsTheIPhoneEntriesAtItsOwnScale() throws {
        // The Mac shows the paired iPhone's views: its entries, not the catalog's mac ones, at @2x.
        let logo = asset([
            AssetVariant(path: "phone@2x.png", content: image(105, 74), catalogScale: 2, idiom: .iphone),
            AssetVariant(path: "mac@2x.png", content: image(10, 10), catalogScale: 2, idiom: .mac),
        ])
        let findings = try oversized(logo, [.compactLeading], on: ["mac"])
        #expect(findings.map(\.device) == ["mac"])
        #expect(findings.first?.limit == PixelSize(width: 105, height: 73))  // 52.33 x 36.67 pt @2x
        #expect(findings.first?.path == "phone@2x.png")
    }

    @Test func aOneXOnlyLogoIsCheckedOnEveryDeviceAndNamesTheFallback() throws {
        let logo = asset([AssetVariant(path: "logo.png", content: image(200, 120))])
        let findings = AssetChecker.findings(for: logo, presentations: [.compactLeading], devices: table.defaultDevices)
        // Unknown scale counts as 1x: no missing-variant finding, but the pixels are checked everywhere.
        #expect(findings.filter { $0.rule == .missingScaleVariant }.isEmpty)
        let over = findings.filter { $0.rule == .oversized }
        #expect(over.count == 1)
        #expect(over.first?.device == "iphone-393x852")  // 157x110, the strictest compact leading
        #expect(over.first?.violations.map(\.device) == ["iphone-430x932", "iphone-393x852", "iphone-440x956", "iphone-420x912", "iphone-402x874"])
        #expect(over.first?.message == "logo.png (200x120 px, counted as @1x) is too large for compact leading; tightest: compact leading on iPhone 14 Pro, 157x110 px; fit it to at most 157x94 px.")
        #expect(over.first?.scale == nil)
        // Violations named when read compare and hash as the same violations given whole.
        let found = try #require(over.first)
        var given = found
        given.violations = found.violations
        #expect(given == found && given.hashValue == found.hashValue)
        given.violations = Array(found.violations.dropLast())
        #expect(given != found)
    }

    @Test func choosesTheDevicesOwnScaleElseTheNearestElseTheLarger() {
        let variants = [1, 3].map { (scale: Int) in AssetVariant(path: "a@\(scale)x.png", content: image(10, 10), suffixScale: scale) }
        let twoX = table.device(id: "iphone-414x896-2x")!
        #expect(Asset.variant(for: twoX, in: variants)?.effectiveScale == 3)  // 1 and 3 are equally near: the larger
        let withTwo = variants + [AssetVariant(path: "a@2x.png", content: image(10, 10), suffixScale: 2)]
        #expect(Asset.variant(for: twoX, in: withTwo)?.effectiveScale == 2)
        #expect(Asset.variant(for: table.device(id: "iphone-430x932")!, in: [variants[0]])?.effectiveScale == 1)
    }

    @Test func idiomsNarrowTheDevices() throws {
        let ipadOnly = asset([AssetVariant(path: "a.png", content: image(5000, 5000), catalogScale: 2, idiom: .ipad)])
        let findings = try oversized(ipadOnly, nil, on: ["iphone-430x932", "ipad-1194x834", "watch-45mm"])
        #expect(findings.map(\.device) == ["ipad-1194x834"])
        // An iPhone-specific entry wins over the universal one on iPhones.
        let mixed = asset([
            AssetVariant(path: "u.png", content: image(5000, 5000), catalogScale: 3),
            AssetVariant(path: "p.png", content: image(100, 100), catalogScale: 3, idiom: .iphone),
        ])
        #expect(try oversized(mixed, nil, on: ["iphone-430x932"]).isEmpty)
    }

    @Test func withoutPresentationsOnlyIPhonesAndIPadsBoundTheImageByTheirLockScreenOrExpandedSize() throws {
        let findings = try oversized(asset([AssetVariant(path: "a@3x.png", content: image(1300, 400), suffixScale: 3)]),
                                     nil, on: ["iphone-430x932", "watch-49mm", "carplay"])
        // The watch and CarPlay show only compact or small views, which an image of unknown view may not be in.
        #expect(findings.map(\.presentation) == [.lockScreen])
        #expect(findings.map(\.device) == ["iphone-430x932"])
        #expect(findings.first?.message == "a@3x.png (1300x400 px, @3x) is too large for Lock Screen; tightest: Lock Screen on iPhone 14 Pro Max, 1224x480 px; fit it to at most 1224x376 px.")
        // The iPhone Air's expanded view (408 pt) is wider than its Lock Screen (398 pt): the larger one bounds.
        let air = try oversized(asset([AssetVariant(path: "a@3x.png", content: image(1224, 480), suffixScale: 3)]), nil, on: ["iphone-420x912"])
        #expect(air.isEmpty)
        let wider = try oversized(asset([AssetVariant(path: "a@3x.png", content: image(1225, 480), suffixScale: 3)]), nil, on: ["iphone-420x912"])
        #expect(wider.map(\.presentation) == [.expanded])
        #expect(wider.first?.limit == PixelSize(width: 1224, height: 480))
    }

    @Test func darkAppearancesAreCheckedAsTheirOwnVariants() throws {
        let findings = try oversized(asset([
            AssetVariant(path: "light.png", content: image(100, 100), catalogScale: 3),
            AssetVariant(path: "dark.png", content: image(900, 900), catalogScale: 3, appearance: "dark"),
        ]), [.compactLeading], on: ["iphone-430x932"])
        #expect(findings.map(\.path) == ["dark.png"])
    }

    @Test func reportsFileLevelProblems() {
        let info = ImageInfo(format: .jpeg, width: 10, height: 20, orientation: .right, bitDepth: 8, colorModel: .cmyk,
                             fileSize: 1)
        let findings = AssetChecker.findings(for: asset([
            AssetVariant(path: "x@2x.png", content: .image(info), catalogScale: 3, suffixScale: 2),
            AssetVariant(path: "y.heic", content: .unsupported(.heif)),
            AssetVariant(path: "z.png", content: .unreadable(code: "truncated", message: "z.png is truncated.")),
        ]), presentations: [.lockScreen], devices: [])
        // With no device, nothing is checked against a limit, and the finding says so.
        #expect(findings.map(\.rule) == [.scaleMismatch, .cmykJPEG, .exifRotated, .extensionMismatch, .unsupportedFormat, .unreadable, .notChecked])
        #expect(findings.map(\.severity) == [.warning, .warning, .warning, .warning, .warning, .error, .warning])
        #expect(findings.dropLast().last?.message == "z.png is truncated.")
    }

    @Test(arguments: [
        ("a.PNG", ImageFormat.jpeg, true), ("a.png", .png, false), ("a.JpEg", .png, true), ("a.jfif", .jpeg, false),
        ("a.jpe", .jpeg, false), ("a.webp", .png, false), ("a.png.txt", .jpeg, false), ("png", .jpeg, false),
        ("a.tar.jpg", .png, true), (".png", .jpeg, true),
    ])
    func theExtensionPromisesAFormatInAnyCase(name: String, format: ImageFormat, mismatch: Bool) {
        let info = ImageInfo(format: format, width: 10, height: 10, orientation: .up, colorModel: .rgb, fileSize: 1)
        let rules = AssetChecker.findings(for: asset([AssetVariant(path: "dir/" + name, content: .image(info))]),
                                          presentations: [.lockScreen], devices: []).map(\.rule)
        #expect(rules.contains(.extensionMismatch) == mismatch)
    }

    @Test func sumsDecodedMemoryPerViewTakingTheLargestImageEachComputedNameMayBe() {
        let limits = DeviceLimits([table.device(id: "iphone-430x932")!])
        // 2000x1500 decodes to 12 MB; 1000x1000 to 4 MB.
        let assets = [("hero", 2000, 1500), ("stadium", 2000, 1500), ("team-a", 2000, 1500), ("team-b", 1000, 1000)].map { name, width, height in
            Asset(name: name, variants: [AssetVariant(path: "\(name).png", content: image(width, height), catalogScale: 3)])
        }
        // The Lock Screen view names hero and stadium (24 MB) and one team's logo: at most 12 MB more.
        let view = AssetChecker.ViewImages(presentation: .lockScreen, file: "W/Match.swift", line: 9, shown: [0, 1],
                                           choices: [(call: "`Image(team)`", assets: [2, 3])])
        let finding = AssetChecker.decodedMemoryFinding(for: view, assets: assets, limits: limits)
        #expect(finding?.message == "The Lock Screen view (Match.swift:9) can show images that decode to about 36 MB at once on iPhone 14 Pro Max (iphone-430x932), over the ~30 MB memory budget reported for widget extensions; the largest: hero.png about 12 MB, stadium.png about 12 MB, up to about 12 MB by `Image(team)`; shrink them.")
        #expect(finding?.path == "W/Match.swift" && finding?.line == 9 && finding?.presentation == .lockScreen)
        // Forty logos never shown together are never summed: without the second fixed image, 24 MB.
        let logos = AssetChecker.ViewImages(presentation: .minimal, file: "W/Match.swift", line: 20, shown: [0],
                                            choices: [(call: "`Image(team)`", assets: [1, 2, 3])])
        #expect(AssetChecker.decodedMemoryFinding(for: logos, assets: assets, limits: limits) == nil)
    }

    @Test func countsDecodedMemoryOfEachImageOnItsOwnWithoutTheCode() {
        let limits = DeviceLimits(table.devices)
        let big = Asset(name: "Photo", variants: [AssetVariant(path: "p.png", content: image(3000, 3000), catalogScale: 3)],
                        reportPath: "X.xcassets/Photo.imageset/Contents.json")
        #expect(AssetChecker.decodedMemoryFinding(for: big, limits: limits)?.message
            == "Photo.imageset decodes to about 36 MB on iPhone 14 Pro Max (iphone-430x932), over the ~30 MB memory budget reported for widget extensions; shrink it.")
        let fits = Asset(name: "Logo", variants: [AssetVariant(path: "l.png", content: image(2700, 2700), catalogScale: 3)])
        #expect(AssetChecker.decodedMemoryFinding(for: fits, limits: limits) == nil)  // 29.2 MB
    }
}

@Suite struct FitPlanTests {
    @Test func fitsBothAxesKeepsTheAspectAndNeverGrows() {
        #expect(PixelSize(width: 300, height: 300).fitted(in: PixelSize(width: 135, height: 110)) == PixelSize(width: 110, height: 110))
        #expect(PixelSize(width: 2400, height: 1200).fitted(in: PixelSize(width: 706, height: 320)) == PixelSize(width: 640, height: 320))
        #expect(PixelSize(width: 4032, height: 3024).fitted(in: PixelSize(width: 1224, height: 480)) == PixelSize(width: 640, height: 480))
        #expect(PixelSize(width: 320, height: 480).fitted(in: PixelSize(width: 706, height: 320)) == PixelSize(width: 213, height: 320))
        #expect(PixelSize(width: 100, height: 50).fitted(in: PixelSize(width: 200, height: 200)) == PixelSize(width: 100, height: 50))
        #expect(PixelSize(width: 5000, height: 1).fitted(in: PixelSize(width: 100, height: 100)) == PixelSize(width: 100, height: 1))
        // Every result fits, for many sizes and boxes.
        for width in stride(from: 1, through: 400, by: 7) {
            for height in stride(from: 1, through: 400, by: 11) {
                for box in [PixelSize(width: 187, height: 110), PixelSize(width: 135, height: 110), PixelSize(width: 1, height: 1)] {
                    let fitted = PixelSize(width: width, height: height).fitted(in: box)
                    #expect(fitted.width >= 1 && fitted.height >= 1 && fitted.width <= width && fitted.height <= height)
                    #expect(fitted.fits(in: box) || (width <= box.width && height <= box.height))
                }
            }
        }
    }

    @Test func theBoxIsTheStrictestLimitOverTheDevicesThatUseTheFile() {
        let table = SizeTable.bundled
        let info = ImageInfo(format: .png, width: 300, height: 300, colorModel: .rgba, fileSize: 1)
        let asset = Asset(name: "Logo", variants: [AssetVariant(path: "logo@3x.png", content: .image(info), suffixScale: 3)])
        let plans = FitPlan.plans(for: asset, presentations: [.compactLeading, .minimal], devices: try! table.devices(matching: ["iphone"]))
        // The strictest: the minimal view in StandBy on the @2x iPhones without an island (90x73 px), which
        // fall back to this @3x file.
        #expect(plans == [FitPlan(path: "logo@3x.png", current: PixelSize(width: 300, height: 300),
                                  box: PixelSize(width: 90, height: 73), target: PixelSize(width: 73, height: 73))])
        let islandOnly = FitPlan.plans(for: asset, presentations: [.compactLeading, .minimal],
                                       devices: table.devices.filter(\.hasDynamicIsland))
        #expect(islandOnly.map(\.box) == [PixelSize(width: 135, height: 110)])
    }
}

/// `variants-not-scaled`: files declared for two scales with the same pixels.
@Suite struct VariantsNotScaledTests {
    func image(_ width: Int, _ height: Int) -> AssetVariant.Content {
        .image(ImageInfo(format: .png, width: width, height: height, orientation: .up, colorModel: .rgba,
                         hasAlphaChannel: true, fileSize: 100))
    }

    func findings(_ asset: Asset) -> [Finding] {
        AssetChecker.findings(for: asset, presentations: [.lockScreen], devices: [SizeTable.bundled.device(id: "iphone-430x932")!])
            .filter { $0.rule == .variantsNotScaled }
    }

    @Test func oneFileInEveryScalesSlotIsOneWarningNamingTheScales() {
        let set = Asset(name: "Logo", variants: [1, 2, 3].map { scale in
            AssetVariant(path: "Logo.imageset/logo.png", content: image(582, 491), catalogScale: scale,
                         reportPath: "Logo.imageset/Contents.json", reportLine: 2 + scale)
        }, reportPath: "Logo.imageset/Contents.json")
        let found = findings(set)
        #expect(found.map(\.message) == ["Logo.imageset has the same 582x491 px image at @1x, @2x and @3x, so devices of each scale show it at a different size; export it at each scale's size (@2x twice @1x on each axis, @3x three times)."])
        #expect(found.first?.line == 3 && found.first?.severity == .warning)
    }

    @Test func looseFilesNamedForTwoScalesAreHeldToItToo() {
        let loose = Asset(name: "logo", variants: [
            AssetVariant(path: "logo@2x.png", content: image(100, 100), suffixScale: 2),
            AssetVariant(path: "logo@3x.png", content: image(100, 100), suffixScale: 3),
        ])
        #expect(findings(loose).map(\.message) == ["logo@2x.png has the same 100x100 px image at @2x and @3x, so devices of each scale show it at a different size; export it at each scale's size (@2x twice @1x on each axis, @3x three times)."])
    }

    @Test func scaledVariantsOtherTraitsAndAnUnscaledFileAreNoPair() {
        let set = Asset(name: "Logo", variants: [
            AssetVariant(path: "a.png", content: image(100, 100), catalogScale: 2),
            AssetVariant(path: "b.png", content: image(150, 150), catalogScale: 3),
            AssetVariant(path: "c.png", content: image(100, 100), catalogScale: 3, traits: "display-gamut=display-P3"),
            AssetVariant(path: "d.png", content: image(100, 100), catalogScale: 3, appearance: "dark"),
            AssetVariant(path: "e.png", content: image(100, 100)),
        ], reportPath: "Logo.imageset/Contents.json")
        #expect(findings(set).isEmpty)
    }

    @Test func eachAppearanceIsJudgedOnItsOwn() {
        let set = Asset(name: "Logo", variants: [
            AssetVariant(path: "a.png", content: image(100, 100), catalogScale: 2),
            AssetVariant(path: "b.png", content: image(150, 150), catalogScale: 3),
            AssetVariant(path: "c.png", content: image(100, 100), catalogScale: 2, appearance: "dark"),
            AssetVariant(path: "d.png", content: image(100, 100), catalogScale: 3, appearance: "dark"),
        ], reportPath: "Logo.imageset/Contents.json")
        #expect(findings(set).map(\.message) == ["Logo.imageset (dark appearance) has the same 100x100 px image at @2x and @3x, so devices of each scale show it at a different size; export it at each scale's size (@2x twice @1x on each axis, @3x three times)."])
    }
}
