import Foundation
import LiveAssets
import LiveAssetsTestSupport
import Testing

/// `LiveAssets.fit(_:for:)` returns what docs/library.md and its DocC promise.
@Suite struct FitLibraryCallTests {
    /// Made per test: a static would be held to the end of the run, which LeakSanitizer reports.
    static var logo: Data { Data(ImageBytes.png(width: 300, height: 300)) }

    /// On every default device, StandBy's minimal view on a @2x iPhone (90x73 px, inferred) binds.
    @Test func aSquareLogoForCompactAndMinimalComesBackAtStandBysMinimalOnATwoXIPhone() throws {
        let fitted = try LiveAssets.fit(Self.logo, for: [.compactLeading, .minimal])
        #expect(fitted.changed && fitted.size == PixelSize(width: 73, height: 73))
        let decoded = try HeaderReader.read([UInt8](fitted.data))
        #expect(decoded.displaySize == PixelSize(width: 73, height: 73))
    }

    /// On the app's own device class only, that device's limits bind.
    @Test func onTheAppsOwnClassTheDevicesLimitsBind() throws {
        let screen = DeviceScreen(nativeWidth: 1179, nativeHeight: 2556, nativeScale: 3)  // iPhone 14 Pro
        let devices = try #require(SizeTable.bundled.devices(for: screen)).devices
        let fitted = try LiveAssets.fit(Self.logo, for: [.compactLeading, .minimal], on: devices)
        #expect(fitted.size == PixelSize(width: 110, height: 110))
    }
}
