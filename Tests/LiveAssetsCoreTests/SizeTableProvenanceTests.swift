import LiveAssets
import Testing

/// Every number of the bundled table with its own provenance: each published number at its value with
/// the page that prints it, each inferred one with its rule and the published numbers it starts from.
@Suite struct SizeTableProvenanceTests {
    let table = SizeTable.bundled

    static let liveActivities = "https://developer.apple.com/design/human-interface-guidelines/live-activities"
    static let layout = "https://developer.apple.com/design/human-interface-guidelines/layout"

    /// A published source as the table must give it.
    struct Page: Equatable, CustomStringConvertible {
        let document: String, revision: String, section: String, url: String
        var description: String { "\(document) \(section)" }

        static let iOS = Page(document: "HIG Live Activities", revision: "2025-12-16", section: "Specifications: iOS dimensions",
                              url: liveActivities + "#iOS-dimensions")
        static let island = Page(document: "HIG Live Activities", revision: "2025-12-16",
                                 section: "Specifications: iOS dimensions, Dynamic Island widths and corner radius",
                                 url: liveActivities + "#iOS-dimensions")
        static let iPadOS = Page(document: "HIG Live Activities", revision: "2025-12-16", section: "Specifications: iPadOS dimensions",
                                 url: liveActivities + "#iPadOS-dimensions")
        static let watchOS = Page(document: "HIG Live Activities", revision: "2025-12-16", section: "Specifications: watchOS dimensions",
                                  url: liveActivities + "#watchOS-dimensions")
        static let carPlay = Page(document: "HIG Live Activities", revision: "2025-12-16", section: "Specifications: CarPlay dimensions",
                                  url: liveActivities + "#CarPlay-dimensions")
        static let activityKit = Page(
            document: "ActivityKit: Displaying live data with Live Activities", revision: "undated (iOS 26 SDK)",
            section: "Understand constraints",
            url: "https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities#Understand-constraints")
        static let screens = Page(document: "HIG Layout", revision: "2025-09-09", section: "Specifications: iOS, iPadOS device screen dimensions",
                                  url: layout + "#iOS-iPadOS-device-screen-dimensions")
    }

    func page(_ provenance: Provenance?) -> Page? {
        guard case .published(let source)? = provenance, let revision = source.revision, let section = source.section,
              let url = source.url else { return nil }
        return Page(document: source.document, revision: revision, section: section, url: url)
    }

    func rule(_ provenance: Provenance?) -> String? {
        guard case .inferred(let inference)? = provenance else { return nil }
        return inference.rule
    }

    /// `field` of `presentation` on `device`: its value and its provenance.
    func number(_ device: String, _ presentation: Presentation, _ field: String) -> (Points?, Provenance?) {
        guard let size = table.device(id: device)?.size(of: presentation) else { return (nil, nil) }
        switch field {
        case "width": return (size.width, size.provenance.width)
        case "height": return (size.height, size.provenance.height)
        case "minWidth": return (size.minimumWidth, size.provenance.minimumWidth)
        case "minHeight": return (size.minimumHeight, size.provenance.minimumHeight)
        default: return (nil, nil)
        }
    }

    func expectPublished(_ device: String, _ presentation: Presentation, _ field: String, _ value: String, _ expected: Page,
                         sourceLocation: SourceLocation = #_sourceLocation) {
        let (points, provenance) = number(device, presentation, field)
        #expect(points == Points(value), "\(device) \(presentation.rawValue).\(field)", sourceLocation: sourceLocation)
        #expect(page(provenance) == expected, "\(device) \(presentation.rawValue).\(field)", sourceLocation: sourceLocation)
    }

    // MARK: Published numbers

    @Test(arguments: [("iphone-430x932", "62.33", "408"), ("iphone-393x852", "52.33", "371")])
    func theHIGiOSRowsArePublishedNumberByNumber(device: String, compact: String, wide: String) {
        for presentation in [Presentation.compactLeading, .compactTrailing] {
            expectPublished(device, presentation, "width", compact, .iOS)
            expectPublished(device, presentation, "height", "36.67", .iOS)
        }
        expectPublished(device, .minimal, "width", "45", .iOS)
        expectPublished(device, .minimal, "minWidth", "36.67", .iOS)
        expectPublished(device, .minimal, "height", "36.67", .iOS)
        for presentation in [Presentation.expanded, .lockScreen] {
            expectPublished(device, presentation, "width", wide, .iOS)
            expectPublished(device, presentation, "height", "160", .iOS)
            expectPublished(device, presentation, "minHeight", "84", .iOS)
        }
    }

    @Test func theExpandedWidthOfTheNewestClassesIsTheHIGsIslandWidthWhileTheirHeightsStayInferred() {
        for (device, wide) in [("iphone-440x956", "408"), ("iphone-420x912", "408"), ("iphone-402x874", "371")] {
            expectPublished(device, .expanded, "width", wide, .island)
            #expect(rule(number(device, .expanded, "height").1)?.contains("84 to 160 pt") == true, "\(device)")
            #expect(rule(number(device, .expanded, "minHeight").1)?.contains("84 to 160 pt") == true, "\(device)")
        }
    }

    @Test func theMinimalMaximumOfTheNewestClassesIsActivityKitsWhileItsLowerEndIsInferred() {
        for device in ["iphone-440x956", "iphone-420x912", "iphone-402x874"] {
            expectPublished(device, .minimal, "width", "45", .activityKit)
            expectPublished(device, .minimal, "height", "36.67", .activityKit)
            #expect(number(device, .minimal, "minWidth").0 == Points("36.67"))
            #expect(rule(number(device, .minimal, "minWidth").1)?.contains("ActivityKit gives only the 45x36.67 pt maximum") == true)
        }
    }

    @Test func theHIGiPadRowsArePublished() {
        for (device, width) in [("ipad-1366x1024", "500"), ("ipad-1194x834", "425"), ("ipad-1012x834", "425"),
                                ("ipad-1080x810", "425"), ("ipad-1024x768", "425")] {
            expectPublished(device, .lockScreen, "width", width, .iPadOS)
            expectPublished(device, .lockScreen, "height", "160", .iPadOS)
            expectPublished(device, .lockScreen, "minHeight", "84", .iPadOS)
        }
    }

    @Test func theHIGWatchRowsArePublishedAndUltra3HasItsOwnScreenUnderThe49mmRow() {
        for (device, width, height) in [("watch-40mm", "152", "69.5"), ("watch-41mm", "165", "72.5"), ("watch-44mm", "173", "76.5"),
                                        ("watch-45mm", "184", "80.5"), ("watch-49mm", "191", "81.5"),
                                        ("watch-49mm-ultra-3", "191", "81.5")] {
            // Ultra 3 is published for its case, with a note that applying it to the larger screen is ours.
            expectPublished(device, .small, "width", width, .watchOS)
            expectPublished(device, .small, "height", height, .watchOS)
        }
        guard case .published(let source)? = number("watch-49mm-ultra-3", .small, "width").1 else {
            Issue.record("Ultra 3's width is not published")
            return
        }
        #expect(source.note?.hasSuffix("applying it to Ultra 3 is our reading") == true)
        let ultra = table.device(id: "watch-49mm"), ultra3 = table.device(id: "watch-49mm-ultra-3")
        #expect(ultra?.models == ["Apple Watch Ultra", "Apple Watch Ultra 2"])
        #expect(ultra3?.models == ["Apple Watch Ultra 3"])
        #expect(ultra?.screenWidth == Points(205) && ultra?.screenHeight == Points(251))  // 410x502 px
        #expect(ultra3?.screenWidth == Points(211) && ultra3?.screenHeight == Points(257))  // 422x514 px
        #expect(ultra3?.note?.contains("published 49mm one") == true)
    }

    @Test func carPlaysSizeIsPrintedByTheHIGWhileItsChoiceAsTheLimitAndItsScaleAreOurs() throws {
        let carplay = try #require(table.device(id: "carplay"))
        expectPublished("carplay", .small, "width", "170", .carPlay)
        expectPublished("carplay", .small, "height", "78", .carPlay)
        guard case .published(let source)? = number("carplay", .small, "width").1 else {
            Issue.record("CarPlay's width is not published")
            return
        }
        #expect(source.note?.contains("240x78, 240x100 and 170x78 pt") == true)
        #expect(source.note?.contains("choosing it as the limit is our reading") == true)
        #expect(carplay.scale == 2)
        #expect(rule(carplay.scaleProvenance)?.contains("the HIG gives no CarPlay scale factor") == true)
    }

    @Test func theIslandOutlineOfEachDynamicIslandClassIsTheHIGs() throws {
        for (device, compact, expanded) in [("iphone-430x932", 250, 408), ("iphone-393x852", 230, 371), ("iphone-440x956", 250, 408),
                                            ("iphone-420x912", 250, 408), ("iphone-402x874", 230, 371)] {
            let island = try #require(table.device(id: device)?.dynamicIsland, "\(device)")
            #expect(island.compactWidth == Points(compact) && island.expandedWidth == Points(expanded), "\(device)")
            #expect(island.cornerRadius == Points(44))
            #expect(island.fields.map(\.field) == ["compactWidth", "expandedWidth", "cornerRadius"])
            for (field, _, provenance) in island.fields {
                #expect(page(provenance) == .island, "\(device) \(field)")
            }
        }
        #expect(table.devices.filter { $0.dynamicIsland != nil }.count == 5)
        #expect(table.devices.allSatisfy { $0.hasDynamicIsland == ($0.dynamicIsland != nil) })
    }

    @Test func everyClassHasItsScreenAndScaleFromTheHIGLayoutOrItsStatedRule() throws {
        let images = Page(document: "HIG Images", revision: "not recorded", section: "Resolution: scale factors per platform",
                          url: "https://developer.apple.com/design/human-interface-guidelines/images#Resolution")
        let watchScreens = "The HIG gives watch screens in pixels; their size in points is the pixels divided by watchOS's scale of 2."
        let expected: [(String, Int?, Int?, Int)] = [
            ("iphone-430x932", 430, 932, 3), ("iphone-393x852", 393, 852, 3), ("iphone-440x956", 440, 956, 3),
            ("iphone-420x912", 420, 912, 3), ("iphone-402x874", 402, 874, 3), ("iphone-428x926", 428, 926, 3),
            ("iphone-390x844", 390, 844, 3), ("iphone-414x896-3x", 414, 896, 3), ("iphone-414x896-2x", 414, 896, 2),
            ("iphone-375x812", 375, 812, 3), ("iphone-360x780", 360, 780, 3), ("iphone-414x736", 414, 736, 3),
            ("iphone-375x667", 375, 667, 2),
            ("ipad-1366x1024", 1024, 1366, 2), ("ipad-1194x834", 834, 1194, 2), ("ipad-1012x834", 834, 1012, 2),
            ("ipad-1080x810", 810, 1080, 2), ("ipad-1024x768", 768, 1024, 2), ("ipad-1376x1032", 1032, 1376, 2),
            ("ipad-1210x834", 834, 1210, 2), ("ipad-1180x820", 820, 1180, 2), ("ipad-1133x744", 744, 1133, 2),
            ("ipad-1112x834", 834, 1112, 2),
            ("watch-40mm", 162, 197, 2), ("watch-41mm", 176, 215, 2), ("watch-44mm", 184, 224, 2), ("watch-45mm", 198, 242, 2),
            ("watch-49mm", 205, 251, 2), ("watch-49mm-ultra-3", 211, 257, 2), ("watch-42mm", 187, 223, 2),
            ("watch-46mm", 208, 248, 2), ("carplay", nil, nil, 2), ("mac", nil, nil, 2),
        ]
        #expect(expected.map(\.0) == table.devices.map(\.id))
        for (id, width, height, scale) in expected {
            let device = try #require(table.device(id: id))
            #expect(device.screenWidth == width.map { Points($0) } && device.screenHeight == height.map { Points($0) }, "\(id)")
            #expect(device.scale == scale, "\(id)")
            switch device.family {
            case .iphone:
                #expect(page(device.screenProvenance) == .screens && page(device.scaleProvenance) == .screens, "\(id)")
            case .ipad where id != "ipad-1012x834":
                #expect(page(device.screenProvenance) == .screens && page(device.scaleProvenance) == .screens, "\(id)")
            case .ipad:
                // The HIG's Live Activities table prints this screen; no iPad in its Layout table has it.
                #expect(page(device.screenProvenance) == .iPadOS && page(device.scaleProvenance) == images)
            case .watch:
                #expect(rule(device.screenProvenance) == watchScreens && page(device.scaleProvenance) == images, "\(id)")
            case .carplay, .mac:
                #expect(device.screenProvenance == nil && device.scaleProvenance.isInferred, "\(id)")
            }
        }
    }

    @Test func modelNamesComeFromTheHIGLayoutWithANoteWhereTheHIGNamesThemBySize() throws {
        func note(_ id: String) throws -> String? {
            guard case .published(let source) = try #require(table.device(id: id)?.listedModels.first?.provenance) else { return nil }
            return source.note
        }
        #expect(try note("iphone-430x932") == nil)
        #expect(try note("ipad-1080x810")?.hasPrefix("the HIG names models by screen size and series") == true)
        #expect(try note("watch-40mm")?.hasPrefix("the HIG names watches by series and case") == true)
        guard case .published(let mac)? = table.device(id: "mac")?.listedModels.first?.provenance else {
            Issue.record("the Mac's model is not published")
            return
        }
        #expect(mac.section == "Platform considerations: macOS")
        let minis = try #require(table.device(id: "iphone-375x812")).listedModels.filter { $0.name.hasSuffix("mini") }
        #expect(minis.count == 2 && minis.allSatisfy { rule($0.provenance)?.contains("2022-2023 HIG Layout table") == true })
        #expect(table.device(id: "iphone-360x780")?.listedModels.allSatisfy { page($0.provenance) == .screens } == true)
    }

    // MARK: Inferred numbers

    @Test func theLockScreenWidthOfTheNewestClassesIsTheStricterOfTheTwoRulesThatFitThePublishedRows() {
        // Island width 408 against screen - 22 = 398: the Air gets 398, not the more lenient 408.
        for (device, island, screen, width) in [("iphone-420x912", 408, 398, 398), ("iphone-440x956", 408, 418, 408),
                                                ("iphone-402x874", 371, 380, 371)] {
            let (points, provenance) = number(device, .lockScreen, "width")
            #expect(points == Points(width), "\(device)")
            #expect(rule(provenance) == "Two rules fit both published rows, the expanded Dynamic Island width (\(island) pt here) and the screen width minus 22 pt (\(screen) pt here); the stricter, \(width) pt, is used.")
        }
        // The 13-inch iPad: 500 (as the largest listed screen) and 425 (every screen but 1366x1024) both fit.
        let (ipad, provenance) = number("ipad-1376x1032", .lockScreen, "width")
        #expect(ipad == Points(425) && rule(provenance)?.contains("the stricter, 425 pt, is used") == true)
    }

    @Test func iPhonesWithoutADynamicIslandHaveAnInferredLockScreenWidthOfTheScreenMinus22() throws {
        for device in table.devices where device.family == .iphone && !device.hasDynamicIsland {
            let lock = try #require(device.size(of: .lockScreen))
            #expect(lock.width == Points(hundredths: try #require(device.screenWidth).hundredths - 2200), "\(device.id)")
            #expect(rule(lock.provenance.width)?.hasPrefix("The screen width minus 22 pt") == true, "\(device.id)")
            #expect(device.size(of: .compactLeading) == nil && device.size(of: .expanded) == nil)
            // StandBy shows the detached minimal view, bound (our inference) by the minimal presentation's size.
            if let minimal = device.size(of: .minimal) {
                #expect(device.standby != nil, "\(device.id)")
                #expect(rule(minimal.provenance.width)?.hasPrefix("StandBy shows the detached minimal view on iPhones without a Dynamic Island too") == true)
            } else {
                #expect(device.standby == nil, "\(device.id)")
            }
        }
    }

    @Test func theIPhone17eIsListedInThe390x844ClassAsAnInferredMember() throws {
        let device = try #require(table.device(id: "iphone-390x844"))
        let model = try #require(device.listedModels.first { $0.name == "iPhone 17e" })
        #expect(rule(model.provenance)?.contains("notch, not a Dynamic Island") == true)
        guard case .inferred(let inference) = model.provenance else { return }
        #expect(inference.from.first?.contains("support.apple.com/en-us/126470") == true)
        #expect(page(device.listedModels.first { $0.name == "iPhone 16e" }?.provenance) == .screens)
        #expect(!device.hasDynamicIsland && device.scale == 3)
    }

    @Test func theMacMenuBarUsesTheSmalleriOSRowAtAnInferredScaleAndIsNotCheckedByDefault() throws {
        let mac = try #require(table.device(id: "mac"))
        #expect(mac.family == .mac && mac.scale == 2 && !mac.isSelectedByDefault)
        #expect(mac.presentations.map(\.presentation) == [.compactLeading, .compactTrailing, .minimal, .expanded])
        let iPhone = try #require(table.device(id: "iphone-393x852"))
        for size in mac.presentations {
            let row = try #require(iPhone.size(of: size.presentation))
            #expect((size.width, size.height, size.minimumWidth, size.minimumHeight)
                    == (row.width, row.height, row.minimumWidth, row.minimumHeight))
            #expect(size.provenance.fields.allSatisfy { rule($0.provenance)?.contains("the 393x852 row") == true })
        }
        #expect(!table.defaultDevices.contains { $0.id == "mac" })
        #expect(table.defaultDevices.count == table.devices.count - 1)
    }

    // MARK: Every number

    @Test func everyNumberHasAPageWithAnAddressOrAnInferenceWithItsRuleAndOrigins() {
        var checked = 0
        func expectCited(_ provenance: Provenance?, _ what: String) {
            checked += 1
            switch provenance {
            case .published(let source)?:
                #expect(source.url?.hasPrefix("https://developer.apple.com/") == true, "\(what)")
                #expect(source.revision?.isEmpty == false && source.section?.isEmpty == false, "\(what)")
            case .inferred(let inference)?:
                #expect(!inference.rule.isEmpty && !inference.from.isEmpty && inference.from.allSatisfy { !$0.isEmpty }, "\(what)")
            case nil:
                Issue.record("\(what) has no provenance")
            }
        }
        for device in table.devices {
            if device.screenWidth != nil { expectCited(device.screenProvenance, "\(device.id) screen") }
            expectCited(device.scaleProvenance, "\(device.id) scale")
            #expect(device.listedModels.map(\.name) == device.models)
            for model in device.listedModels { expectCited(model.provenance, "\(device.id) \(model.name)") }
            for size in device.presentations {
                #expect(size.provenance.fields.map(\.field)
                        == ["width", "height"] + (size.minimumWidth == nil ? [] : ["minWidth"]) + (size.minimumHeight == nil ? [] : ["minHeight"]))
                for (field, provenance) in size.provenance.fields {
                    expectCited(provenance, "\(device.id) \(size.presentation.rawValue).\(field)")
                }
            }
            for (field, _, provenance) in device.dynamicIsland?.fields ?? [] { expectCited(provenance, "\(device.id) \(field)") }
        }
        #expect(checked > 300)
    }

    @Test func eachInferenceIsOneSentence() {
        var rules = Set<String>()
        for device in table.devices {
            var provenances: [Provenance] = [device.scaleProvenance] + device.listedModels.map(\.provenance)
            provenances += device.presentations.flatMap { $0.provenance.fields.map(\.provenance) }
            if let screen = device.screenProvenance { provenances.append(screen) }
            for case .inferred(let inference) in provenances { rules.insert(inference.rule) }
        }
        #expect(rules.count > 15)
        for rule in rules {
            #expect(rule.first?.isLowercase == false && rule.hasSuffix("."), "\(rule)")
            #expect(!rule.dropLast().contains(". "), "\(rule)")
        }
    }

    @Test func ourReadingsAreMarkedAsOursNotApples() {
        #expect(table.readings.count == 5)
        #expect(table.readings[3].hasPrefix("An image whose presentation is not stated is bounded, on each iPhone and iPad class, by the larger of its Lock Screen and expanded sizes"))
        #expect(table.readings[0].hasPrefix("A pixel limit is the size in points times the device's scale, rounded to the nearest pixel"))
        #expect(table.readings[1].contains("Apple publishes no fallback order"))
    }
}
