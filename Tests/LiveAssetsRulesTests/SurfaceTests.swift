import LiveAssetsRun
import LiveAssetsReports
import Testing

/// A limit comes only from a surface that shows the image's view: the Dynamic Island, the Lock Screen,
/// StandBy, the watch's Smart Stack, CarPlay, the Mac menu bar.
@Suite struct SurfaceTests {
    let table = SizeTable.bundled

    func device(_ id: String) throws -> DeviceClass { try #require(table.device(id: id)) }

    func image(_ width: Int, _ height: Int) -> AssetVariant.Content {
        .image(ImageInfo(format: .png, width: width, height: height, colorModel: .rgba, hasAlphaChannel: true, fileSize: 100))
    }

    func findings(_ width: Int, _ height: Int, scale: Int = 3, _ presentations: [Presentation]?, on ids: [String],
                  small: Bool = false) throws -> [Finding] {
        let asset = Asset(name: "Logo", variants: [AssetVariant(path: "logo@\(scale)x.png", content: image(width, height), suffixScale: scale)])
        return AssetChecker.findings(for: asset, presentations: presentations, devices: try ids.map(device), declaresSmallFamily: small)
    }

    @Test func eachFamilyHasTheSurfacesAppleDescribes() throws {
        #expect(try device("iphone-430x932").surfaces == [.dynamicIsland, .lockScreen, .standby])
        #expect(try device("iphone-414x896-2x").surfaces == [.lockScreen, .standby])  // iPhone XR: no island
        #expect(try device("iphone-414x736").surfaces == [.lockScreen])  // iPhone 8 Plus: no iOS 17, no StandBy
        #expect(try device("ipad-1194x834").surfaces == [.lockScreen])
        #expect(try device("watch-45mm").surfaces == [.smartStack])
        #expect(try device("carplay").surfaces == [.carplay])
        #expect(try device("mac").surfaces == [.macMenuBar])
    }

    @Test func theSmartStackAndCarPlayShowTheCompactViewsUnlessTheAppDeclaresTheSmallFamily() {
        for surface in [Surface.smartStack, .carplay] {
            #expect(surface.shows(.compactLeading, declaresSmallFamily: false))
            #expect(surface.shows(.compactTrailing, declaresSmallFamily: false))
            #expect(!surface.shows(.compactLeading, declaresSmallFamily: true))
            #expect(surface.shows(.small, declaresSmallFamily: true))
            for presentation in [Presentation.minimal, .expanded, .lockScreen] {
                #expect(!surface.shows(presentation, declaresSmallFamily: false))
            }
        }
        #expect(Surface.standby.shows(.minimal, declaresSmallFamily: false))
        #expect(!Surface.standby.shows(.lockScreen, declaresSmallFamily: false))  // scaled up: not a limit
        #expect(!Surface.dynamicIsland.shows(.lockScreen, declaresSmallFamily: false))
        #expect(!Surface.lockScreen.shows(.small, declaresSmallFamily: true))
    }

    @Test func aCompactLeadingLogoIsBoundedOnIPhoneWatchAndCarPlay() throws {
        // 400x400 px @3x: the @2x watch and CarPlay fall back to it.
        for (id, limit) in [("iphone-430x932", PixelSize(width: 187, height: 110)), ("watch-45mm", PixelSize(width: 368, height: 161)),
                            ("carplay", PixelSize(width: 340, height: 156))] {
            let found = try findings(400, 400, [.compactLeading], on: [id]).filter { $0.rule == .oversized }
            #expect(found.map(\.limit) == [limit], "\(id)")
            #expect(found.map(\.presentation) == [.compactLeading], "\(id)")
        }
        // On the watch and in CarPlay the bound is the whole surface, which is inferred.
        #expect(try findings(400, 400, [.compactLeading], on: ["watch-45mm"]).first?.usesInferredLimit == true)
        let compact = try device("watch-45mm").size(of: .compactLeading)
        #expect(compact?.provenance.isInferred == true)
        #expect(compact?.width == (try device("watch-45mm")).size(of: .small)?.width)
    }

    @Test func withTheSmallFamilyTheWatchAndCarPlayBoundTheSmallImagesInstead() throws {
        // The compact logo is no longer shown there: nothing checks it, and the run says so.
        let compact = try findings(400, 400, [.compactLeading], on: ["watch-45mm", "carplay"], small: true)
        #expect(compact.map(\.rule) == [.notChecked])
        let small = try findings(400, 400, [.small], on: ["watch-45mm", "carplay"], small: true).filter { $0.rule == .oversized }
        #expect(small.map(\.presentation) == [.small])
        #expect(small.map(\.device) == ["carplay"])  // the tighter of 340x156 and 368x161
        #expect(small.first?.limit == PixelSize(width: 340, height: 156))
        // An iPhone never shows the small view.
        #expect(try findings(400, 400, [.small], on: ["iphone-430x932"]).map(\.rule) == [.notChecked])
    }

    @Test func anImageOfUnstatedPresentationIsHeldToTheLargerOfLockScreenAndExpandedOnIPhoneAndIPadOnly() throws {
        for device in table.devices {
            let limit = device.unstatedPresentationLimit
            switch device.family {
            case .iphone, .ipad:
                let candidates = [device.size(of: .lockScreen), device.size(of: .expanded)].compactMap { $0 }
                let largest = candidates.map { $0.limit(atScale: device.scale) }.max { $0.width * $0.height < $1.width * $1.height }
                #expect(limit?.limit(atScale: device.scale) == largest, "\(device.id)")
            case .watch, .carplay, .mac:
                #expect(limit == nil, "\(device.id)")
            }
        }
        // Between equals, the Lock Screen: every iPhone and iPad shows it.
        #expect(try device("iphone-430x932").unstatedPresentationLimit?.presentation == .lockScreen)
        #expect(try device("iphone-420x912").unstatedPresentationLimit?.presentation == .expanded)  // 408 > 398 pt
        // On the watch alone, an unstated image is not checked, and never counted as passing.
        let watchOnly = try findings(2000, 3000, nil, on: ["watch-45mm"])
        #expect(watchOnly.map(\.rule) == [.notChecked])
        #expect(watchOnly.first?.message == "logo@3x.png was not checked: it has no stated presentation, and only iPhone and iPad classes bound such images; state its presentation or check it on an iPhone or iPad.")
    }

    @Test func aLockScreenPhotoOfUnstatedPresentationFitsTheIPhoneAndIPadLockScreensNotTheWatch() throws {
        let photo = Asset(name: "photo.jpg", variants: [AssetVariant(path: "photo.jpg", content: image(2000, 3000))])
        let plans = FitPlan.plans(for: photo, presentations: nil, devices: table.defaultDevices)
        // Unknown scale counts as 1x: the smallest width is iPhone SE's 353 pt, the smallest height 160 pt,
        // both at @2x: 706x320 px; the watch's 92x139 would have been far smaller.
        #expect(plans.map(\.box) == [PixelSize(width: 706, height: 320)])
        #expect(plans.map(\.target) == [PixelSize(width: 213, height: 320)])
    }

    @Test func iPhonesWithoutAnIslandShowTheMinimalViewInStandByBoundByTheMinimalSize() throws {
        let xr = try device("iphone-414x896-2x")
        #expect(xr.shows(.minimal) && !xr.shows(.compactLeading) && !xr.shows(.expanded))
        #expect(xr.size(of: .minimal)?.limit(atScale: 2) == PixelSize(width: 90, height: 73))
        #expect(xr.size(of: .minimal)?.provenance.isInferred == true)
        #expect(try !device("iphone-414x736").shows(.minimal))  // no StandBy on iPhone 8 Plus
    }

    @Test func aViewNoSelectedDeviceShowsGetsANotCheckedWarningNamingWhy() throws {
        let found = try findings(100, 100, scale: 2, [.compactLeading], on: ["iphone-414x896-2x", "ipad-1194x834"])
        #expect(found.map(\.rule) == [.notChecked])
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message == "logo@2x.png was not checked: it is shown in compact-leading, which none of the selected devices shows; check it on a device that does, or correct its presentation.")
    }

    @Test func watchOnlyEntriesOfUnstatedPresentationAreNotCheckedAndTheMessageAsksForThePresentation() throws {
        let badge = Asset(name: "Badge", variants: [AssetVariant(path: "Badge.imageset/badge.png", content: image(60, 60),
                                                                 catalogScale: 2, idiom: .watch)],
                          reportPath: "Badge.imageset/Contents.json", catalogPath: "W.xcassets")
        let devices = try ["iphone-402x874", "watch-44mm"].map(device)
        let unstated = AssetChecker.findings(for: badge, presentations: nil, devices: devices)
        #expect(unstated.map(\.message) == ["Badge.imageset was not checked: it has only watch entries and no stated presentation, and only iPhones and iPads check an image whose presentation is not stated; state where it is shown."])
        // Stated, the watch checks it.
        #expect(AssetChecker.findings(for: badge, presentations: [.small], devices: devices).isEmpty)
    }

    @Test func surfacesNamedAsPresentationsAreReadAsTheViewsTheyShowAndSaidToBeDeprecated() {
        #expect(Presentation.named("smart-stack")! == (.small, true))
        #expect(Presentation.named("carplay")! == (.small, true))
        #expect(Presentation.named("standby")! == (.lockScreen, true))
        #expect(Presentation.named("small")! == (.small, false))
        #expect(Presentation.named("dynamic-island") == nil)
        #expect(Presentation.deprecation(of: "standby") == "'standby' is a surface, not a presentation, and is read as 'lock-screen'; write 'lock-screen' instead.")
        #expect(Presentation.deprecation(of: "minimal") == nil)
    }
}
