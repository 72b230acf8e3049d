#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import LiveAssetsPlatform

/// What `fit` made of an image.
public struct FitResult: Sendable, Hashable {
    /// The encoded image: the input itself when nothing had to change.
    public var data: Data
    /// Its displayed size in pixels.
    public var size: PixelSize
    /// Whether the image was resized.
    public var changed: Bool
}

/// Makes image data fit the given presentations on the given devices: the call an app makes on a
/// downloaded image before `Activity.request`. The data is read as `UIImage(data:)` reads it, at
/// scale 1, so its pixels must fit each device's pixel limit.
///
/// ```swift
/// let logo = try LiveAssets.fit(downloaded, for: [.compactLeading, .minimal])
/// // logo.data fits every device `check` checks by default that shows those views; logo.changed says
/// // whether it was resized.
/// ```
///
/// The tightest of those limits decides. For the compact and minimal views that is usually the minimal
/// view in StandBy on a @2x iPhone without a Dynamic Island (iPhone XR, iPhone 11): 90x73 px, a size we
/// inferred, so a 300x300 px logo comes back 73x73 px, not the 110x110 px of a Dynamic Island iPhone.
/// Pass `devices` (the app's own class, from `SizeTable.devices(for:)`) to fit for one device only.
public func fit(_ data: Data, for presentations: [Presentation], on devices: [DeviceClass] = SizeTable.bundled.defaultDevices,
                options: ImageFitter.Options = .init()) throws(FitError) -> FitResult {
    try fit(data, named: "image data", for: presentations, on: devices, options: options)
}

/// `fit` with `name` standing for the data in errors.
func fit(_ data: Data, named name: String, for presentations: [Presentation], on devices: [DeviceClass],
         options: ImageFitter.Options) throws(FitError) -> FitResult {
    let source = ImageDecoder.Source.data(data, name: name)
    let info: ImageInfo
    do throws(DecodeError) {
        info = try source.header(limits: options.limits)
    } catch {
        throw .decode(error)
    }
    let current = info.displaySize
    let asset = Asset(name: name, variants: [AssetVariant(path: name, content: .image(info))])
    guard let plan = FitPlan.plans(for: asset, presentations: presentations, devices: devices).first, plan.changes else {
        return FitResult(data: data, size: current, changed: false)
    }
    let fitted = try ImageFitter.fit(source, header: info, to: plan.target, options: options)
    return FitResult(data: fitted, size: plan.target, changed: true)
}

/// The file at `url` made to fit, as ``fit(_:for:on:options:)`` does for data; nothing is written.
public func fit(contentsOf url: URL, for presentations: [Presentation],
                on devices: [DeviceClass] = SizeTable.bundled.defaultDevices, options: ImageFitter.Options = .init())
    throws(FitError) -> FitResult
{
    guard let data = FileManager.default.contents(atPath: url.path) else {
        do throws(ProbeError) {
            _ = try ImageProbe.probe(path: url.path)  // names the cause: missing, a directory, unreadable
        } catch {
            throw .decode(error.asDecodeError)
        }
        throw .decode(.unreadable(.readFailed(file: url.path, errno: errno, reason: systemErrorText(errno))))
    }
    return try fit(data, named: url.path, for: presentations, on: devices, options: options)
}

extension FitResult {
    /// Writes the image to `url` atomically (a temporary file beside it, then a rename); a result that
    /// did not change is not written when `url` already holds it.
    public func write(to url: URL) throws(FitError) {
        if !changed, FileManager.default.contents(atPath: url.path) == data { return }
        try AtomicFile.write(data, to: url.path)
    }
}
