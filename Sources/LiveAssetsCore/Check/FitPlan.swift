/// What `fit` does to one file: the largest size, aspect ratio kept, that fits every limit `check`
/// would apply to it.
public struct FitPlan: Sendable, Hashable {
    /// The image file.
    public var path: String
    /// Its displayed size now (after EXIF orientation).
    public var current: PixelSize
    /// The strictest limit over the devices that use this file and the presentations it is shown in:
    /// the smallest width and the smallest height among them.
    public var box: PixelSize
    /// The size to write: `current` scaled down to fit `box` on both axes, never up.
    public var target: PixelSize

    public init(path: String, current: PixelSize, box: PixelSize, target: PixelSize) {
        self.path = path
        self.current = current
        self.box = box
        self.target = target
    }

    /// Whether the file needs rewriting.
    public var changes: Bool { target != current }

    /// The largest size with `size`'s aspect ratio inside `box`, rounded down so both axes fit, at
    /// least 1x1, and never larger than `size`.
    public static func fitted(_ size: PixelSize, in box: PixelSize) -> PixelSize {
        guard !size.fits(in: box) else { return size }
        // Height-limited when w/h <= bw/bh, i.e. w * bh <= h * bw (exact integers, no drift).
        if size.width * box.height <= size.height * box.width {
            return PixelSize(width: max(1, min(box.width, size.width * box.height / size.height)), height: box.height)
        }
        return PixelSize(width: box.width, height: max(1, min(box.height, size.height * box.width / size.width)))
    }

    /// A plan per readable image of `asset` that some device shows, with the same device, variant and
    /// presentation rules as ``AssetChecker``.
    public static func plans(for asset: Asset, presentations: [Presentation]?, devices: [DeviceClass]) -> [FitPlan] {
        var boxes: [String: PixelSize] = [:]
        var order: [String] = []
        for group in asset.appearanceGroups {
            for device in devices {
                guard let variant = Asset.variant(for: device, in: group), variant.info != nil else { continue }
                let shown = presentations.map { wanted in device.presentations.filter { wanted.contains($0.presentation) } }
                    ?? (device.largestPresentation.map { [$0] } ?? [])
                for size in shown {
                    let limit = size.limit(atScale: device.scale)
                    if let box = boxes[variant.path] {
                        boxes[variant.path] = PixelSize(width: min(box.width, limit.width), height: min(box.height, limit.height))
                    } else {
                        boxes[variant.path] = limit
                        order.append(variant.path)
                    }
                }
            }
        }
        return order.compactMap { path in
            guard let info = asset.variants.first(where: { $0.path == path })?.info, let box = boxes[path] else { return nil }
            let current = PixelSize(width: info.displayWidth, height: info.displayHeight)
            return FitPlan(path: path, current: current, box: box, target: fitted(current, in: box))
        }
    }
}
