import LiveAssetsRun

/// The text of `liveassets sizes`: every number a person reads, each inferred one marked with the
/// footnote that says how it was derived; each footnote printed once, however many numbers share it.
struct SizesText {
    let table: SizeTable
    /// Footnotes in order of first use: inferences, and published numbers with a remark on their use.
    private var footnotes: [Provenance] = []
    /// The pages the printed published numbers come from, in order of first use.
    private var sources: [String] = []

    init(table: SizeTable) { self.table = table }

    /// One block per device class: its presentations in points and pixels.
    mutating func byDevice(_ devices: [DeviceClass]) -> String {
        var lines = heading("Largest image per presentation, in points and in pixels at the device's scale.")
        for device in devices {
            var title = [device.id]
            if let width = device.screenWidth, let height = device.screenHeight, let provenance = device.screenProvenance {
                title.append(mark("\(width)", provenance) + " x " + mark("\(height)", provenance) + " pt")
            }
            title.append(mark("@\(device.scale)x", device.scaleProvenance))
            if device.hasDynamicIsland { title.append("Dynamic Island") }
            if !device.isSelectedByDefault { title.append("(checked only when chosen)") }
            lines += ["", title.joined(separator: "  ")]
            if !device.models.isEmpty { lines.append("  " + models(device)) }
            lines.append("  shown on: " + device.surfaces.map(\.displayName).joined(separator: ", "))
            var rows: [[String]] = []
            for size in device.presentations {
                rows.append(["  " + size.presentation.rawValue] + cells(size, on: device))
            }
            if let standby = device.standby {
                rows.append(["  standby"] + cells(standby, on: device, inStandby: true))
            }
            lines += Self.columns(rows)
            if let note = device.note { lines.append("  note: \(note)") }
        }
        return finish(lines)
    }

    /// One block per presentation: every selected device class that shows it, and which do not.
    mutating func byPresentation(_ presentations: [Presentation], devices: [DeviceClass]) -> String {
        var lines = heading("Largest image per device class, in points and in pixels at the device's scale.")
        for presentation in presentations {
            let shown = devices.filter { $0.shows(presentation) }
            let name = presentation.displayName
            lines += ["", presentation.rawValue + (name == presentation.rawValue.replacingHyphens ? "" : " (\(name))")]
            var rows: [[String]] = []
            for device in shown {
                let size = device.size(of: presentation)!
                let chosen = device.isSelectedByDefault ? "" : "  (checked only when chosen)"
                rows.append(["  " + device.id, mark("@\(device.scale)x", device.scaleProvenance)]
                            + cells(size, on: device) + [models(device) + chosen])
            }
            lines += Self.columns(rows)
            let others = devices.filter { !$0.shows(presentation) }
            if !others.isEmpty {
                let classes = others.count <= 3
                    ? others.map { "\($0.id) (\($0.displayName))" }.joined(separator: ", ")
                    : "the other \(others.count) device classes"
                lines.append("  Not shown on \(classes).")
            }
        }
        return finish(lines)
    }

    // MARK: Pieces

    private func heading(_ what: String) -> [String] {
        [
            "Live Activity presentation sizes (\(table.revision)).",
            what,
            "A number marked [n] is not published by Apple, or is used in a way Apple does not state: note n says which.",
        ]
    }

    /// Points (each number marked), pixels, and the lower ends of ranges; marks are numbered in
    /// reading order, so the points come first.
    private mutating func cells(_ size: PresentationSize, on device: DeviceClass, inStandby: Bool = false) -> [String] {
        let pixels = size.limit(atScale: device.scale)
        let points = mark("\(size.width)", size.provenance.width) + " x " + mark("\(size.height)", size.provenance.height) + " pt"
        var remarks: [String] = []
        if let minimum = size.minimumWidth, let provenance = size.provenance.minimumWidth {
            remarks.append("min width " + mark("\(minimum)", provenance) + " pt")
        }
        if let minimum = size.minimumHeight, let provenance = size.provenance.minimumHeight {
            remarks.append("min height " + mark("\(minimum)", provenance) + " pt")
        }
        if inStandby {
            remarks.append("the Lock Screen view scaled up; not a limit: only undersized-for-standby uses it")
        } else if size.presentation == .small {
            remarks.append("when the app declares the small family")
        } else if size.presentation == .compactLeading || size.presentation == .compactTrailing,
                  device.family == .watch || device.family == .carplay {
            remarks.append("unless the app declares the small family")
        } else if size.presentation == .minimal, !device.surfaces.contains(.dynamicIsland), device.surfaces.contains(.standby) {
            remarks.append("in StandBy")
        }
        return [points, "\(pixels.width) x \(pixels.height) px", remarks.joined(separator: ", ")]
    }

    /// "models: iPhone 12, iPhone 17e[3]": the provenance most models share marks the label once, and
    /// a model that has its own is marked on its own.
    private mutating func models(_ device: DeviceClass) -> String {
        guard !device.listedModels.isEmpty else { return "" }
        let provenances = device.listedModels.map(\.provenance)
        let common = provenances.max { a, b in provenances.count(of: a) < provenances.count(of: b) }
        let label = common.map { mark("models", $0) } ?? "models"
        return label + ": " + device.listedModels.map { $0.provenance == common ? $0.name : mark($0.name, $0.provenance) }
            .joined(separator: ", ")
    }

    /// `value` followed by its footnote mark when its provenance needs one; records the source otherwise.
    private mutating func mark(_ value: String, _ provenance: Provenance) -> String {
        if case .published(let source) = provenance, source.note == nil {
            let page = source.url.map { "\(source.document): \(Self.page($0))" } ?? source.document
            if !sources.contains(page) { sources.append(page) }
            return value
        }
        if !footnotes.contains(provenance) { footnotes.append(provenance) }
        return value + "[\(footnotes.firstIndex(of: provenance)! + 1)]"
    }

    /// The notes, our readings and the pages, after the blocks.
    private func finish(_ body: [String]) -> String {
        var lines = body
        if !footnotes.isEmpty {
            lines += ["", "Notes"]
            for (index, footnote) in footnotes.enumerated() {
                let number = "[\(index + 1)] "
                let indent = String(repeating: " ", count: number.count)
                switch footnote {
                case .inferred(let inference):
                    lines.append(number + "Inferred: " + inference.rule)
                    if !inference.from.isEmpty { lines.append(indent + "From: " + inference.from.joined(separator: "; ")) }
                case .published(let source):
                    lines.append(number + "Published (\(source.citation)); " + (source.note ?? ""))
                }
            }
        }
        if !table.readings.isEmpty {
            lines += ["", "Our reading, not Apple's words"] + table.readings.map { "- " + $0 }
        }
        if !sources.isEmpty {
            lines += ["", "Published numbers come from"] + sources.map { "- " + $0 }
        }
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n") + "\n"
    }

    /// The page's address without its section anchor.
    private static func page(_ url: String) -> String {
        String(url.prefix { $0 != "#" })
    }

    /// Rows padded into columns two spaces apart.
    private static func columns(_ rows: [[String]]) -> [String] {
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max()! }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }.joined()
        }
    }
}

extension String {
    /// "compact-leading" as "compact leading".
    var replacingHyphens: String { String(map { $0 == "-" ? " " : $0 }) }
}

extension Array where Element: Equatable {
    /// How many elements equal `element`.
    func count(of element: Element) -> Int { reduce(0) { $1 == element ? $0 + 1 : $0 } }
}
