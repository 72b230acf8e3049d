import Foundation
import LiveAssetsCore
import Testing

@Suite struct ImageSetEditTests {
    static let xcode = """
        {
          "images" : [
            {
              "idiom" : "universal",
              "scale" : "1x"
            },
            {
              "idiom" : "universal",
              "scale" : "2x"
            },
            {
              "filename" : "team-logo.png",
              "idiom" : "universal",
              "scale" : "3x"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """

    @Test func fillsTheEmptySlotWithOneLineWhereXcodePutsIt() throws {
        let edited = try ImageSetEdit.addingFile("team-logo@2x.png", scale: 2, to: Self.xcode)
        #expect(edited == Self.xcode.replacingOccurrences(of: """
                {
                  "idiom" : "universal",
                  "scale" : "2x"
            """, with: """
                {
                  "filename" : "team-logo@2x.png",
                  "idiom" : "universal",
                  "scale" : "2x"
            """))
        // One line added, nothing else touched.
        #expect(edited.split(separator: "\n", omittingEmptySubsequences: false).count
            == Self.xcode.split(separator: "\n", omittingEmptySubsequences: false).count + 1)
        #expect(try ImageSetContents.entries(Array(edited.utf8)).map(\.filename) == [nil, "team-logo@2x.png", "team-logo.png"])
    }

    @Test func appendsAnEntryWhenThereIsNoSlot() throws {
        let noSlot = """
            {
              "images" : [
                {
                  "filename" : "a@3x.png",
                  "idiom" : "universal",
                  "scale" : "3x"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """
        let edited = try ImageSetEdit.addingFile("a@2x.png", scale: 2, to: noSlot)
        #expect(edited == """
            {
              "images" : [
                {
                  "filename" : "a@3x.png",
                  "idiom" : "universal",
                  "scale" : "3x"
                },
                {
                  "filename" : "a@2x.png",
                  "idiom" : "universal",
                  "scale" : "2x"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """)
        #expect(try ImageSetContents.entries(Array(edited.utf8)).compactMap(\.scale) == [3, 2])
    }
}
