import Foundation
import LiveAssets
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
        #expect(table.devices.count == 33)
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
        #expect(limit("watch-40mm", .small) == PixelSize(width: 304, height: 139))
        #expect(limit("watch-49mm", .small) == PixelSize(width: 382, height: 163))
        #expect(limit("iphone-414x896-2x", .lockScreen) == PixelSize(width: 784, height: 320))
    }

    @Test func standByIsTheLockScreenDoubledCappedAtTheLandscapeScreenAndInferred() throws {
        for device in table.devices {
            guard let standby = device.standby else { continue }
            let lock = try #require(device.size(of: .lockScreen))
            let screenWidth = try #require(device.screenWidth), screenHeight = try #require(device.screenHeight)
            #expect(standby.width == min(lock.width * 2, screenHeight), "\(device.id)")
            #expect(standby.height == min(lock.height * 2, screenWidth), "\(device.id)")
            #expect(standby.provenance.isInferred)
        }
        // The one class the cap binds: 353 x 2 = 706 pt would be wider than the 667-pt landscape screen.
        #expect(table.device(id: "iphone-375x667")?.standby?.width == Points(667))
        #expect(table.device(id: "iphone-375x812")?.standby?.width == Points(706))
    }

    @Test func selectsDevicesByIdFamilyOrModel() throws {
        #expect(try table.devices(matching: ["iphone-430x932"]).map(\.id) == ["iphone-430x932"])
        #expect(try table.devices(matching: ["watch"]).count == 8)
        #expect(try table.devices(matching: ["mac"]).map(\.id) == ["mac"])
        #expect(try table.devices(matching: ["iPad Pro 11-inch"]).map(\.id) == ["ipad-1194x834", "ipad-1210x834"])
        #expect(try table.devices(matching: ["ipad pro 11-inch (m4)"]).map(\.id) == ["ipad-1210x834"])
        #expect(try table.devices(matching: ["Apple Watch Series 10"]).map(\.id) == ["watch-42mm", "watch-46mm"])
        #expect(try table.devices(matching: ["Apple Watch Ultra 3"]).map(\.id) == ["watch-49mm-ultra-3"])
        #expect(try table.devices(matching: ["iPhone 17e"]).map(\.id) == ["iphone-390x844"])
        #expect(try table.devices(matching: ["iPhone 16"]).map(\.id) == ["iphone-393x852"])
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
        #expect(error(#"{"schemaVersion": 3, "revision": "r", "devices": []}"#)
            == .unsupportedSchemaVersion(file: "t.json", found: "3", supported: 2))
        #expect(error(#"{"schemaVersion": 3, "revision": "r", "devices": []}"#)?.message
            == "t.json has schemaVersion 3, but this build reads versions 1 and 2.")
        #expect(error(#"{"revision": "r"}"#) == .unsupportedSchemaVersion(file: "t.json", found: nil, supported: 2))
        #expect(error(#"{"revision": "r"}"#)?.message
            == #"t.json has no schemaVersion; add "schemaVersion": 2 (this build reads versions 1 and 2)."#)
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

/// Schema version 2: every number names its provenance, and the loader holds the table to it.
@Suite struct SizeTableVersion2Tests {
    func load(_ json: String) -> Result<SizeTable, SizeTableError> {
        Result { () throws(SizeTableError) in try SizeTable(json: Array(json.utf8), file: "t.json") }
    }

    func error(_ json: String) -> SizeTableError? {
        if case .failure(let error) = load(json) { return error }
        return nil
    }

    static let references = """
        "readings": ["ours"], "sources": {"hig": {"document": "HIG Live Activities", "revision": "2025-12-16", "section": "Specifications",
                            "url": "https://developer.apple.com/design/human-interface-guidelines/live-activities#Specifications"}},
        "inferences": {"rows": {"rule": "Same as the published row.", "from": ["HIG row 393x852"]}}
        """

    func table(_ presentation: String, island: String = "false", keys: String = "") -> String {
        """
        {"schemaVersion": 2, "revision": "r", \(Self.references),
         "devices": [{"id": "x", "family": "iphone", "scale": 3, "models": ["iPhone X"], \(keys)
          "provenance": {"scale": "hig", "models": "hig"}, "dynamicIsland": \(island),
          "presentations": {"lock-screen": \(presentation)}}]}
        """
    }

    @Test func readsEachNumbersOwnProvenance() throws {
        let json = table(#"{"width": 10, "height": 20, "minHeight": 5, "provenance": {"width": "hig", "height": "rows", "minHeight": {"source": "hig", "note": "n"}}}"#)
        let size = try #require(try load(json).get().devices.first?.size(of: .lockScreen))
        #expect(size.provenance.width == .published(PublishedSource(
            document: "HIG Live Activities", revision: "2025-12-16", section: "Specifications",
            url: "https://developer.apple.com/design/human-interface-guidelines/live-activities#Specifications")))
        #expect(size.provenance.height == .inferred(Inference(rule: "Same as the published row.", from: ["HIG row 393x852"])))
        guard case .published(let noted)? = size.provenance.minimumHeight else { Issue.record("minHeight is not published"); return }
        #expect(noted.note == "n" && noted.document == "HIG Live Activities")
        #expect(size.provenance.isInferred)  // the height is
        #expect(size.provenance.minimumWidth == nil)
    }

    @Test func aNoteOnASourceGoesWithEveryNumberThatCitesIt() throws {
        let json = table(#"{"width": 10, "height": 20, "provenance": {"width": "noted", "height": "noted"}}"#)
            .replacingOccurrences(of: #""sources": {"#, with: #""sources": {"noted": {"document": "D", "revision": "1", "section": "S", "url": "https://example.com/d#S", "note": "ours"}, "#)
        let size = try #require(try load(json).get().devices.first?.size(of: .lockScreen))
        #expect(size.provenance.width == .published(PublishedSource(document: "D", revision: "1", section: "S", url: "https://example.com/d#S", note: "ours")))
        #expect(size.provenance.height == size.provenance.width && !size.provenance.isInferred)
    }

    @Test func refusesANumberWithoutProvenance() {
        #expect(error(table(#"{"width": 10, "height": 20, "minHeight": 5, "provenance": {"width": "hig", "height": "hig"}}"#))?.message
            == #"t.json has an invalid entry devices[0] ("x").presentations.lock-screen.provenance at line 6: no provenance for minHeight: each needs a source or an inference."#)
    }

    @Test func refusesProvenanceForANumberTheEntryDoesNotHave() {
        #expect(error(table(#"{"width": 10, "height": 20, "provenance": {"width": "hig", "height": "hig", "minWidth": "hig"}}"#))?.message
            == #"t.json has an invalid entry devices[0] ("x").presentations.lock-screen.provenance.minWidth at line 6: the entry has no "minWidth" to cite; expected the provenance of width, height."#)
    }

    @Test func refusesAnUnknownReferenceSuggestingTheClosest() {
        #expect(error(table(#"{"width": 10, "height": 20, "provenance": {"width": "hgi", "height": "hig"}}"#))?.message
            == #"t.json has an invalid entry devices[0] ("x").presentations.lock-screen.provenance.width at line 6: "hgi" is neither a source nor an inference of the table (did you mean "hig"?)."#)
    }

    @Test func refusesAMisspeltKeyInsteadOfDroppingItsNumber() {
        #expect(error(table(#"{"width": 10, "height": 20, "minheight": 5, "provenance": {"width": "hig", "height": "hig"}}"#))?.message
            == #"t.json has an invalid entry devices[0] ("x").presentations.lock-screen.minheight at line 6: unknown key (did you mean "minHeight"?); expected "width", "height", "minWidth", "minHeight", "provenance"."#)
    }

    @Test func suggestsTheFieldAMisspeltProvenanceKeyMeant() {
        #expect(error(table(#"{"width": 10, "height": 20, "provenance": {"width": "hig", "hieght": "hig"}}"#))?.message
            == #"t.json has an invalid entry devices[0] ("x").presentations.lock-screen.provenance.hieght at line 6: the entry has no "hieght" to cite (did you mean "height"?); expected the provenance of width, height."#)
    }

    @Test func anInferenceWrittenInPlaceIsSentToTheInferences() {
        #expect(error(table(#"{"width": 10, "height": 20, "provenance": {"width": {"rule": "mine"}, "height": "hig"}}"#))?.message
            == #"t.json has an invalid entry devices[0] ("x").presentations.lock-screen.provenance.width at line 6: an inference is written once under "inferences" and cited here by its id."#)
    }

    @Test func refusesAKeyWrittenTwice() {
        #expect(error(table(#"{"width": 10, "width": 12, "height": 20, "provenance": {"width": "hig", "height": "hig"}}"#))?.message
            == #"t.json has an invalid entry devices[0].presentations.lock-screen.width at line 6: the key is written twice (first at line 6); keep one."#)
    }

    @Test func refusesASourceWithoutAnAddressAndAnInferenceWithoutOrigins() {
        let noURL = table(#"{"width": 10, "height": 20, "provenance": {"width": "hig", "height": "hig"}}"#)
            .replacingOccurrences(of: "https://developer.apple.com/design/human-interface-guidelines/live-activities#Specifications", with: "")
        #expect(error(noURL)?.message == "t.json has an invalid entry sources.hig.url at line 2: expected a non-empty string.")
        let noOrigins = table(#"{"width": 10, "height": 20, "provenance": {"width": "hig", "height": "hig"}}"#)
            .replacingOccurrences(of: #"["HIG row 393x852"]"#, with: "[]")
        #expect(error(noOrigins)?.message == "t.json has an invalid entry inferences.rows.from at line 3: expected a non-empty array of strings.")
    }

    @Test func readsTheIslandOutlineWithItsProvenance() throws {
        let island = #"{"compactWidth": 230, "expandedWidth": 371, "cornerRadius": 44, "provenance": {"compactWidth": "hig", "expandedWidth": "hig", "cornerRadius": "rows"}}"#
        let device = try #require(try load(table(#"{"width": 10, "height": 20, "provenance": {"width": "hig", "height": "hig"}}"#, island: island)).get().devices.first)
        #expect(device.hasDynamicIsland && device.dynamicIsland?.compactWidth == Points(230) && device.dynamicIsland?.cornerRadius == Points(44))
        #expect(device.dynamicIsland?.cornerRadiusProvenance?.isInferred == true)
        #expect(error(table(#"{"width": 10, "height": 20, "provenance": {"width": "hig", "height": "hig"}}"#, island: "true"))?.message.contains(
            #"dynamicIsland at line 5: expected false or the island's outline"#) == true)
    }

    @Test func readsWhetherAClassIsCheckedByDefault() throws {
        let size = #"{"width": 10, "height": 20, "provenance": {"width": "hig", "height": "hig"}}"#
        #expect(try load(table(size)).get().devices.first?.isSelectedByDefault == true)
        #expect(try load(table(size, keys: #""selectedByDefault": false,"#)).get().defaultDevices.isEmpty)
    }

    @Test func aVersion1TableStillLoadsWithItsPresentationWideProvenanceOnEachNumber() throws {
        let json = """
            {"schemaVersion": 1, "revision": "r", "devices": [
            {"id": "x", "family": "iphone", "scale": 3, "models": ["iPhone X"], "dynamicIsland": false, "source": "HIG Layout",
             "screen": {"width": 375, "height": 812},
             "presentations": {"lock-screen": {"width": 353, "minHeight": 84, "height": 160, "inferred": "screen width - 22 pt"}}}]}
            """
        let device = try #require(try load(json).get().devices.first)
        let size = try #require(device.size(of: .lockScreen))
        let rule = Provenance.inferred(Inference(rule: "screen width - 22 pt"))
        #expect(size.provenance == SizeProvenance(width: rule, height: rule, minimumHeight: rule))
        #expect(device.scaleProvenance == .published(PublishedSource(document: "HIG Layout")))
        #expect(device.screenProvenance == .published(PublishedSource(document: "HIG Layout")))
        #expect(device.listedModels == [DeviceModel(name: "iPhone X", provenance: .published(PublishedSource(document: "HIG Layout")))])
        #expect(device.isSelectedByDefault)
    }

    @Test func aVersion1ClassWithOnlyAScaleInferenceHasNoSourceForItsModels() throws {
        // The scale's rule says nothing about the models: they get their own "no source" inference.
        let json = """
            {"schemaVersion": 1, "revision": "r", "devices": [
            {"id": "car", "family": "carplay", "scale": 2, "models": ["CarPlay"], "dynamicIsland": false, "scaleInferred": "2x assumed",
             "presentations": {"carplay": {"width": 170, "height": 78, "source": "HIG"}}}]}
            """
        let device = try #require(try load(json).get().devices.first)
        #expect(device.scaleProvenance == .inferred(Inference(rule: "2x assumed")))
        #expect(device.listedModels.first?.provenance == .inferred(Inference(
            rule: "Not given: this version-1 table has no source for the device's screen and models, only a rule for its scale.")))
    }

    @Test func refusesAnUnknownTopLevelKeyAndATableWithoutReadings() {
        let size = #"{"width": 10, "height": 20, "provenance": {"width": "hig", "height": "hig"}}"#
        #expect(error(table(size).replacingOccurrences(of: #""revision": "r","#, with: #""revision": "r", "reading": ["x"],"#))?.message
            == #"t.json has an invalid entry reading at line 1: unknown key (did you mean "readings"?); expected "schemaVersion", "revision", "notes", "readings", "sources", "inferences", "devices"."#)
        #expect(error(table(size).replacingOccurrences(of: #""readings": ["ours"], "#, with: ""))?.message
            == "t.json has an invalid entry the table.readings at line 1: missing.")
        #expect(error(table(size)) == nil)
    }
}
