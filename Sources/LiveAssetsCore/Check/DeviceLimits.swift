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
        let entries: Range<Int>
        /// The index in ``entries`` of the device's largest presentation (-1: none).
        let largest: Int
        let showsStandby: Bool
    }

    /// The device classes, as given; `devices[i]` describes `classes[i]`.
    let classes: [DeviceClass]
    let devices: [Device]
    let entries: [Entry]

    package init(_ classes: [DeviceClass]) {
        var devices: [Device] = [], entries: [Entry] = []
        for device in classes {
            let start = entries.count
            var largest = -1
            for size in device.presentations {
                if size.presentation == device.largestPresentation?.presentation { largest = entries.count }
                entries.append(Entry(presentation: size.presentation, limit: size.limit(atScale: device.scale),
                                     width: size.width, height: size.height, inferred: size.provenance.isInferred || device.scaleProvenance.isInferred))
            }
            devices.append(Device(family: device.family, scale: device.scale, entries: start..<entries.count,
                                  largest: largest, showsStandby: device.size(of: .standby) != nil))
        }
        self.classes = classes
        self.devices = devices
        self.entries = entries
    }
}
