import LiveAssetsRun
import LiveAssetsReports
import Testing

@Suite struct GlobTests {
    @Test func starsStayInASegmentAndDoubleStarsCrossThem() {
        #expect(Glob("**").matches("a/b/c.png"))
        #expect(Glob("**/c.png").matches("c.png"))
        #expect(Glob("a/**/c.png").matches("a/c.png"))
        #expect(Glob("a/**/c.png").matches("a/x/y/c.png"))
        #expect(!Glob("a/**/c.png").matches("b/x/c.png"))
        #expect(Glob("**/x/**").matches("x"))
        #expect(Glob("**/x/**").matches("p/x/q/r"))
        #expect(!Glob("**/x/**").matches("p/y/q"))
        #expect(Glob("d/*.png").matches("d/a.png") && !Glob("d/*.png").matches("d/e/a.png"))
        #expect(Glob("a?c/*").matches("abc/d") && !Glob("a?c/*").matches("ac/d"))
        #expect(Glob("**/**/a").matches("a") && Glob("**/**/a").matches("q/a"))
        #expect(Glob("*a*b").matches("xaxxb") && !Glob("*a*b").matches("xbxxa"))
        // A star in the text is text like any other character.
        #expect(Glob("a*").matches("a*") && Glob("*").matches("*"))
    }

    @Test func manyDoubleStarsAndStarsDoNotTakeExponentialTime() {
        // Once 12 copies of "**/" over 7 of "*a" took minutes on a handful of long names; the
        // matcher's work is now the pattern's segments times the path's.
        let pattern = Glob(String(repeating: "**/", count: 12) + String(repeating: "*a", count: 7) + "*b")
        let name = String(repeating: "a", count: 200)
        let deep = (0..<30).map { _ in String(repeating: "a", count: 60) }.joined(separator: "/")
        for _ in 0..<20 {
            #expect(!pattern.matches(deep + "/" + name))
            #expect(pattern.matches(deep + "/" + name + "b"))
        }
    }

    @Test func aPatternWithoutASlashMatchesAnySingleComponentAsGitignoreDoes() {
        #expect(Glob("*.png").matches("a.png") && Glob("*.png").matches("d/a.png"))
        #expect(Glob("TeamLogo*").matches("Widgets.xcassets/TeamLogo.imageset"))
        #expect(Glob("*.imageset").matches("A.xcassets/Logo.imageset/logo@3x.png"))
        #expect(!Glob("Logo").matches("MyLogo/a.png") && !Glob("*.png").matches("a.png.txt"))
        // A trailing slash still means the folder; a leading one or "./" anchors, as a middle one does.
        #expect(Glob("Previews/").matches("App/Previews/a.png"))
        #expect(Glob("/a.png").matches("a.png") && !Glob("/a.png").matches("d/a.png"))
        #expect(Glob("./d/a.png").matches("d/a.png"))
        #expect(Glob("./a.png").matches("a.png") && !Glob("./a.png").matches("d/a.png"))
        for nothing in ["/", ".", "./", "//"] { #expect(!Glob(nothing).matches("a.png"), "\(nothing)") }
    }

    @Test func aFolderThatMatchesTakesEverythingInItAndDoubleStarsReachIntoCatalogs() {
        #expect(Glob("Widgets.xcassets").matches("Widgets.xcassets/TeamLogo.imageset/team-logo.png"))
        #expect(Glob("A/B").matches("A/B/c/d.png") && !Glob("A/B").matches("A/C/B/d.png"))
        #expect(Glob("**/*.png").matches("Widgets.xcassets/TeamLogo.imageset/team-logo.png"))
        #expect(Glob("**/*.png").matches("a.png"))
        #expect(!Glob("**/*.png").matches("Widgets.xcassets/TeamLogo.imageset"))
        #expect(!Glob("").matches("a.png") && !Glob("*").matches(""))
    }
}
