import LiveAssetsCore
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
        #expect(Glob("*.png").matches("a.png") && !Glob("*.png").matches("d/a.png"))
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
}
