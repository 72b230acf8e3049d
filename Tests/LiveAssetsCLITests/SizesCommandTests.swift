import Foundation
import LiveAssetsTestSupport
import Testing

@Suite struct SizesCommandTests {
    @Test func printsPointsAndPixelsForADevice() throws {
        let result = try CLIRunner.run(["sizes", "--device", "iphone-430x932"])
        #expect(result.status == 0 && result.error == "")
        #expect(result.output == """
            Live Activity presentation sizes (HIG Live Activities, revision 2025-12-16; HIG Layout (iPhone 17 era)).
            Largest image per presentation; * = inferred, not published by Apple (the rule follows).

            iphone-430x932  @3x  Dynamic Island  iPhone 14 Pro Max, iPhone 15 Plus, iPhone 15 Pro Max, iPhone 16 Plus
              compact-leading   62.33 x 36.67 pt  187 x 110 px
              compact-trailing  62.33 x 36.67 pt  187 x 110 px
              minimal           45 x 36.67 pt     135 x 110 px    width from 36.67 pt
              expanded          408 x 160 pt      1224 x 480 px   height from 84 pt
              lock-screen       408 x 160 pt      1224 x 480 px   height from 84 pt
              standby *         816 x 320 pt      2448 x 960 px
                  * Lock Screen x2: the HIG says that in StandBy the Lock Screen presentation is scaled up by 2x to fill the screen; Apple does not say whether this larger size may be used as a limit

            """)
    }

    @Test func printsJSONWithExactPoints() throws {
        let result = try CLIRunner.run(["sizes", "--json", "--device", "ipad-1194x834"])
        #expect(result.status == 0)
        #expect(result.output == """
            {
              "revision": "HIG Live Activities, revision 2025-12-16; HIG Layout (iPhone 17 era)",
              "devices": [
                {
                  "id": "ipad-1194x834",
                  "family": "ipad",
                  "scale": 2,
                  "models": [
                    "iPad Pro 11-inch (1st-4th generation)"
                  ],
                  "dynamicIsland": false,
                  "presentations": [
                    {
                      "presentation": "lock-screen",
                      "points": {
                        "width": 425,
                        "height": 160,
                        "minHeight": 84
                      },
                      "pixels": {
                        "width": 850,
                        "height": 320
                      },
                      "source": "HIG Live Activities, Specifications, revision 2025-12-16"
                    }
                  ]
                }
              ]
            }

            """)
    }

    @Test func selectsByFamilyAndModelName() throws {
        let result = try CLIRunner.run(["sizes", "--device", "watch,iPhone XR"])
        #expect(result.status == 0)
        let headings = result.output.split(separator: "\n").filter { !$0.hasPrefix(" ") && $0.contains("@") }
        #expect(headings.map { String($0.prefix { $0 != " " }) } == [
            "iphone-414x896-2x", "watch-40mm", "watch-41mm", "watch-44mm", "watch-45mm", "watch-49mm", "watch-42mm",
            "watch-46mm",
        ])
    }

    @Test func unknownDeviceIsAUsageErrorWithASuggestion() throws {
        let result = try CLIRunner.run(["sizes", "--device", "iphone-430x923"])
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

    @Test func anInstalledBinaryCarriesItsTable() throws {
        // Copied away from the build folder, the binary has no resource bundle beside it.
        let folder = try TemporaryDirectory()
        let copy = folder.url.appendingPathComponent("liveassets")
        try FileManager.default.copyItem(at: CLIRunner.executable, to: copy)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["sizes", "--device", "carplay"]
        process.currentDirectoryURL = folder.url
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.contains("  carplay *         170 x 78 pt       340 x 156 px"))
    }
}
