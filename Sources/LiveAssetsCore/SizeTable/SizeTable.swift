/// The per-device Live Activity presentation sizes, as published by Apple or inferred (and marked so).
///
/// The table ships inside the library (``bundled``); `--table FILE` loads another with
/// ``init(contentsOf:)`` or ``init(json:file:)``.
public struct SizeTable: Sendable, Hashable {
    /// The schema version this build reads.
    public static let schemaVersion = 1

    /// Which revision of Apple's pages the numbers come from.
    public let revision: String
    public let devices: [DeviceClass]

    public init(revision: String, devices: [DeviceClass]) {
        self.revision = revision
        self.devices = devices
    }

    /// The device class with this id.
    public func device(id: String) -> DeviceClass? {
        devices.first { $0.id == id }
    }

    /// Why a device selector matched nothing.
    public struct UnknownSelector: Error, Sendable, Hashable {
        public let selector: String
        /// The closest id, family or model name, when one is close.
        public let suggestion: String?

        public init(selector: String, suggestion: String?) {
            self.selector = selector
            self.suggestion = suggestion
        }
    }

    /// The device classes a list of selectors names, in table order: ids ("iphone-430x932"), families
    /// ("iphone", "ipad", "watch", "carplay") or model names ("iPhone 15 Pro", case-insensitive).
    public func devices(matching selectors: [String]) throws(UnknownSelector) -> [DeviceClass] {
        var chosen = Set<String>()
        for selector in selectors {
            let key = selector.lowercased()
            let matches = devices.filter { device in
                device.id == key || device.family.rawValue == key || device.models.contains { $0.lowercased() == key }
            }
            guard !matches.isEmpty else {
                let names = devices.flatMap { [$0.id] + $0.models } + DeviceClass.Family.allCases.map(\.rawValue)
                throw UnknownSelector(selector: selector, suggestion: EditDistance.closest(to: selector, among: names))
            }
            chosen.formUnion(matches.map(\.id))
        }
        return devices.filter { chosen.contains($0.id) }
    }
}
