import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

// snippet: the code of "Preflight in an app" (LiveAssetsCore.docc/PreflightInAnApp.md), compiled here.
func logoForLiveActivity(at path: String, on screen: DeviceScreen) -> String? {
    do {
        let report = try Preflight().check(contentsOf: path, shownIn: [.compactLeading, .minimal], on: screen)
        if let cut = report.truncationReason {
            print(cut)  // a download cut short: the image may not load
            return nil
        }
        guard report.fits else {
            // Too large: Activity.request may fail. Resize it to report.largestFittingSize, or use none.
            for answer in report.failures { print(answer.reason) }
            return nil
        }
        return path
    } catch {
        print(error)  // one sentence naming the file: not an image, truncated, too large to read...
        return nil
    }
}
// end of snippet

/// The documentation's preflight snippet is this file's code, and it does what the article says.
@Suite struct PreflightSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theArticlesSnippetIsTheCompiledCode() throws {
        let article = try String(contentsOf: Self.root.appendingPathComponent("Sources/LiveAssetsCore/LiveAssetsCore.docc/PreflightInAnApp.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let marker = try #require(article.range(of: "<!-- The block below is compiled by PreflightSnippetTests: keep them equal. -->\n```swift\n"))
        let block = try #require(article[marker.upperBound...].range(of: "```\n"))
        let documented = article[marker.upperBound..<block.lowerBound]
        let start = try #require(source.range(of: "(LiveAssetsCore.docc/PreflightInAnApp.md), compiled here.\n"))
        let end = try #require(source.range(of: "// end of snippet\n"))
        #expect(documented == source[start.upperBound..<end.lowerBound])
    }

    @Test func theSnippetRefusesAnOversizedLogoAndKeepsOneThatFits() throws {
        let folder = try TemporaryDirectory()
        let screen = DeviceScreen(nativeWidth: 1179, nativeHeight: 2556, nativeScale: 3)
        #expect(logoForLiveActivity(at: try folder.write("big.png", ImageBytes.png(width: 300, height: 300)), on: screen) == nil)
        let small = try folder.write("small.png", ImageBytes.png(width: 100, height: 100))
        #expect(logoForLiveActivity(at: small, on: screen) == small)
        let whole = ImageBytes.png(width: 100, height: 100)
        #expect(logoForLiveActivity(at: try folder.write("cut.png", Array(whole.prefix(whole.count - 12))), on: screen) == nil)
        #expect(logoForLiveActivity(at: folder.url.path + "/missing.png", on: screen) == nil)
    }
}
