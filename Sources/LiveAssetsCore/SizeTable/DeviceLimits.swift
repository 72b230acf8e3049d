/// The size table as the devices checked meet it: for each device class, the presentations its surfaces
/// show (under the app's small-family declaration), each with its pixel limit at the class's scale and
/// whether a number behind that limit is inferred. Built once per run, or per preflight; `check`, `fit`'s
/// plans, the HTML report's drawings, the decoded-memory rule and ``Preflight`` all read it, so whether an
/// image fits is decided in ``Entry/admits(_:)`` alone.
///
/// The values are plain: reading them touches no reference-counted storage, so threads checking assets in
/// parallel do not contend for reference counts.
package struct DeviceLimits: Sendable {
    /// One presentation a device shows, with its pixel limit at the device's scale.
    package struct Entry: Sendable, Hashable {
        package let presentation: Presentation
        /// The largest image, in pixels at the device's scale.
        package let limit: PixelSize
        /// The presentation's size in points, as the table gives it.
        package let width: Points, height: Points
        /// A number of the size, or the device's scale, is our inference rather than Apple's.
        package let isInferred: Bool
        /// The device's surfaces that show the presentation, as bits of `Surface.allCases` order.
        package let surfaceBits: UInt8

        /// Whether an image of `size` pixels (upright) fits: no larger than the limit on either axis.
        @inlinable package func admits(_ size: PixelSize) -> Bool { size.fits(in: limit) }

        /// Where the device shows the presentation, as a phrase after its name, when that is not the
        /// view's own surface (the Dynamic Island for its views, the Lock Screen for its view): " in
        /// StandBy" (minimal on an iPhone without a Dynamic Island), " in the Smart Stack", " in CarPlay",
        /// " in the Mac menu bar"; "" otherwise.
        package var surfacePhrase: String {
            let home: Surface = presentation == .lockScreen ? .lockScreen : .dynamicIsland
            guard !isShown(on: home) else { return "" }
            let names = Surface.allCases.filter(isShown).map { surface in
                switch surface {
                case .dynamicIsland, .lockScreen, .smartStack, .macMenuBar: "the " + surface.displayName
                case .standby, .carplay: surface.displayName
                }
            }
            return names.isEmpty ? "" : " in " + names.joined(separator: " and ")
        }

        /// Whether `surface` shows the presentation on the device.
        package func isShown(on surface: Surface) -> Bool { surfaceBits & Self.bit(surface) != 0 }

        package static func bit(_ surface: Surface) -> UInt8 { 1 << UInt8(Surface.allCases.firstIndex(of: surface)!) }
    }

    /// One device: its family and scale, and where its entries sit in ``entries``.
    package struct Device: Sendable {
        package let family: DeviceClass.Family
        package let scale: Int
        /// The presentations the device shows, in presentation order.
        package let entries: Range<Int>
        /// The index in ``entries`` of the limit for images of unstated presentation (-1: none).
        package let unstated: Int
        /// StandBy's scaled-up Lock Screen size, in pixels, when the device runs StandBy.
        package let standby: PixelSize?
    }

    /// The device classes, as given; `devices[i]` describes `classes[i]`.
    package let classes: [DeviceClass]
    /// Their ids and models, for the violations of findings.
    package let names: DeviceNames
    package let devices: [Device]
    package let entries: [Entry]
    /// Whether the app declares the small family, as the limits were derived.
    package let declaresSmallFamily: Bool

    /// The limits of `classes`; `declaresSmallFamily`: the app declares the small family, so the Smart
    /// Stack and CarPlay show its small view instead of the compact views.
    package init(_ classes: [DeviceClass], declaresSmallFamily: Bool = false, modelNames: [String: [String]] = [:]) {
        var devices: [Device] = [], entries: [Entry] = []
        for device in classes {
            let start = entries.count
            var unstated = -1
            for size in device.presentations {
                let surfaces = device.surfaces.filter { $0.shows(size.presentation, declaresSmallFamily: declaresSmallFamily) }
                guard !surfaces.isEmpty else { continue }
                if size.presentation == device.unstatedPresentationLimit?.presentation { unstated = entries.count }
                entries.append(Entry(presentation: size.presentation, limit: size.limit(atScale: device.scale),
                                     width: size.width, height: size.height,
                                     isInferred: size.provenance.isInferred || device.scaleProvenance.isInferred,
                                     surfaceBits: surfaces.reduce(0) { $0 | Entry.bit($1) }))
            }
            devices.append(Device(family: device.family, scale: device.scale, entries: start..<entries.count,
                                  unstated: unstated,
                                  standby: device.surfaces.contains(.standby) ? device.standby?.limit(atScale: device.scale) : nil))
        }
        self.classes = classes
        self.names = DeviceNames(classes, named: modelNames)
        self.devices = devices
        self.entries = entries
        self.declaresSmallFamily = declaresSmallFamily
    }

    /// The range of ``entries`` device `device` may hold an image shown in `presentations` to: all its
    /// entries, or for nil (nobody stated where the image is shown) the one for an unstated presentation.
    @usableFromInline func candidates(on device: Int, in presentations: [Presentation]?) -> Range<Int> {
        let device = devices[device]
        return presentations == nil ? max(device.unstated, 0)..<device.unstated + 1 : device.entries
    }

    /// Calls `body` with each index in ``entries`` that device `device` holds an image shown in
    /// `presentations` to, in presentation order: those of the presentations given that it shows; for nil
    /// (nobody stated where the image is shown), the larger of its Lock Screen and expanded sizes on an
    /// iPhone or iPad, and none elsewhere.
    @inlinable package func forEachEntry(on device: Int, shownIn presentations: [Presentation]?, _ body: (Int) throws -> Void) rethrows {
        for index in candidates(on: device, in: presentations)
        where presentations?.contains(entries[index].presentation) ?? true {
            try body(index)
        }
    }

    /// Whether device `device` shows an image shown in `presentations` at all.
    @inlinable package func shows(on device: Int, _ presentations: [Presentation]?) -> Bool {
        candidates(on: device, in: presentations).contains { presentations?.contains(entries[$0].presentation) ?? true }
    }

    /// The entry of `presentation` on device `device`, nil when none of its surfaces shows it.
    package func entry(on device: Int, for presentation: Presentation) -> Int? {
        devices[device].entries.first { entries[$0].presentation == presentation }
    }
}

/// The names of the device classes a run checks, once for the run: what findings name their devices by.
/// A class is called by the model the user named (`--devices "iPhone 15"`), else by its first model; on
/// StandBy, by a model that has it (never "iPhone X", which stops at iOS 16).
package final class DeviceNames: Sendable {
    package let ids: [String]
    /// Each class's name: the model the user named, else its first.
    package let models: [String]
    /// Each class's name where StandBy shows the image: that model if it runs StandBy, else the class's
    /// first model that does.
    package let standbyModels: [String]
    /// Class id -> the models the user selected it by (`--devices "iPhone 15"`), as given to ``init(_:named:)``.
    package let selected: [String: [String]]

    /// The models that never run StandBy: it came with iOS 17, which Apple made for iPhone XS, iPhone XR
    /// and later, and iPhone SE (2nd generation) and later (Apple Newsroom, "iOS 17 makes iPhone more
    /// personal and intuitive", June 5, 2023; its compatibility list); the iPhone X, iPhone 8 and iPhone 8
    /// Plus stop at iOS 16.
    package static let modelsWithoutStandBy: Set<String> = ["iPhone X", "iPhone 8", "iPhone 8 Plus"]

    /// The names of `classes`; `named`: class id -> the models it is to be called by (the one the user
    /// selected it by, or all those of a screen), said as "A, B or C" (past four, "A, B or 6 more with
    /// this screen").
    package init(_ classes: [DeviceClass], named: [String: [String]] = [:]) {
        func said(_ models: [String]) -> String {
            if models.count > 4 { return models.prefix(2).joined(separator: ", ") + " or \(models.count - 2) more with this screen" }
            return models.count <= 1 ? models.first ?? "" : models.dropLast().joined(separator: ", ") + " or " + models.last!
        }
        ids = classes.map(\.id)
        selected = named
        models = classes.map { named[$0.id].map(said) ?? $0.displayName }
        standbyModels = classes.map { device in
            let chosen = (named[device.id] ?? [device.displayName]).filter { !Self.modelsWithoutStandBy.contains($0) }
            return chosen.isEmpty ? device.models.first { !Self.modelsWithoutStandBy.contains($0) } ?? device.displayName : said(chosen)
        }
    }

    /// The name of class `device` for an image shown on the surfaces `surfaceBits` (an ``DeviceLimits/Entry``'s).
    package func model(_ device: Int, shownOn surfaceBits: UInt8) -> String {
        surfaceBits & DeviceLimits.Entry.bit(.standby) != 0 && surfaceBits & DeviceLimits.Entry.bit(.dynamicIsland) == 0
            ? standbyModels[device] : models[device]
    }
}

extension PixelSize {
    /// How tight `limit` is for an image of this size, as findings rank the limits it is over (smaller is
    /// tighter): the area of the image fitted in it, then the limit's own area.
    package func tightness(in limit: PixelSize) -> (fit: Int, area: Int) {
        let size = fitted(in: limit)
        return (size.width * size.height, limit.width * limit.height)
    }

    /// Whether `limit` ranks before `other` as the worst case for an image of this size, as the
    /// `oversized` finding picks its tightest and every output names it: a limit on a device that keeps the
    /// file once `fit` has run first (one that fit gives a scale variant of its own is a fallback), then
    /// the tighter (``tightness(in:)``); a tie keeps the caller's order.
    package func ranks(_ limit: PixelSize, kept: Bool, before other: PixelSize, kept otherKept: Bool) -> Bool {
        if kept != otherKept { return kept }
        return tightness(in: limit) < tightness(in: other)
    }

    /// The largest size with this one's aspect ratio inside `box`, rounded down so both axes fit, at least
    /// 1x1, and never larger than this one: what `fit` writes, and what every message suggests.
    package func fitted(in box: PixelSize) -> PixelSize {
        guard !fits(in: box) else { return self }
        // Height-limited when w/h <= bw/bh, i.e. w * bh <= h * bw (exact integers, no drift).
        if width * box.height <= height * box.width {
            return PixelSize(width: max(1, min(box.width, width * box.height / height)), height: box.height)
        }
        return PixelSize(width: box.width, height: max(1, min(box.height, height * box.width / width)))
    }
}
