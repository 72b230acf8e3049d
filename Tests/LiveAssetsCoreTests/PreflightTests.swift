import LiveAssets
import LiveAssetsTestSupport
import Testing

/// The in-app check before `Activity.request`: device lookup from the screen, an answer per
/// presentation, and the decoded memory.
@Suite struct PreflightTests {
    static let iPhone14Pro = DeviceScreen(nativeWidth: 1179, nativeHeight: 2556, nativeScale: 3)
    static let logo = ImageBytes.png(width: 300, height: 300)

    static func summary(_ report: PreflightReport) -> [String] {
        report.answers.map { "\($0.device) \($0.presentation.rawValue) \($0.limit) \($0.fits ? "fits" : "-> \($0.largestFittingSize)")" }
    }

    @Test func everyPresentationOfAnIPhoneWithADynamicIslandGetsItsOwnAnswer() throws {
        let report = try Preflight().check(Self.logo, name: "logo.png", shownIn: Presentation.allCases.filter { $0 != .small }, on: Self.iPhone14Pro)
        #expect(Self.summary(report) == [
            "iphone-393x852 compact-leading 157x110 -> 110x110", "iphone-393x852 compact-trailing 157x110 -> 110x110",
            "iphone-393x852 minimal 135x110 -> 110x110", "iphone-393x852 expanded 1113x480 fits",
            "iphone-393x852 lock-screen 1113x480 fits",
        ])
        #expect(!report.fits && report.largestFittingSize == PixelSize(width: 110, height: 110) && !report.isDisplayZoomed)
        #expect(report.answers[0].reason == "iPhone 14 Pro, iPhone 15, iPhone 15 Pro or iPhone 16 shows the compact leading view at up to 157x110 px (52.33x36.67 pt @3x); logo.png is 300x300 px, larger, so Activity.request may fail: use at most 110x110 px.")
        #expect(report.answers[4].reason == "iPhone 14 Pro, iPhone 15, iPhone 15 Pro or iPhone 16 shows the Lock Screen view at up to 1113x480 px (371x160 pt @3x); logo.png is 300x300 px, so it fits.")
    }

    @Test func anIPhoneWithoutADynamicIslandNeverShowsTheCompactViews() throws {
        let se = DeviceScreen(nativeWidth: 750, nativeHeight: 1334, nativeScale: 2)
        let report = try Preflight().check(Self.logo, name: "logo.png", shownIn: [.compactLeading, .minimal, .lockScreen], on: se)
        #expect(Self.summary(report) == ["iphone-375x667 minimal 90x73 -> 73x73", "iphone-375x667 lock-screen 706x320 fits"])
        #expect(report.notShown == ["iPhone SE (2nd generation), iPhone SE (3rd generation) or iPhone 8 (iphone-375x667) never shows the compact leading view."])
    }

    @Test func anIPadShowsOnlyTheLockScreenView() throws {
        let iPadPro = DeviceScreen(nativeWidth: 2732, nativeHeight: 2048, nativeScale: 2)  // landscape numbers, same screen
        let wide = ImageBytes.png(width: 1200, height: 200)
        let report = try Preflight().check(wide, name: "banner.png", shownIn: [.lockScreen, .minimal], on: iPadPro)
        #expect(Self.summary(report) == ["ipad-1366x1024 lock-screen 1000x320 -> 1000x166"])
        #expect(report.notShown == ["iPad Pro 12.9-inch (2nd generation), iPad Pro 12.9-inch (3rd generation) or 6 more with this screen (ipad-1366x1024) never shows the minimal view."])
    }

    @Test func theWatchShowsTheSmallViewOnlyWhenTheWidgetDeclaresIt() throws {
        let watch = DeviceScreen(nativeWidth: 396, nativeHeight: 484, nativeScale: 2)
        let compact = try Preflight().check(Self.logo, shownIn: [.compactLeading], on: watch)
        #expect(Self.summary(compact) == ["watch-45mm compact-leading 368x161 -> 161x161"])
        let small = try Preflight(declaresSmallFamily: true).check(Self.logo, shownIn: [.compactLeading, .small], on: watch)
        #expect(Self.summary(small) == ["watch-45mm small 368x161 -> 161x161"])
    }

    @Test func withoutAScreenEveryDeviceThatShowsThePresentationAnswers() throws {
        let report = try Preflight().check(Self.logo, shownIn: [.small], on: nil as [DeviceClass]?)
        let table = SizeTable.bundled
        #expect(report.answers.map(\.device) == table.defaultDevices.filter { $0.shows(.small) }.map(\.id))
        #expect(report.answers.count == 9 && report.answers.allSatisfy { $0.device.hasPrefix("watch-") || $0.device == "carplay" })
        #expect(report.notShown.count == table.defaultDevices.count - 9)
    }

    @Test func anImageWithEXIFOrientation6IsCheckedAtItsShownSize() throws {
        let photo = ImageBytes.jpegHeader(width: 100, height: 300, segments: [ImageBytes.exifSegment(ImageBytes.orientationTIFF(6))])
        let report = try Preflight().check(photo, name: "photo.jpg", shownIn: [.compactLeading], on: Self.iPhone14Pro)
        // Stored 100 wide and 300 high, shown 300 wide: too wide for 157 px, not too high.
        #expect(Self.summary(report) == ["iphone-393x852 compact-leading 157x110 -> 157x52"])
        #expect(report.image.orientation.rawValue == 6 && report.answers[0].size == PixelSize(width: 300, height: 100))
    }

    @Test func anAssetMadeForThreeTimesScaleIsTooLargeOnATwoTimesDevice() throws {
        // At most the Lock Screen of a @3x iPhone 14 Pro: on the @2x iPhone XR it is larger than the limit.
        let hero = ImageBytes.png(width: 1113, height: 480)
        #expect(try Preflight().check(hero, shownIn: [.lockScreen], on: Self.iPhone14Pro).fits)
        let xr = DeviceScreen(nativeWidth: 828, nativeHeight: 1792, nativeScale: 2)
        let report = try Preflight().check(hero, name: "hero@3x.png", shownIn: [.lockScreen], on: xr)
        #expect(!report.fits && report.largestFittingSize == PixelSize(width: 742, height: 320))
        #expect(report.answers.map(\.reason) == [
            "iPhone XR or iPhone 11 shows the Lock Screen view at up to 784x320 px (392x160 pt @2x, a size we inferred); hero@3x.png is 1113x480 px, larger, so Activity.request may fail: use at most 742x320 px.",
        ])
    }

    @Test func aDeviceIsFoundByItsPixelsUnderDisplayZoomToo() throws {
        let table = SizeTable.bundled
        func lookUp(_ width: Double, _ height: Double, _ scale: Double) -> String {
            guard let lookup = table.devices(for: DeviceScreen(nativeWidth: width, nativeHeight: height, nativeScale: scale)) else { return "none" }
            return lookup.devices.map(\.id).joined(separator: " ") + (lookup.isDisplayZoomed ? " zoomed" : "")
        }
        // iPhone 14 Pro: standard, then Display Zoom (320 pt wide on the same 1179 pixels).
        #expect(lookUp(1179, 2556, 3) == "iphone-393x852")
        #expect(lookUp(1179, 2556, 1179.0 / 320) == "iphone-393x852 zoomed")
        // iPhone 8 Plus renders 414x736 pt @3x and shows 1080x1920 pixels (native scale 2.608).
        #expect(lookUp(1080, 1920, 2.608) == "iphone-414x736")
        #expect(lookUp(1080, 1920, 2.88) == "iphone-414x736 zoomed")
        // iPhone 13 mini: the table lists it in two classes, so both are checked.
        #expect(lookUp(1080, 2340, 2.88) == "iphone-375x812 iphone-360x780")
        #expect(lookUp(1000, 1000, 2) == "none")
        let zoomed = try Preflight().check(Self.logo, shownIn: [.minimal], on: DeviceScreen(nativeWidth: 1179, nativeHeight: 2556, nativeScale: 3.684))
        #expect(zoomed.isDisplayZoomed && Self.summary(zoomed) == ["iphone-393x852 minimal 135x110 -> 110x110"])
    }

    /// A screen newer than the table is held to the nearest class of its family at its scale, and the
    /// report says what was assumed; a known screen assumes nothing.
    @Test func aScreenTheTableDoesNotKnowIsHeldToTheNearestClassAndSaysSo() throws {
        let table = SizeTable.bundled
        let screen = DeviceScreen(nativeWidth: 1350, nativeHeight: 2940, nativeScale: 3)  // 450x980 pt: not in the table
        #expect(table.devices(for: screen) == nil)
        let report = try Preflight().check(Self.logo, shownIn: [.minimal], on: screen)
        let nearest = try #require(table.devices.filter { $0.family == .iphone && $0.scale == 3 && $0.screenWidth != nil }
            .min { a, b in
                func distance(_ d: DeviceClass) -> Int {
                    abs(min(d.screenWidth!.hundredths, d.screenHeight!.hundredths) - 45_000) + abs(max(d.screenWidth!.hundredths, d.screenHeight!.hundredths) - 98_000)
                }
                return distance(a) < distance(b)
            })
        #expect(report.answers.map(\.device) == [nearest.id])
        #expect(report.assumption == "No device class in the size table has a screen of 1350x2940 pixels, so it is assumed to be \(nearest.displayName) (\(nearest.id)), the iPhone class at @3x with the nearest screen in points; update LiveAssets for its own sizes.")
        // At a scale no class has: every iPhone class, the strictest deciding.
        let odd = try Preflight().check(Self.logo, shownIn: [.lockScreen], on: DeviceScreen(nativeWidth: 1600, nativeHeight: 3500, nativeScale: 4))
        #expect(Set(odd.answers.map(\.device)) == Set(table.devices.filter { $0.family == .iphone && $0.screenWidth != nil }.map(\.id)))
        #expect(odd.assumption?.contains("none is at @4x, so it is held to every iPhone class of the table") == true)
        #expect(try Preflight().check(Self.logo, shownIn: [.minimal], on: Self.iPhone14Pro).assumption == nil)
    }

    @Test func errorsNameTheImageOrTheScreen() {
        // A table with no iPhone or iPad class has nothing to assume for a screen.
        let watches = SizeTable(revision: "r", devices: SizeTable.bundled.devices.filter { $0.family == .watch })
        let screen = DeviceScreen(nativeWidth: 1000, nativeHeight: 1000, nativeScale: 2)
        let unknown = Result { () throws(PreflightError) in try Preflight(table: watches).check(Self.logo, shownIn: [.minimal], on: screen) }
        #expect(unknown.failureDescription == "No device class in the size table has a screen of 1000x1000 pixels; pass the device classes to check instead of the screen, or add the class to the table.")
        let text = Result { () throws(PreflightError) in try Preflight().check(Array("hello".utf8), name: "notes.txt", shownIn: [.minimal], on: Self.iPhone14Pro) }
        guard case .failure(.unreadable(.notAnImage(let file, _))) = text else { Issue.record("\(text)"); return }
        #expect(file == "notes.txt")
    }

    @Test func aDownloadCutShortIsSaidToMayNotLoad() throws {
        let cut = Array(Self.logo.prefix(Self.logo.count - 12))  // no IEND
        let report = try Preflight().check(cut, name: "logo.png", shownIn: [.minimal], on: Self.iPhone14Pro)
        #expect(report.truncationReason == "logo.png is cut short: its PNG chunks stop at byte \(cut.count.groupedDigits), the end of the file, without the IEND chunk that ends every PNG, so it may not load; download it again.")
        #expect(try Preflight().check(Self.logo, shownIn: [.minimal], on: Self.iPhone14Pro).truncationReason == nil)
    }

    @Test func theDecodedMemoryIsHeldToTheExtensionBudget() throws {
        let photo = ImageBytes.jpegHeader(width: 4000, height: 3000)
        let report = try Preflight().check(photo, name: "photo.jpg", shownIn: [.lockScreen], on: Self.iPhone14Pro)
        #expect(report.decodedBytes == 48_000_000 && report.exceedsMemoryBudget)
        #expect(report.memoryReason == "photo.jpg decodes to about 48.0 MB, over the ~30 MB memory budget reported for widget extensions; use a smaller image.")
        let small = try Preflight().check(Self.logo, name: "logo.png", shownIn: [.minimal], on: Self.iPhone14Pro)
        #expect(!small.exceedsMemoryBudget && small.memoryReason == "logo.png decodes to about 0.4 MB of the ~30 MB memory budget reported for widget extensions.")
    }

    @Test func aFileIsCheckedByItsPathOnAScreenOrOnDevices() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("logo.png", Self.logo)
        let report = try Preflight().check(contentsOf: path, shownIn: [.minimal], on: Self.iPhone14Pro)
        #expect(report.name == path && Self.summary(report) == ["iphone-393x852 minimal 135x110 -> 110x110"])
        let iPhone = try #require(SizeTable.bundled.device(id: "iphone-375x667"))
        let onDevices = try Preflight().check(contentsOf: path, shownIn: [.minimal], on: [iPhone])
        #expect(Self.summary(onDevices) == ["iphone-375x667 minimal 90x73 -> 73x73"])
        let missing = Result { () throws(PreflightError) in try Preflight().check(contentsOf: path + ".gone", shownIn: [.minimal]) }
        guard case .failure(.unreadable(.fileNotFound(let file))) = missing else { Issue.record("\(missing)"); return }
        #expect(file == path + ".gone")
    }
}

extension Result where Failure == PreflightError {
    var failureDescription: String? {
        guard case .failure(let error) = self else { return nil }
        return error.description
    }
}
