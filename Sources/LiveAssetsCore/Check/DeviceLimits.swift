/// What the size rules read of each device, as plain values: checking an asset touches no
/// reference-counted storage of the shared device table, so threads checking assets in parallel do
/// not contend for its reference counts. Built once per run from the devices being checked.
package struct DeviceLimits: Sendable {
    /// One presentation a device shows, with its pixel limit at the device's scale.
    struct Entry {
        let presentation: Presentation
        let limit: PixelSize
        /// The presentation's size in points, as the table gives it.
        let width: Points, height: Points
        /// The size or the device's scale is inferred, not published by Apple.
        let inferred: Bool
    }

    /// One device: its family and scale, and where its entries sit in ``entries``.
    struct Device {
        let family: DeviceClass.Family
        let scale: Int
        /// The presentations the device shows (under the run's small-family declaration).
        let entries: Range<Int>
        /// The index in ``entries`` of the limit for images of unstated presentation (-1: none).
        let unstated: Int
        /// StandBy's scaled-up Lock Screen size, in pixels, when the device runs StandBy.
        let standby: PixelSize?
    }

    /// The device classes, as given; `devices[i]` describes `classes[i]`.
    let classes: [DeviceClass]
    /// Their ids and models, for the violations of findings.
    let names: DeviceNames
    let devices: [Device]
    let entries: [Entry]

    /// The limits of `classes`; `declaresSmallFamily`: the app declares the small family, so the Smart
    /// Stack and CarPlay show its small view instead of the compact views.
    package init(_ classes: [DeviceClass], declaresSmallFamily: Bool = false) {
        var devices: [Device] = [], entries: [Entry] = []
        for device in classes {
            let start = entries.count
            var unstated = -1
            for size in device.presentations {
                guard device.shows(size.presentation, declaresSmallFamily: declaresSmallFamily) else { continue }
                if size.presentation == device.unstatedPresentationLimit?.presentation { unstated = entries.count }
                entries.append(Entry(presentation: size.presentation, limit: size.limit(atScale: device.scale),
                                     width: size.width, height: size.height,
                                     inferred: size.provenance.isInferred || device.scaleProvenance.isInferred))
            }
            devices.append(Device(family: device.family, scale: device.scale, entries: start..<entries.count,
                                  unstated: unstated,
                                  standby: device.surfaces.contains(.standby) ? device.standby?.limit(atScale: device.scale) : nil))
        }
        self.classes = classes
        self.names = DeviceNames(classes)
        self.devices = devices
        self.entries = entries
    }
}
