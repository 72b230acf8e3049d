import LiveAssetsCore

/// What one file outside a catalog costs the devices of a scale: a loose file without a scale in its
/// name serves every scale, so `fit` sizes it for the tightest device, and the devices of a scale whose
/// own limits would take more get less than fits them.
package struct ScaleShortfall: Sendable, Hashable {
    package var scale: Int
    /// The device classes of that scale, named as the run names them ("iPhone 16 Pro, iPhone 15 and 8 more").
    package var devices: String
    /// The size `fit` gives the file.
    package var gets: PixelSize
    /// The largest size, aspect ratio kept, that fits those devices, never larger than the file, and
    /// whether a limit behind it is inferred.
    package var fits: PixelSize
    package var fitsInferred: Bool
    /// Whether ``fits`` is the whole file (no limit of theirs binds it).
    package var fitsWhole: Bool
    /// The limit that sized the file, as the check's oversized finding names its tightest ("minimal in
    /// StandBy on iPhone XR, 90x73 px (inferred)").
    package var boundBy: String

    /// "the @3x devices (iPhone 16 Pro, iPhone 15 and 8 more) get 73x73 px where 110x110 px fits them"
    package var phrase: String {
        "the @\(scale)x devices (\(devices)) get \(gets) px where "
            + (fitsWhole ? "the file's own \(fits) px fits them" : "\(fits) px\(fitsInferred ? " (inferred)" : "") fits them")
    }

    /// The shortfalls of the loose file of `asset` that `fit` shrinks, by scale: nothing for an image
    /// set's file, a file whose name carries a scale, one a single size serves as well, or one that fits.
    package static func of(_ asset: Asset, presentations: [Presentation]?, limits: DeviceLimits) -> [ScaleShortfall] {
        guard !asset.reportPath.hasSuffix("/Contents.json"), asset.variants.count == 1, let file = asset.variants.first,
              file.scale == nil, let info = file.info else { return [] }
        let current = info.displaySize
        let walk = AssetWalk(asset, presentations: presentations, limits: limits)
        let boxes = walk.choices.first?.boxesByScale(limits: limits) ?? [:]
        let gets = current.fitted(in: boxes.values.map(\.box).reduce(PixelSize(width: Int.max, height: Int.max)) { $0.intersection($1) })
        guard gets != current, boxes.count > 1,
              let boundBy = AssetChecker.findings(for: asset, walk: walk, limits: limits).first(where: { $0.rule == .oversized })?.tightest
        else { return [] }
        return boxes.keys.sorted().compactMap { scale in
            let fits = current.fitted(in: boxes[scale]!.box)
            guard fits != gets else { return nil }
            let indices = boxes[scale]!.devices.compactMap { id in limits.classes.firstIndex { $0.id == id } }
            return ScaleShortfall(scale: scale, devices: AssetChecker.deviceList(indices, of: limits.names), gets: gets, fits: fits,
                                  fitsInferred: boxes[scale]!.inferred, fitsWhole: fits == current, boundBy: boundBy)
        }
    }
}
