import LiveAssetsCore

/// What the devices of one scale that load a file hold it to: the box inside every limit they hold it
/// to, and the device classes, in device order.
package struct ScaleBox: Sendable, Hashable {
    package var box: PixelSize
    /// Device class ids.
    package var devices: [String]
    /// Whether the box's width or height is set by inferred limits only (none Apple publishes gives it).
    package var inferred = false
}

extension AssetWalk.Choice {
    /// For each scale of the devices that load one of the choice's files, what they hold it to, read
    /// from the walk: the slots `fit` sizes a file for.
    package func boxesByScale(limits: DeviceLimits) -> [Int: ScaleBox] {
        var boxes: [Int: ScaleBox] = [:]
        var inferred: [Int: (width: Bool, height: Bool)] = [:]  // whether the limit setting each side is inferred
        for load in loads where load.variant != nil {
            let scale = limits.devices[load.device].scale, id = limits.classes[load.device].id
            for held in held[load.held] {
                let entry = limits.entries[held.entry], limit = entry.limit
                var slot = boxes[scale] ?? ScaleBox(box: limit, devices: [])
                var sides = inferred[scale] ?? (entry.isInferred, entry.isInferred)
                // A tighter side is set by this limit; an equal one is inferred only if no published limit gives it too.
                if limit.width < slot.box.width { sides.width = entry.isInferred } else if limit.width == slot.box.width { sides.width = sides.width && entry.isInferred }
                if limit.height < slot.box.height { sides.height = entry.isInferred } else if limit.height == slot.box.height { sides.height = sides.height && entry.isInferred }
                slot.box = slot.box.intersection(limit)
                slot.inferred = sides.width || sides.height
                if !slot.devices.contains(id) { slot.devices.append(id) }
                boxes[scale] = slot
                inferred[scale] = sides
            }
        }
        return boxes
    }
}
