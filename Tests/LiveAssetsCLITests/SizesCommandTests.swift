import Foundation
import LiveAssetsTestSupport
import Testing

@Suite struct SizesCommandTests {
    static let heading = """
        Live Activity presentation sizes (HIG Live Activities, revision 2025-12-16; HIG Layout, revision 2025-09-09).
        """
    static let marks = "A number marked [n] is not published by Apple, or is used in a way Apple does not state: note n says which."
    static let readings = """
        Our reading, not Apple's words
        - A pixel limit is the size in points times the device's scale, rounded to the nearest pixel (62.33 pt at @3x is 187 px). Apple asks for a 'resolution that's smaller or equal to the size of the presentation' and gives sizes in points; the conversion and the rounding are ours (values such as 62.33 and 36.67 are 187/3 and 110/3, whole pixels at @3x).
        - A device whose scale variant is missing uses the nearest scale present, the larger of two equally near; Apple publishes no fallback order.
        - StandBy's doubled Lock Screen is not used as a limit; Apple does not say which of the two sizes counts.
        - An image whose presentation is not stated is bounded, on each iPhone and iPad class, by the larger of its Lock Screen and expanded sizes (the most lenient bound that is still correct), never by a watch's or CarPlay's: those show only the compact views or the small view, which an image of unknown view may not be in.
        - A compact view in the Smart Stack or CarPlay is bounded only when the app does not declare the small family (supplementalActivityFamilies); when it does, those surfaces show the small view instead.
        """

    @Test func marksEachInferredNumberAndPrintsEachRuleOnce() throws {
        let result = try CLIRunner.run(["sizes", "--devices", "iPhone Air"])
        #expect(result.status == 0 && result.error == "")
        #expect(result.output == """
            \(Self.heading)
            Largest image per presentation, in points and in pixels at the device's scale.
            \(Self.marks)

            iphone-420x912  420 x 912 pt  @3x  Dynamic Island
              models: iPhone Air
              shown on: Dynamic Island, Lock Screen, StandBy
              compact-leading   62.33[1] x 36.67[1] pt  187 x 110 px
              compact-trailing  62.33[1] x 36.67[1] pt  187 x 110 px
              minimal           45 x 36.67 pt           135 x 110 px   min width 36.67[2] pt
              expanded          408 x 160[3] pt         1224 x 480 px  min height 84[3] pt
              lock-screen       398[4] x 160[3] pt      1194 x 480 px  min height 84[3] pt
              standby           796[5] x 320[5] pt      2388 x 960 px  the Lock Screen view scaled up; not a limit: only undersized-for-standby uses it

            Notes
            [1] Inferred: A class whose Dynamic Island has the compact width of the 430x932 class (250 pt) gets that row's compact sizes.
                From: HIG Live Activities, iOS dimensions: 430x932, compact leading and trailing 62.33x36.67 pt; HIG Live Activities, Dynamic Island widths: compact 250 pt for iPhone 17 Pro Max, iPhone Air and iPhone 16 Pro Max, as for the 430x932 models
            [2] Inferred: The lower end of the minimal width, 36.67 pt, is what every published row gives; ActivityKit gives only the 45x36.67 pt maximum.
                From: HIG Live Activities, iOS dimensions: minimal 36.67-45x36.67 pt on the 430x932 and 393x852 rows
            [3] Inferred: Expanded and Lock Screen heights run from 84 to 160 pt, as on every published iPhone and iPad row.
                From: HIG Live Activities, iOS and iPadOS dimensions: expanded and Lock Screen heights of 84-160 pt on every row; ActivityKit, Understand constraints: 'The system may truncate a Live Activity if its height exceeds 160 points.'
            [4] Inferred: Two rules fit both published rows, the expanded Dynamic Island width (408 pt here) and the screen width minus 22 pt (398 pt here); the stricter, 398 pt, is used.
                From: HIG Live Activities, iOS dimensions: Lock Screen 408 pt wide on 430x932, 371 pt on 393x852; HIG Live Activities, Dynamic Island widths: expanded 408 pt for iPhone 17 Pro Max, iPhone Air and iPhone 16 Pro Max, 371 pt for iPhone 17 Pro, iPhone 17 and iPhone 16 Pro; HIG Layout: 420x912 pt
            [5] Inferred: The Lock Screen size doubled ('scaled up by 2x to fill the screen'), capped at the landscape screen; the HIG also says the default background lets the system 'scale the Live Activity slightly larger', so 2x is not a bound, and Apple does not say whether this size may be used as a limit.
                From: HIG Live Activities, Anatomy, StandBy: the Lock Screen presentation is 'scaled up by 2x to fill the screen'; HIG Live Activities, StandBy presentation: the default background 'allows the system to scale the Live Activity slightly larger'; the class's Lock Screen size and screen size

            \(Self.readings)

            Published numbers come from
            - HIG Layout: https://developer.apple.com/design/human-interface-guidelines/layout
            - ActivityKit: Displaying live data with Live Activities: https://developer.apple.com/documentation/activitykit/displaying-live-data-with-live-activities
            - HIG Live Activities: https://developer.apple.com/design/human-interface-guidelines/live-activities

            """)
    }

    @Test func printsOnePresentationAcrossEveryDeviceThatShowsIt() throws {
        let result = try CLIRunner.run(["sizes", "--presentation", "compact-leading"])
        #expect(result.status == 0 && result.error == "")
        let body = result.output.components(separatedBy: "\n\nNotes\n")
        #expect(body.first == """
            \(Self.heading)
            Largest image per device class, in points and in pixels at the device's scale.
            \(Self.marks)

            compact-leading
              iphone-430x932      @3x     62.33 x 36.67 pt        187 x 110 px                                            models: iPhone 14 Pro Max, iPhone 15 Plus, iPhone 15 Pro Max, iPhone 16 Plus
              iphone-393x852      @3x     52.33 x 36.67 pt        157 x 110 px                                            models: iPhone 14 Pro, iPhone 15, iPhone 15 Pro, iPhone 16
              iphone-440x956      @3x     62.33[1] x 36.67[1] pt  187 x 110 px                                            models: iPhone 16 Pro Max, iPhone 17 Pro Max
              iphone-420x912      @3x     62.33[1] x 36.67[1] pt  187 x 110 px                                            models: iPhone Air
              iphone-402x874      @3x     52.33[2] x 36.67[2] pt  157 x 110 px                                            models: iPhone 16 Pro, iPhone 17, iPhone 17 Pro
              watch-40mm          @2x     152[3] x 69.5[3] pt     304 x 139 px  unless the app declares the small family  models[4]: Apple Watch Series 6 40mm, Apple Watch SE (2nd generation) 40mm, Apple Watch SE 3 40mm
              watch-41mm          @2x     165[3] x 72.5[3] pt     330 x 145 px  unless the app declares the small family  models[4]: Apple Watch Series 7 41mm, Apple Watch Series 8 41mm, Apple Watch Series 9 41mm
              watch-44mm          @2x     173[3] x 76.5[3] pt     346 x 153 px  unless the app declares the small family  models[4]: Apple Watch Series 6 44mm, Apple Watch SE (2nd generation) 44mm, Apple Watch SE 3 44mm
              watch-45mm          @2x     184[3] x 80.5[3] pt     368 x 161 px  unless the app declares the small family  models[4]: Apple Watch Series 7 45mm, Apple Watch Series 8 45mm, Apple Watch Series 9 45mm
              watch-49mm          @2x     191[3] x 81.5[3] pt     382 x 163 px  unless the app declares the small family  models[4]: Apple Watch Ultra, Apple Watch Ultra 2
              watch-49mm-ultra-3  @2x     191[3] x 81.5[3] pt     382 x 163 px  unless the app declares the small family  models[4]: Apple Watch Ultra 3
              watch-42mm          @2x     165[3] x 72.5[3] pt     330 x 145 px  unless the app declares the small family  models[4]: Apple Watch Series 10 42mm, Apple Watch Series 11 42mm
              watch-46mm          @2x     184[3] x 80.5[3] pt     368 x 161 px  unless the app declares the small family  models[4]: Apple Watch Series 10 46mm, Apple Watch Series 11 46mm
              carplay             @2x[5]  170[6] x 78[6] pt       340 x 156 px  unless the app declares the small family  models: CarPlay
              mac                 @2x[7]  52.33[8] x 36.67[8] pt  105 x 73 px                                             models: Mac menu bar  (checked only when chosen)
              Not shown on the other 18 device classes.
            """)
        #expect(body.last?.hasPrefix("[1] Inferred: A class whose Dynamic Island has the compact width of the 430x932 class") == true)
        #expect(body.last?.contains("\n[3] Inferred: A compact leading or trailing view shown in the Smart Stack is bounded by the whole Smart Stack size") == true)
        #expect(body.last?.contains("\n[8] Inferred: The Mac menu bar uses 'the provided iOS dimensions' without naming a row") == true)
    }

    @Test func printsEveryFootnoteOnceForTheWholeTable() throws {
        let output = try CLIRunner.run(["sizes"]).output
        let notes = output.split(separator: "\n").filter { $0.first == "[" }
        #expect(notes.count == Set(notes).count)
        #expect(notes.count == 27)
        // Every mark refers to a note, every note is referred to, and notes are numbered in reading order.
        let body = try #require(output.components(separatedBy: "\nNotes\n").first)
        let marks = body.components(separatedBy: "[").dropFirst().compactMap { Int($0.prefix { $0 != "]" }) }
        #expect(Set(marks) == Set(1...notes.count))
        var seen = 0
        for mark in marks where mark > seen {
            #expect(mark == seen + 1, "note \(mark) is used before note \(seen + 1)")
            seen = mark
        }
        // Published rows carry no mark.
        #expect(output.contains("\n  compact-leading   62.33 x 36.67 pt    187 x 110 px\n"))
        #expect(output.contains("\nipad-1366x1024  1024 x 1366 pt  @2x\n  models["))
    }

    @Test func printsJSONWithEachNumbersProvenance() throws {
        // The golden file spells out the screen, the scale, each model and each number of the class
        // with the page that prints it; `UPDATE_GOLDEN=1` rewrites it.
        let result = try CLIRunner.run(["sizes", "--json", "--devices", "ipad-1194x834"])
        #expect(result.status == 0 && result.error == "")
        try Golden.expectMatches(result.output, "sizes-ipad-1194x834.json")
    }

    @Test func printsEachOfSeveralPresentationsInTurn() throws {
        let result = try CLIRunner.run(["sizes", "--devices", "iPhone 16,iPhone XR", "--presentation", "minimal,lock-screen"])
        #expect(result.status == 0)
        #expect(result.output.components(separatedBy: "\n\nNotes\n").first?.components(separatedBy: "\n\n").dropFirst() == [
            """
            minimal
              iphone-393x852     @3x  45 x 36.67 pt        135 x 110 px  min width 36.67 pt  models: iPhone 14 Pro, iPhone 15, iPhone 15 Pro, iPhone 16
              iphone-414x896-2x  @2x  45[1] x 36.67[1] pt  90 x 73 px    in StandBy          models: iPhone XR, iPhone 11
            """,
            """
            lock-screen (Lock Screen)
              iphone-393x852     @3x  371 x 160 pt        1113 x 480 px  min height 84 pt     models: iPhone 14 Pro, iPhone 15, iPhone 15 Pro, iPhone 16
              iphone-414x896-2x  @2x  392[2] x 160[3] pt  784 x 320 px   min height 84[3] pt  models: iPhone XR, iPhone 11
            """,
        ])
    }

    @Test func jsonSpellsOutAnInferenceAndAPublishedNumberOfOnePresentation() throws {
        let result = try CLIRunner.run(["sizes", "--json", "--devices", "iPhone Air", "--presentation", "expanded"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let device = try #require((root["devices"] as? [[String: Any]])?.first)
        let presentations = try #require(device["presentations"] as? [[String: Any]])
        #expect(presentations.map { $0["presentation"] as? String } == ["expanded"])
        let provenance = try #require(presentations.first?["provenance"] as? [String: [String: Any]])
        #expect(provenance.keys.sorted() == ["height", "minHeight", "width"])
        #expect(provenance["width"]?["url"] as? String
            == "https://developer.apple.com/design/human-interface-guidelines/live-activities#iOS-dimensions")
        #expect(provenance["width"]?["section"] as? String == "Specifications: iOS dimensions, Dynamic Island widths and corner radius")
        #expect(provenance["height"]?["inferred"] as? String
            == "Expanded and Lock Screen heights run from 84 to 160 pt, as on every published iPhone and iPad row.")
        #expect((provenance["height"]?["from"] as? [String])?.count == 2)
    }

    @Test func deviceIsKeptAsAnAliasOfDevices() throws {
        let alias = try CLIRunner.run(["sizes", "--device", "iPhone XR"])
        #expect(alias.status == 0)
        #expect(alias.output == (try CLIRunner.run(["sizes", "--devices", "iPhone XR"])).output)
        #expect(alias.output.contains("\niphone-414x896-2x  414 x 896 pt  @2x\n  models: iPhone XR, iPhone 11\n"))
        #expect(try CLIRunner.run(["sizes", "--help"]).output.contains(
            "  --devices <LIST>        Device classes, families or model names, comma-separated. (also --device)\n"))
    }

    @Test func selectsByFamilyAndModelName() throws {
        let result = try CLIRunner.run(["sizes", "--devices", "watch,iPhone XR,mac"])
        #expect(result.status == 0)
        let headings = result.output.split(separator: "\n").filter { $0.first?.isLetter == true && $0.contains("  @") }
        #expect(headings.map { String($0.prefix { $0 != " " }) } == [
            "iphone-414x896-2x", "watch-40mm", "watch-41mm", "watch-44mm", "watch-45mm", "watch-49mm", "watch-49mm-ultra-3",
            "watch-42mm", "watch-46mm", "mac",
        ])
        #expect(result.output.contains("\nmac  @2x[11]  (checked only when chosen)\n  models: Mac menu bar\n  shown on: Mac menu bar\n"))
    }

    @Test func aPresentationNoSelectedDeviceShowsIsAUsageError() throws {
        let result = try CLIRunner.run(["sizes", "--devices", "iPhone XR", "--presentation", "compact-leading"])
        #expect(result.status == 64 && result.output == "")
        #expect(result.error.hasPrefix("Error: compact-leading is not shown on iPhone XR (iphone-414x896-2x); 'liveassets sizes --presentation compact-leading' lists the classes that show it\n"))
        // A surface named as a presentation is read as the view it shows, with a warning.
        let two = try CLIRunner.run(["sizes", "--devices", "watch", "--presentation", "minimal,standby"])
        #expect(two.status == 64)
        #expect(two.error.hasPrefix("warning: --presentation: 'standby' is a surface, not a presentation, and is read as 'lock-screen'; write 'lock-screen' instead.\nError: minimal and lock-screen are not shown on the 8 selected device classes; 'liveassets sizes --presentation minimal,lock-screen' lists the classes that show them\n"))
        let unknown = try CLIRunner.run(["sizes", "--presentation", "compact-leadin"])
        #expect(unknown.status == 64)
        #expect(unknown.error.hasPrefix("Error: Unknown presentation 'compact-leadin'. Did you mean 'compact-leading'?\n"))
        let far = try CLIRunner.run(["sizes", "--presentation", "compact"])
        #expect(far.error.hasPrefix("Error: Unknown presentation 'compact'; expected one of compact-leading, compact-trailing, minimal, expanded, lock-screen, small\n"))
    }

    @Test func unknownDeviceIsAUsageErrorWithASuggestion() throws {
        let result = try CLIRunner.run(["sizes", "--devices", "iphone-430x923"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: Unknown device 'iphone-430x923'. Did you mean 'iphone-430x932'?\n"))
    }

    @Test func aBrokenTableFileIsNamedWithItsLine() throws {
        let folder = try TemporaryDirectory()
        let table = try folder.write("table.json", Array("{\"schemaVersion\": 1,\n \"devices\": [}\n".utf8))
        let result = try CLIRunner.run(["sizes", "--table", table])
        #expect(result.status == 1)
        #expect(result.error == "Error: \(table) is not valid JSON at line 2, column 14: unexpected character '}'.\n")
        let missing = try CLIRunner.run(["sizes", "--table", folder.path("none.json")])
        #expect(missing.status == 1)
        #expect(missing.error == "Error: \(folder.path("none.json")) could not be read: no such file or directory.\n")
    }

    @Test func aVersion1TableGivenWithTableStillPrints() throws {
        let folder = try TemporaryDirectory()
        let table = try folder.write("v1.json", Array("""
            {"schemaVersion": 1, "revision": "ours", "devices": [
            {"id": "phone", "family": "iphone", "scale": 3, "models": ["Phone"], "dynamicIsland": false, "source": "our lab",
             "presentations": {"lock-screen": {"width": 300, "height": 100, "inferred": "measured on our phones"}}}]}
            """.utf8))
        let result = try CLIRunner.run(["sizes", "--table", table])
        #expect(result.status == 0)
        #expect(result.output == """
            Live Activity presentation sizes (ours).
            Largest image per presentation, in points and in pixels at the device's scale.
            \(Self.marks)

            phone  @3x
              models: Phone
              shown on: Lock Screen
              lock-screen  300[1] x 100[1] pt  900 x 300 px

            Notes
            [1] Inferred: measured on our phones

            Published numbers come from
            - our lab

            """)
    }

    @Test func anInstalledBinaryCarriesItsTable() throws {
        // Copied away from the build folder, the binary has no resource bundle beside it.
        let folder = try TemporaryDirectory()
        let copy = folder.url.appendingPathComponent("liveassets")
        try FileManager.default.copyItem(at: CLIRunner.executable, to: copy)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["sizes", "--devices", "carplay"]
        process.currentDirectoryURL = folder.url
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.contains("\ncarplay  @2x[1]\n  models: CarPlay\n  shown on: CarPlay\n  compact-leading   170[2] x 78[2] pt  340 x 156 px  unless the app declares the small family\n"))
        #expect(output.contains("\n  small             170[3] x 78[3] pt  340 x 156 px  when the app declares the small family\n"))
        #expect(output.contains("\n[3] Published (HIG Live Activities, revision 2025-12-16, Specifications: CarPlay dimensions); the smallest width and height among the three sizes the HIG lists (240x78, 240x100 and 170x78 pt), so an image fits whichever layout the system picks; choosing it as the limit is our reading\n"))
    }
}
