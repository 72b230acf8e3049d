import Foundation
import LiveAssetsRun
import Testing

/// A single-scale image set made an Individual Scales set, as Xcode lays one out, by the smallest edit.
@Suite struct SingleScaleEditTests {
    static let singleScale = """
        {
          "images" : [
            {
              "filename" : "team-logo.png",
              "idiom" : "universal"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """

    @Test func theEntryBecomesTheThreeXOfXcodesIndividualScalesLayout() throws {
        let edited = try ImageSetEdit.givingScale(3, toFile: "team-logo.png", in: Self.singleScale)
        #expect(edited == ImageSetEditTests.xcode)
        // The run's next edit fills the 2x slot; one more of the same kind changes nothing.
        let filled = try ImageSetEdit.addingFile("team-logo@2x.png", scale: 2, to: try ImageSetEdit.givingScale(3, toFile: "team-logo.png", in: edited))
        #expect(try ImageSetContents.entries(Array(filled.utf8)).map { "\($0.filename ?? "-") \($0.scale ?? 0)" }
            == ["- 1", "team-logo@2x.png 2", "team-logo.png 3"])
    }

    @Test func aTwoXEntryGetsAThreeXSlotAfterItAndCRLFIsKept() throws {
        let crlf = Self.singleScale.replacingOccurrences(of: "\n", with: "\r\n")
        let edited = try ImageSetEdit.givingScale(2, toFile: "team-logo.png", in: crlf)
        #expect(!edited.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(try ImageSetContents.entries(Array(edited.utf8)).map { "\($0.filename ?? "-") \($0.scale ?? 0)" }
            == ["- 1", "team-logo.png 2", "- 3"])
    }

    @Test func eachAppearanceIsGivenItsOwnSlots() throws {
        let dark = """
            {
              "images" : [
                {
                  "filename" : "logo.png",
                  "idiom" : "universal"
                },
                {
                  "appearances" : [
                    {
                      "appearance" : "luminosity",
                      "value" : "dark"
                    }
                  ],
                  "filename" : "logo-dark.png",
                  "idiom" : "universal"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """
        let edited = try ImageSetEdit.givingScale(3, toFile: "logo-dark.png", appearance: "dark",
                                                  in: try ImageSetEdit.givingScale(3, toFile: "logo.png", in: dark))
        let entries = try ImageSetContents.entries(Array(edited.utf8))
        #expect(entries.map { "\($0.filename ?? "-") \($0.scale ?? 0) \($0.appearance ?? "any")" }
            == ["- 1 any", "- 2 any", "logo.png 3 any", "- 1 dark", "- 2 dark", "logo-dark.png 3 dark"])
    }

    @Test func theEmptySlotsTheSetHasAreKeptAndOneOfTheEntrysOwnScaleIsLeftForAPerson() throws {
        let withTwoX = ImageSetEditTests.xcode.replacingOccurrences(of: """
                {
                  "filename" : "team-logo.png",
                  "idiom" : "universal",
                  "scale" : "3x"
                }
            """, with: """
                {
                  "filename" : "team-logo.png",
                  "idiom" : "universal"
                }
            """)
        // The 1x and 2x slots are there already: the entry only gets its scale.
        let edited = try ImageSetEdit.givingScale(3, toFile: "team-logo.png", in: withTwoX)
        #expect(edited == ImageSetEditTests.xcode)
        #expect(throws: ImageSetEdit.Problem.unsupportedLayout) { try ImageSetEdit.givingScale(2, toFile: "team-logo.png", in: withTwoX) }
    }

    @Test func aMinifiedContentsIsLeftForAPerson() {
        let minified = #"{"images":[{"filename":"team-logo.png","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#
        #expect(throws: ImageSetEdit.Problem.unsupportedLayout) { try ImageSetEdit.givingScale(3, toFile: "team-logo.png", in: minified) }
    }
}
