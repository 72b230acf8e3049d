import Foundation
import LiveAssetsCore
import LiveAssetsTestSupport
import Testing

@Suite struct PointsTests {
    @Test func readsDecimalsExactly() {
        #expect(Points("62.33")?.hundredths == 6233)
        #expect(Points("45")?.hundredths == 4500)
        #expect(Points("69.5")?.hundredths == 6950)
        #expect(Points("0.07")?.hundredths == 7)
        #expect(Points("9999999.99")?.hundredths == 999_999_999)
        #expect(Points("007")?.hundredths == 700)
        for bad in ["", "-1", "1.234", "1.", ".5", ".", "1.2.3", "1..2", "1e3", "abc", " 1", "1 ", "+1", "12345678",
                    "1\u{301}", "\u{0661}", "１"] {
            #expect(Points(bad) == nil, "\(bad)")
        }
    }

    @Test func roundsPixelsToTheNearestWithoutDrift() {
        #expect(Points("62.33")!.pixels(atScale: 3) == 187)  // 186.99
        #expect(Points("36.67")!.pixels(atScale: 3) == 110)  // 110.01
        #expect(Points("52.33")!.pixels(atScale: 3) == 157)
        #expect(Points("36.67")!.pixels(atScale: 2) == 73)  // 73.34
        #expect(Points("69.5")!.pixels(atScale: 2) == 139)
        #expect(Points("0.5")!.pixels(atScale: 1) == 1)  // halves round up
        #expect(Points("0.49")!.pixels(atScale: 1) == 0)
        // Every hundredth from 0 to 200 pt at every scale: the integer rule equals exact rounding.
        for hundredths in 0...20_000 {
            for scale in 1...3 {
                let exact = hundredths * scale  // in hundredths of a pixel
                let expected = exact / 100 + (exact % 100 >= 50 ? 1 : 0)
                #expect(Points(hundredths: hundredths).pixels(atScale: scale) == expected)
            }
        }
    }

    @Test func printsTheShortestDecimal() {
        #expect(["62.33", "45", "69.5", "0.07"].map { Points($0)!.description } == ["62.33", "45", "69.5", "0.07"])
    }
}

@Suite struct SizeTableTests {
    let table = SizeTable.bundled

    func limit(_ device: String, _ presentation: Presentation) -> PixelSize? {
        guard let device = table.device(id: device) else { return nil }
        return device.size(of: presentation)?.limit(atScale: device.scale)
    }

    @Test func bundledTableIsTheRepositoryFile() throws {
        let file = Repository.root.appendingPathComponent("presentation-sizes.json").path
        #expect(try SizeTable(contentsOf: file) == table)
        #expect(table.devices.count == 31)
    }

    @Test func givesTheKnownPixelLimits() {
        #expect(limit("iphone-430x932", .compactLeading) == PixelSize(width: 187, height: 110))
        #expect(limit("iphone-430x932", .compactTrailing) == PixelSize(width: 187, height: 110))
        #expect(limit("iphone-430x932", .minimal) == PixelSize(width: 135, height: 110))
        #expect(limit("iphone-430x932", .lockScreen) == PixelSize(width: 1224, height: 480))
        #expect(limit("iphone-430x932", .expanded) == PixelSize(width: 1224, height: 480))
        #expect(limit("iphone-393x852", .compactLeading) == PixelSize(width: 157, height: 110))
        #expect(limit("iphone-393x852", .lockScreen) == PixelSize(width: 1113, height: 480))
        #expect(limit("ipad-1194x834", .lockScreen) == PixelSize(width: 850, height: 320))
        #expect(limit("ipad-1366x1024", .lockScreen) == PixelSize(width: 1000, height: 320))
        #expect(limit("watch-40mm", .smartStack) == PixelSize(width: 304, height: 139))
        #expect(limit("watch-49mm", .smartStack) == PixelSize(width: 382, height: 163))
        #expect(limit("iphone-414x896-2x", .lockScreen) == PixelSize(width: 784, height: 320))
    }

    @Test func everyPublishedHIGNumberIsPresentWithItsSource() {
        let hig = "HIG Live Activities, Specifications, revision 2025-12-16"
        func published(_ device: String, _ presentation: Presentation, _ width: String, _ height: String,
                       minWidth: String? = nil, minHeight: String? = nil) {
            let size = table.device(id: device)?.size(of: presentation)
            #expect(size?.width == Points(width), "\(device) \(presentation)")
            #expect(size?.height == Points(height), "\(device) \(presentation)")
            #expect(size?.minimumWidth == minWidth.flatMap(Points.init), "\(device) \(presentation)")
            #expect(size?.minimumHeight == minHeight.flatMap(Points.init), "\(device) \(presentation)")
            #expect(size?.provenance.isInferred == false, "\(device) \(presentation)")
            #expect(size?.provenance.text.contains(hig) == true, "\(device) \(presentation)")
        }
        for (device, compact, wide) in [("iphone-430x932", "62.33", "408"), ("iphone-393x852", "52.33", "371")] {
            published(device, .compactLeading, compact, "36.67")
            published(device, .compactTrailing, compact, "36.67")
            published(device, .minimal, "45", "36.67", minWidth: "36.67")
            published(device, .expanded, wide, "160", minHeight: "84")
            published(device, .lockScreen, wide, "160", minHeight: "84")
        }
        published("ipad-1366x1024", .lockScreen, "500", "160", minHeight: "84")
        for id in ["ipad-1194x834", "ipad-1012x834", "ipad-1080x810", "ipad-1024x768"] {
            published(id, .lockScreen, "425", "160", minHeight: "84")
        }
        for (id, width, height) in [("watch-40mm", "152", "69.5"), ("watch-41mm", "165", "72.5"),
                                    ("watch-44mm", "173", "76.5"), ("watch-45mm", "184", "80.5"),
                                    ("watch-49mm", "191", "81.5")] {
            let size = table.device(id: id)?.size(of: .smartStack)
            #expect(size?.width == Points(width) && size?.height == Points(height), "\(id)")
            #expect(size?.provenance.text.contains("HIG Live Activities") == true && size?.provenance.isInferred == false)
        }
        let carplay = table.device(id: "carplay")?.size(of: .carplay)
        #expect(carplay?.provenance.text.contains("240x78, 240x100 and 170x78 pt") == true)
        #expect(table.device(id: "iphone-430x932")?.size(of: .minimal)?.provenance.text
            .contains("shouldn't exceed 45x36.67 points") == true)
    }

    @Test func unpublishedValuesAreMarkedInferred() {
        for id in ["iphone-440x956", "iphone-420x912", "iphone-402x874"] {
            #expect(table.device(id: id)?.size(of: .compactLeading)?.provenance.isInferred == true)
            #expect(table.device(id: id)?.size(of: .lockScreen)?.provenance.isInferred == true)
        }
        for device in table.devices where !device.hasDynamicIsland && device.family == .iphone {
            #expect(device.size(of: .lockScreen)?.provenance.isInferred == true, "\(device.id)")
        }
        for id in ["ipad-1376x1032", "ipad-1210x834", "ipad-1180x820", "ipad-1133x744", "ipad-1112x834",
                   "watch-42mm", "watch-46mm", "carplay"] {
            #expect(table.device(id: id)?.presentations.allSatisfy(\.provenance.isInferred) == true, "\(id)")
        }
        #expect(table.device(id: "carplay")?.scaleProvenance.isInferred == true)
    }

    @Test func standByIsTheLockScreenDoubledAndInferred() {
        for device in table.devices {
            guard let standby = device.size(of: .standby) else { continue }
            let lock = try! #require(device.size(of: .lockScreen))
            #expect(standby.width == lock.width * 2 && standby.height == lock.height * 2, "\(device.id)")
            #expect(standby.provenance.isInferred)
            #expect(device.largestPresentation?.presentation != .standby)
        }
    }

    @Test func selectsDevicesByIdFamilyOrModel() throws {
        #expect(try table.devices(matching: ["iphone-430x932"]).map(\.id) == ["iphone-430x932"])
        #expect(try table.devices(matching: ["watch"]).count == 7)
        #expect(try table.devices(matching: ["iphone xr", "carplay"]).map(\.id) == ["iphone-414x896-2x", "carplay"])
        #expect(try table.devices(matching: ["iPhone 13 mini"]).map(\.id) == ["iphone-375x812", "iphone-360x780"])
        #expect(throws: SizeTable.UnknownSelector(selector: "iphone-430x923", suggestion: "iphone-430x932")) {
            try table.devices(matching: ["iphone-430x923"])
        }
    }
}

@Suite struct SizeTableValidationTests {
    func error(_ json: String) -> SizeTableError? {
        do throws(SizeTableError) {
            _ = try SizeTable(json: Array(json.utf8), file: "t.json")
            return nil
        } catch { return error }
    }

    static let device = """
        {"id": "x", "family": "iphone", "scale": 3, "models": [], "dynamicIsland": false, "source": "s",
         "presentations": {"lock-screen": {"width": 10, "height": 20, "source": "s"}}}
        """

    @Test func acceptsAMinimalTable() {
        #expect(error(#"{"schemaVersion": 1, "revision": "r", "devices": [\#(Self.device)]}"#) == nil)
    }

    @Test func namesTheLineAndColumnOfBadJSON() {
        #expect(error("{\n  \"schemaVersion\": 1,\n  \"devices\": [,]\n}")
            == .invalidJSON(file: "t.json", line: 3, column: 15, reason: "unexpected character ','"))
    }

    @Test func refusesAnUnknownSchemaVersion() {
        #expect(error(#"{"schemaVersion": 2, "revision": "r", "devices": []}"#)
            == .unsupportedSchemaVersion(file: "t.json", found: "2", supported: 1))
        #expect(error(#"{"revision": "r"}"#) == .unsupportedSchemaVersion(file: "t.json", found: nil, supported: 1))
    }

    @Test func namesTheBadEntryAndItsLine() {
        let noProvenance = Self.device.replacingOccurrences(of: #""height": 20, "source": "s""#, with: #""height": 20"#)
        #expect(error("{\"schemaVersion\": 1, \"revision\": \"r\",\n\"devices\": [\(noProvenance)]}")
            == .invalidEntry(file: "t.json", entry: #"devices[0] ("x").presentations.lock-screen"#, line: 3,
                             reason: #"expected exactly one of "source" or "inferred" with a non-empty text"#))
        let badName = Self.device.replacingOccurrences(of: "lock-screen", with: "lockscreen")
        #expect(error(#"{"schemaVersion": 1, "revision": "r", "devices": [\#(badName)]}"#)?.message.contains(
            #"devices[0] ("x").presentations.lockscreen at line 2: unknown presentation"#) == true)
        let threeDecimals = Self.device.replacingOccurrences(of: #""width": 10"#, with: #""width": 10.333"#)
        #expect(error(#"{"schemaVersion": 1, "revision": "r", "devices": [\#(threeDecimals)]}"#)
            == .invalidEntry(file: "t.json", entry: #"devices[0] ("x").presentations.lock-screen.width"#, line: 2,
                             reason: "expected a positive number of points with at most two decimals"))
        #expect(error(#"{"schemaVersion": 1, "revision": "r", "devices": [\#(Self.device), \#(Self.device)]}"#)?.message
            == #"t.json has an invalid entry devices[1].id at line 2: the id "x" is used twice."#)
    }
}
