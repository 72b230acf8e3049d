/// The per-device Live Activity presentation sizes, as published by Apple or inferred (and marked so).
///
/// The table ships inside the library (``bundled``); `--table FILE` loads another with
/// ``init(contentsOf:)`` or ``init(json:file:)``.
public struct SizeTable: Sendable, Hashable {
    /// The newest schema version this build reads; it reads every version from 1 up to this one.
    package static let schemaVersion = 2

    /// Which revision of Apple's pages the numbers come from.
    public let revision: String
    /// Every device class, in table order.
    public let devices: [DeviceClass]
    /// The general rules that are LiveAssets' reading of Apple's text, not Apple's words (how points
    /// become pixels, which scale variant a device falls back to).
    package let readings: [String]

    /// A table of `devices`; `readings` are the general rules that are ours, not Apple's.
    package init(revision: String, devices: [DeviceClass], readings: [String] = []) {
        self.revision = revision
        self.devices = devices
        self.readings = readings
    }

    /// The classes a run checks when no device is selected: every class but those the table leaves to
    /// be chosen by name (the Mac menu bar).
    public var defaultDevices: [DeviceClass] {
        devices.filter(\.isSelectedByDefault)
    }

    /// The device class with this id.
    public func device(id: String) -> DeviceClass? {
        devices.first { $0.id == id }
    }

    /// Why a device selector matched nothing.
    public struct UnknownSelector: Error, Sendable, Hashable, CustomStringConvertible {
        /// The selector as it was given.
        public let selector: String
        /// The closest id, family or model name, when one is close.
        public let suggestion: String?

        package init(selector: String, suggestion: String?) {
            self.selector = selector
            self.suggestion = suggestion
        }

        /// One sentence naming the selector and, when there is one, the closest name.
        public var description: String {
            "No device class is named '\(selector)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ".")
        }
    }

    /// The device classes a list of selectors names, in table order: ids ("iphone-430x932"), families
    /// ("iphone", "ipad", "watch", "carplay", "mac") or model names ("iPhone 15 Pro", case-insensitive).
    /// A model name without its generation or case size names every model it prefixes that way:
    /// "iPad Pro 11-inch" names "iPad Pro 11-inch (M4)", "Apple Watch Series 10" both its sizes.
    public func devices(matching selectors: [String]) throws(UnknownSelector) -> [DeviceClass] {
        var chosen = Set<String>()
        for selector in selectors {
            let key = selector.lowercased()
            let matches = devices.filter { device in
                device.id == key || device.family.rawValue == key || device.models.contains { Self.model($0, isNamedBy: key) }
            }
            guard !matches.isEmpty else {
                let names = devices.flatMap { [$0.id] + $0.models } + DeviceClass.Family.allCases.map(\.rawValue)
                throw UnknownSelector(selector: selector, suggestion: EditDistance.closest(to: selector, among: names))
            }
            chosen.formUnion(matches.map(\.id))
        }
        return devices.filter { chosen.contains($0.id) }
    }

    /// The model each class is to be called by where `selectors` name a model of it ("iPhone 15" for the
    /// class of the iPhone 14 Pro): class id -> the model's name as the table spells it, the first
    /// selector that names one winning.
    package func modelNames(selectedBy selectors: [String]) -> [String: [String]] {
        var names: [String: [String]] = [:]
        for selector in selectors {
            let key = selector.lowercased()
            for device in devices where names[device.id] == nil {
                if let model = device.models.first(where: { Self.model($0, isNamedBy: key) }) { names[device.id] = [model] }
            }
        }
        return names
    }

    /// Whether `key` (lowercased) names `model`: the whole name, or the name before a generation in
    /// parentheses ("ipad air 11-inch" for "iPad Air 11-inch (M2)") or before a case size
    /// ("apple watch series 10" for "Apple Watch Series 10 42mm").
    static func model(_ model: String, isNamedBy key: String) -> Bool {
        let name = model.lowercased()
        guard name.hasPrefix(key) else { return false }
        let rest = name.dropFirst(key.count)
        if rest.isEmpty || rest.hasPrefix(" (") { return true }
        // A case size directly after the name: " 42mm".
        guard rest.count > 3, rest.hasPrefix(" "), rest.hasSuffix("mm") else { return false }
        return rest.dropFirst().dropLast(2).allSatisfy { ("0"..."9").contains($0) }
    }
}
