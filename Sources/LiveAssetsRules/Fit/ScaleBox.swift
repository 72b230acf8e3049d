import LiveAssetsCore

/// What the devices of one scale that load a file hold it to: the box inside every limit they hold it
/// to, and the device classes, in device order.
package struct ScaleBox: Sendable, Hashable {
    package var box: PixelSize
    /// Device class ids.
    package var devices: [String]
}

extension AssetWalk.Choice {
    /// For each scale of the devices that load one of the choice's files, what they hold it to, read
    /// from the walk: the slots `fit` sizes a file for.
    package func boxesByScale(limits: DeviceLimits) -> [Int: ScaleBox] {
        var boxes: [Int: ScaleBox] = [:]
        for load in loads where load.variant != nil {
            let scale = limits.devices[load.device].scale, id = limits.classes[load.device].id
            for held in held[load.held] {
                let limit = limits.entries[held.entry].limit
                var slot = boxes[scale] ?? ScaleBox(box: limit, devices: [])
                slot.box = slot.box.intersection(limit)
                if !slot.devices.contains(id) { slot.devices.append(id) }
                boxes[scale] = slot
            }
        }
        return boxes
    }
}
