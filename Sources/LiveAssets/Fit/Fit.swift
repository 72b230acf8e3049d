import Foundation

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
/// // logo.data fits every device with a Dynamic Island; logo.changed says whether it was resized.
/// ```
public func fit(_ data: Data, for presentations: [Presentation], on devices: [DeviceClass] = SizeTable.bundled.devices,
                options: ImageFitter.Options = .init()) throws(FitError) -> FitResult {
    let info: ImageInfo
    do throws(ProbeError) {
        info = try ImageProbe.probe(data: data, options: .init(limits: options.limits))
    } catch {
        throw .decode(error.asDecodeError)
    }
    let current = PixelSize(width: info.displayWidth, height: info.displayHeight)
    let asset = Asset(name: "image", variants: [AssetVariant(path: "image data", content: .image(info))])
    guard let plan = FitPlan.plans(for: asset, presentations: presentations, devices: devices).first, plan.changes else {
        return FitResult(data: data, size: current, changed: false)
    }
    return FitResult(data: try ImageFitter.fit(data: data, to: plan.target, options: options), size: plan.target, changed: true)
}
