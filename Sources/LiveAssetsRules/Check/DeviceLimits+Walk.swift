import LiveAssetsCore

extension DeviceLimits {
    /// The index in `group` of the variant device `device` loads (see ``Asset/variantIndex(family:scale:in:)``),
    /// nil when none serves it.
    package func variant(loadedBy device: Int, from group: [AssetVariant]) -> Int? {
        Asset.variantIndex(family: devices[device].family, scale: devices[device].scale, in: group)
    }

    /// The walk every size question about an asset takes, through ``AssetWalk`` (which `check`'s
    /// findings, `fit`'s plans and the HTML report's drawings read): calls `body`, in device order, for each device that shows an image shown in
    /// `presentations` (see ``forEachEntry(on:shownIn:_:)``), with the index in `group` of the variant it
    /// loads (nil when none serves it). The limits it holds that variant to are its
    /// ``forEachEntry(on:shownIn:_:)`` for the same presentations.
    package func forEachDevice(loading group: [AssetVariant], shownIn presentations: [Presentation]?,
                               _ body: (_ device: Int, _ variant: Int?) throws -> Void) rethrows {
        for device in devices.indices where shows(on: device, presentations) {
            try body(device, variant(loadedBy: device, from: group))
        }
    }
}
