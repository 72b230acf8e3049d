import Foundation
import LiveAssetsRun
import LiveAssetsReports
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

@Suite struct ImageSetEditEdgeTests {
    @Test func keepsCRLFLineEndings() throws {
        let crlf = ImageSetEditTests.xcode.replacingOccurrences(of: "\n", with: "\r\n")
        let edited = try ImageSetEdit.addingFile("team-logo@2x.png", scale: 2, to: crlf)
        #expect(edited == (try ImageSetEdit.addingFile("team-logo@2x.png", scale: 2, to: ImageSetEditTests.xcode))
            .replacingOccurrences(of: "\n", with: "\r\n"))
    }

    @Test func refusesALayoutItCannotEditSafely() {
        let minified = #"{"images":[{"idiom":"universal","scale":"2x"},{"filename":"a@3x.png","idiom":"universal","scale":"3x"}]}"#
        #expect(throws: ImageSetEdit.Problem.unsupportedLayout) { try ImageSetEdit.addingFile("a@2x.png", scale: 2, to: minified) }
    }

    @Test func keepsTheIdiomAndAppearanceOfTheSource() throws {
        let phone = ImageSetEditTests.xcode.replacingOccurrences(of: "\"universal\"", with: "\"iphone\"")
        let filled = try ImageSetEdit.addingFile("team-logo@2x.png", scale: 2, idiom: .iphone, to: phone)
        #expect(try ImageSetContents.entries(Array(filled.utf8)).contains { $0.filename == "team-logo@2x.png" && $0.idiom == .iphone })
        let dark = try ImageSetEdit.addingFile("dark@2x.png", scale: 2, appearance: "dark+high-contrast", to: ImageSetEditTests.xcode)
        let entry = try #require(try ImageSetContents.entries(Array(dark.utf8)).first { $0.filename == "dark@2x.png" })
        #expect(entry.appearance == "dark+high-contrast" && entry.scale == 2)
    }
}
