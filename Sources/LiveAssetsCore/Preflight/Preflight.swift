/// The check an app makes before `Activity.request`: whether an image it will show in a Live Activity
/// (a team logo it downloaded, a photo) fits the presentations it appears in, on the device the app
/// runs on or on every device, and what the image costs in memory once decoded.
///
/// It reads only the image's header, in Swift (no codec, no pixels), and holds the image to the sizes of
/// the same table `liveassets check` uses. Every answer says why.
///
/// ```swift
/// let preflight = Preflight()
/// let report = try preflight.check(contentsOf: logoPath, shownIn: [.compactLeading, .minimal], on: screen)
/// if !report.fits { /* resize to report.largestFittingSize, or show a placeholder */ }
/// ```
public struct Preflight: Sendable {
    /// The presentation sizes images are held to.
    package let table: SizeTable
    /// The decoded memory an image may take: about 30 MB, the budget reported for widget extensions.
    package let memoryBudget: Int
    /// Whether the widget declares `.supplementalActivityFamilies([.small])`: then the watch's Smart Stack
    /// and CarPlay show its small view, else its compact views.
    package let declaresSmallFamily: Bool
    /// Images over these limits are refused right after the header.
    package let limits: ImageLimits
    /// The limits of the table's default device classes, derived on the first check on them and kept for
    /// the others (a preflight on one device's screen never derives them).
    private let defaultLimits: DerivedOnce<DeviceLimits>

    /// About 30 MB: the memory budget reported for widget extensions, which `check`'s `decoded-memory`
    /// rule uses too.
    public static let defaultMemoryBudget = 30_000_000

    /// A preflight against `table` (the bundled one unless given).
    public init(table: SizeTable = .bundled, memoryBudget: Int = Preflight.defaultMemoryBudget,
                declaresSmallFamily: Bool = false, limits: ImageLimits = .default) {
        self.table = table
        self.memoryBudget = memoryBudget
        self.declaresSmallFamily = declaresSmallFamily
        self.limits = limits
        defaultLimits = DerivedOnce { DeviceLimits(table.defaultDevices, declaresSmallFamily: declaresSmallFamily) }
    }

    /// Checks the image file at `path` (for a file URL, its `path`) on the device whose screen is `screen`.
    public func check(contentsOf path: String, shownIn presentations: [Presentation], on screen: DeviceScreen)
        throws(PreflightError) -> PreflightReport
    {
        let lookup = try lookUp(screen)
        var report = check(try facts(contentsOf: path), name: path, shownIn: presentations, limits: screenLimits(lookup),
                           isDisplayZoomed: lookup.isDisplayZoomed)
        report.assumption = lookup.assumption
        return report
    }

    /// Checks the image file at `path` on `devices`; when nil, on every class `liveassets check` checks by
    /// default (all but the Mac menu bar, whose sizes are all inferred).
    public func check(contentsOf path: String, shownIn presentations: [Presentation], on devices: [DeviceClass]? = nil)
        throws(PreflightError) -> PreflightReport
    {
        check(try facts(contentsOf: path), name: path, shownIn: presentations, limits: limits(of: devices), isDisplayZoomed: false)
    }

    /// Checks image bytes held in memory on the device whose screen is `screen`; `name` stands for the
    /// image in the reasons.
    public func check(_ bytes: [UInt8], name: String = "the image", shownIn presentations: [Presentation],
                      on screen: DeviceScreen) throws(PreflightError) -> PreflightReport
    {
        let lookup = try lookUp(screen)
        var report = check(try facts(bytes, name: name), name: name, shownIn: presentations, limits: screenLimits(lookup),
                           isDisplayZoomed: lookup.isDisplayZoomed)
        report.assumption = lookup.assumption
        return report
    }

    /// Checks image bytes held in memory on `devices`; when nil, on every class `liveassets check` checks
    /// by default (all but the Mac menu bar, whose sizes are all inferred).
    public func check(_ bytes: [UInt8], name: String = "the image", shownIn presentations: [Presentation],
                      on devices: [DeviceClass]? = nil) throws(PreflightError) -> PreflightReport
    {
        check(try facts(bytes, name: name), name: name, shownIn: presentations, limits: limits(of: devices), isDisplayZoomed: false)
    }

    /// Checks an image whose facts the app already has, on `devices`: one answer per device and
    /// presentation a surface of the device shows, and a note for each presentation it never shows.
    public func check(_ image: ImageInfo, name: String = "the image", shownIn presentations: [Presentation],
                      on devices: [DeviceClass], isDisplayZoomed: Bool = false) -> PreflightReport
    {
        check(image, name: name, shownIn: presentations, limits: DeviceLimits(devices, declaresSmallFamily: declaresSmallFamily),
              isDisplayZoomed: isDisplayZoomed)
    }

    /// The limits of the classes a screen was found in, each named by all the models that have that
    /// screen ("iPhone 14 Pro, iPhone 15, iPhone 15 Pro or iPhone 16"): the app knows the screen, not
    /// which of them it runs on.
    private func screenLimits(_ lookup: DeviceLookup) -> DeviceLimits {
        var names: [String: [String]] = [:]
        for device in lookup.devices where device.models.count > 1 { names[device.id] = device.models }
        return DeviceLimits(lookup.devices, declaresSmallFamily: declaresSmallFamily, modelNames: names)
    }

    /// The limits of `devices`, those of the default classes when nil.
    private func limits(of devices: [DeviceClass]?) -> DeviceLimits {
        devices.map { DeviceLimits($0, declaresSmallFamily: declaresSmallFamily) } ?? defaultLimits.wrappedValue
    }

    /// ``check(_:name:shownIn:on:isDisplayZoomed:)`` on the devices of `limits`.
    private func check(_ image: ImageInfo, name: String, shownIn presentations: [Presentation], limits: DeviceLimits,
                       isDisplayZoomed: Bool) -> PreflightReport {
        let size = image.displaySize
        var answers: [PreflightAnswer] = []
        var notShown: [PreflightReport.NotShown] = []
        let presentations = presentations.sorted()
        // By index, names from `limits.names`: a device class copied would retain each of its strings.
        for index in limits.devices.indices {
            for presentation in presentations {
                guard let entry = limits.entry(on: index, for: presentation) else {
                    notShown.append(PreflightReport.NotShown(model: limits.names.models[index], device: limits.names.ids[index],
                                                             presentation: presentation))
                    continue
                }
                answers.append(PreflightAnswer(image: name, size: size, device: limits.names.ids[index],
                                               model: limits.names.models[index], scale: limits.devices[index].scale,
                                               limit: limits.entries[entry]))
            }
        }
        let bytesPerPixel = image.bitDepth == 16 ? 8 : 4
        return PreflightReport(
            image: image, name: name, answers: answers, unshown: notShown, isDisplayZoomed: isDisplayZoomed,
            decodedBytes: image.width * image.height * bytesPerPixel, memoryBudget: memoryBudget)
    }

    /// The classes of `screen`; for a screen the table does not know, those it is assumed to be (see
    /// ``SizeTable/assumedDevices(for:)``), the report saying so.
    private func lookUp(_ screen: DeviceScreen) throws(PreflightError) -> DeviceLookup {
        guard let lookup = table.devices(for: screen) ?? table.assumedDevices(for: screen) else { throw .unknownScreen(screen) }
        return lookup
    }

    /// The facts of the file at `path`, with where its data ends (a download cut short may not load).
    private func facts(contentsOf path: String) throws(PreflightError) -> ImageInfo {
        do {
            return try HeaderReader.read(contentsOf: path, limits: limits)
        } catch {
            throw .unreadable(error)
        }
    }

    /// The facts of `bytes`, with where their data ends.
    private func facts(_ bytes: [UInt8], name: String) throws(PreflightError) -> ImageInfo {
        do {
            return try HeaderReader.read(bytes, name: name, limits: limits)
        } catch {
            throw .unreadable(error)
        }
    }
}

/// Why a preflight could not answer.
public enum PreflightError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The image could not be read: the probe's error, with its file and evidence.
    case unreadable(ProbeError)
    /// No device class of the table has this screen, and the table has no iPhone or iPad class to assume.
    case unknownScreen(DeviceScreen)

    /// One sentence that names the image or the screen and says what to do.
    public var description: String {
        switch self {
        case .unreadable(let error):
            error.description
        case .unknownScreen(let screen):
            "No device class in the size table has a screen of \(screen.nativeWidth)x\(screen.nativeHeight) pixels; pass the device classes to check instead of the screen, or add the class to the table."
        }
    }
}
