import LiveAssetsCore
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
            expectPublished(device, .smartStack, "width", width, .watchOS)
            expectPublished(device, .smartStack, "height", height, .watchOS)
        }
        let ultra = table.device(id: "watch-49mm"), ultra3 = table.device(id: "watch-49mm-ultra-3")
        #expect(ultra?.models == ["Apple Watch Ultra", "Apple Watch Ultra 2"])
        #expect(ultra3?.models == ["Apple Watch Ultra 3"])
        #expect(ultra?.screenWidth == Points(205) && ultra?.screenHeight == Points(251))  // 410x502 px
        #expect(ultra3?.screenWidth == Points(211) && ultra3?.screenHeight == Points(257))  // 422x514 px
        #expect(ultra3?.note?.contains("published 49mm one") == true)
    }

    @Test func carPlaysSizeIsPrintedByTheHIGWhileItsChoiceAsTheLimitAndItsScaleAreOurs() throws {
        let carplay = try #require(table.device(id: "carplay"))
        expectPublished("carplay", .carplay, "width", "170", .carPlay)
        expectPublished("carplay", .carplay, "height", "78", .carPlay)
        guard case .published(let source)? = number("carplay", .carplay, "width").1 else {
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
            for field in ["compactWidth", "expandedWidth", "cornerRadius"] {
                #expect(page(island.provenance[field]) == .island, "\(device) \(field)")
            }
        }
        #expect(table.devices.filter { $0.dynamicIsland != nil }.count == 5)
        #expect(table.devices.allSatisfy { $0.hasDynamicIsland == ($0.dynamicIsland != nil) })
    }

    @Test func iPhoneAndiPadScreensAndScalesAreTheHIGLayouts() {
        for (device, width, height, scale) in [("iphone-430x932", 430, 932, 3), ("iphone-420x912", 420, 912, 3),
                                               ("iphone-414x896-2x", 414, 896, 2), ("iphone-375x667", 375, 667, 2),
                                               ("ipad-1376x1032", 1032, 1376, 2), ("ipad-1133x744", 744, 1133, 2)] {
            let device = table.device(id: device)
            #expect(device?.screenWidth == Points(width) && device?.screenHeight == Points(height))
            #expect(device?.scale == scale)
            #expect(page(device?.screenProvenance) == .screens && page(device?.scaleProvenance) == .screens)
        }
    }

    // MARK: Inferred numbers

    @Test func theLockScreenWidthOfTheNewestClassesIsTheStricterOfTheTwoRulesThatFitThePublishedRows() {
        // Island width 408 against screen - 22 = 398: the Air gets 398, not the more lenient 408.
        for (device, width) in [("iphone-420x912", "398"), ("iphone-440x956", "408"), ("iphone-402x874", "371")] {
            let (points, provenance) = number(device, .lockScreen, "width")
            #expect(points == Points(width), "\(device)")
            #expect(rule(provenance)?.contains("the stricter (smaller) one is used") == true, "\(device)")
        }
    }

    @Test func iPhonesWithoutADynamicIslandHaveAnInferredLockScreenWidthOfTheScreenMinus22() throws {
        for device in table.devices where device.family == .iphone && !device.hasDynamicIsland {
            let lock = try #require(device.size(of: .lockScreen))
            #expect(lock.width == Points(hundredths: try #require(device.screenWidth).hundredths - 2200), "\(device.id)")
            #expect(rule(lock.provenance.width)?.hasPrefix("The screen width minus 22 pt") == true, "\(device.id)")
            #expect(device.size(of: .compactLeading) == nil && device.size(of: .minimal) == nil)
        }
    }

    @Test func theIPhone17eIsListedInThe390x844ClassAsAnInferredMember() throws {
        let device = try #require(table.device(id: "iphone-390x844"))
        let index = try #require(device.models.firstIndex(of: "iPhone 17e"))
        #expect(rule(device.modelProvenance[index])?.contains("notch, not a Dynamic Island") == true)
        #expect(page(device.modelProvenance[device.models.firstIndex(of: "iPhone 16e")!]) == .screens)
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
            #expect(device.modelProvenance.count == device.models.count)
            for (model, provenance) in zip(device.models, device.modelProvenance) { expectCited(provenance, "\(device.id) \(model)") }
            for size in device.presentations {
                #expect(size.provenance.fields.map(\.field)
                        == ["width", "height"] + (size.minimumWidth == nil ? [] : ["minWidth"]) + (size.minimumHeight == nil ? [] : ["minHeight"]))
                for (field, provenance) in size.provenance.fields {
                    expectCited(provenance, "\(device.id) \(size.presentation.rawValue).\(field)")
                }
            }
            if let island = device.dynamicIsland {
                for field in ["compactWidth", "expandedWidth", "cornerRadius"] { expectCited(island.provenance[field], "\(device.id) \(field)") }
            }
        }
        #expect(checked > 300)
    }

    @Test func ourReadingsAreMarkedAsOursNotApples() {
        #expect(table.readings.count == 3)
        #expect(table.readings[0].hasPrefix("A pixel limit is the size in points times the device's scale, rounded to the nearest pixel"))
        #expect(table.readings[1].contains("Apple publishes no fallback order"))
    }
}
