import LiveAssetsRun

// The overview: a row per drawn image, a cell per presentation, each the worst case the check ranked.
extension HTMLReport {
    // MARK: Overview

    /// A row per drawn image, failures first, and a cell per presentation: where it does not fit, the
    /// tightest limit it is over, on which model, and the size `fit` gives; where it fits, the tightest
    /// limit; where no device shows it there, "not shown". Each row links to the image's drawings.
    static func overview(_ report: CheckReport, severities: [String: Set<String>], about: [String: [Finding]],
                         models: ModelNames, worst: [String: [Presentation: [Int: [String]]]]) -> String {
        let drawn = report.pictures.indices.filter { !report.pictures[$0].drawings.isEmpty }
        guard !drawn.isEmpty else { return "" }
        let presentations = Set(drawn.flatMap { report.pictures[$0].drawings.map(\.presentation) }).sorted()
        func rank(_ number: Int) -> Int {
            let picture = report.pictures[number], found = severities[picture.image, default: []]
            if found.contains("error") || picture.drawings.contains(where: { !$0.fits }) { return 0 }
            return found.contains("warning") ? 1 : 2
        }
        let rows = drawn.map { ($0, rank($0)) }.sorted { ($0.1, report.pictures[$0.0].image) < ($1.1, report.pictures[$1.0].image) }
        var html = "<section class=\"overview\">\n<h2>Overview</h2>\n"
        html += "<p class=\"facts lead\">Each cell gives the worst case over all the devices checked; choose a device above for its own.</p>\n"
        html += "<table data-overview>\n<thead><tr><th>Image</th>"
        for presentation in presentations { html += "<th data-presentation=\"\(presentation.rawValue)\">\(presentation.displayName)</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for (number, _) in rows {
            let picture = report.pictures[number]
            var devices: [String] = []
            for drawing in picture.drawings where !devices.contains(drawing.device) { devices.append(drawing.device) }
            html += "<tr data-image=\"\(escape(picture.image))\" data-severities=\"\(severities[picture.image, default: []].sorted().joined(separator: " "))\""
            html += " data-devices=\"\(escape(devices.sorted().joined(separator: " ")))\"\(picture.presentationsStated ? "" : " data-unstated")>"
            html += "<th scope=\"row\"><a href=\"#img-\(number)\"><code>\(breakable(picture.image))</code></a>"
            html += "<span class=\"facts\">\(picture.size.width)x\(picture.size.height) px\(picture.scale.map { " @\($0)x" } ?? "")</span>"
            // The findings the cells do not show: the rules, by severity.
            for severity in [Severity.error, .warning] {
                var rules: [String] = []
                for finding in about[picture.image, default: []] where finding.rule != .oversized && finding.severity == severity {
                    if !rules.contains(finding.rule.rawValue) { rules.append(finding.rule.rawValue) }
                }
                if !rules.isEmpty { html += "<span class=\"\(severity.rawValue)\">\(severity.rawValue): " + rules.map { "<code>\($0)</code>" }.joined(separator: ", ") + "</span>" }
            }
            html += "</th>"
            for presentation in presentations {
                let shown = picture.drawings.filter { $0.presentation == presentation }
                guard !shown.isEmpty else {
                    html += "<td data-presentation=\"\(presentation.rawValue)\" data-fits=\"unshown\">"
                        + (picture.presentationsStated ? "not used here" : "not checked (no stated presentation)") + "</td>"
                    continue
                }
                let cell = worstCase(shown, of: picture, models: models)
                let byDevice = worst[picture.image]?[presentation] ?? [:]
                html += "<td data-presentation=\"\(presentation.rawValue)\" data-fits=\"\(cell.fits)\""
                html += " data-worst=\"\(escape(byDevice.keys.sorted().map { "\($0):" + byDevice[$0]!.joined(separator: " ") }.joined(separator: ";")))\""
                html += ">" + cell.text
                html += "</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n<p class=\"empty\" hidden>No image matches these filters.</p>\n</section>\n"
    }

    /// The worst case of an image among `shown` (its drawings in one presentation), as the finding picks
    /// its tightest: among the drawings over their limit (where all fit, among all), those on devices that
    /// keep this file once fit has run first, then the one whose fit is smallest, then the smaller limit;
    /// said as the overview's cell says it.
    static func worstCase(_ shown: [ReportDrawing], of picture: ReportPicture, models: ModelNames) -> (fits: Bool, text: String) {
        let over = shown.filter { !$0.fits }
        let tightest = (over.isEmpty ? shown : over).min {
            picture.size.ranks($0.limit, kept: picture.devicesAfterFit.contains($0.device), before: $1.limit,
                               kept: picture.devicesAfterFit.contains($1.device))
        }!
        let limit = "the \(tightest.limit.width)x\(tightest.limit.height) px limit\(tightest.limitInferred ? " (inferred)" : "")"
            + "\(place(of: tightest)) on \(escape(models.model(tightest.device, inStandBy: tightest.surface == .standby)))"
        if over.isEmpty { return (true, "fits \(limit)") }
        if let refusal = picture.fitRefusal { return (false, "<strong>over</strong> \(limit); <code>fit</code> \(escape(refusal.brief))") }
        if !picture.devicesAfterFit.contains(tightest.device) {
            // That device gets a scale variant of its own.
            return (false, "<strong>over</strong> \(limit); <code>fit</code> adds a \(variantSize(tightest.deviceScale, of: picture))@\(tightest.deviceScale)x variant")
        }
        var text = "<strong>over</strong> \(limit)"
        if let fitted = picture.fitted { text += "; <code>fit</code>: \(fitted.size.width)x\(fitted.size.height) px" }
        return (false, text)
    }

    /// "73x73 px " for the variant of `scale` that `fit` adds from `picture`, or nothing where it is not known.
    static func variantSize(_ scale: Int, of picture: ReportPicture) -> String {
        picture.variantsAdded[scale].map { "\($0.width)x\($0.height) px " } ?? ""
    }

    /// Where on the device a drawing is: " in StandBy", " in the Smart Stack", or nothing.
    static func place(of drawing: ReportDrawing) -> String {
        drawing.surface == .standby ? " in StandBy" : drawing.surface == .smartStack ? " in the Smart Stack" : ""
    }

    /// The models the device classes are called by, as findings call them (``DeviceNames``), by class id.
    struct ModelNames {
        private let names: DeviceNames
        private let index: [String: Int]

        init(_ devices: [DeviceClass], selected: [String: [String]]) {
            names = DeviceNames(devices, named: selected)
            index = Dictionary(devices.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        }

        /// The models of `device`, those the user selected it by first: the name captions and filters lead with.
        func ordered(_ device: DeviceClass) -> [String] {
            let chosen = names.selected[device.id] ?? []
            return chosen + device.models.filter { !chosen.contains($0) }
        }

        /// Class `id`'s name: the model the user selected it by, else its first; in StandBy, the first of
        /// those that runs StandBy.
        func model(_ id: String, inStandBy: Bool) -> String {
            index[id].map { inStandBy ? names.standbyModels[$0] : names.models[$0] } ?? id
        }
    }

    /// "iPhone 16 Pro, iPhone 17 (iphone-402x874, @3x)"; a class that lists no model, "ipad-1012x834 (no
    /// model listed, @2x)".
    static func deviceName(_ device: DeviceClass, models: ModelNames) -> String {
        device.models.isEmpty ? "\(device.id) (no model listed, @\(device.scale)x)"
            : models.ordered(device).joined(separator: ", ") + " (\(device.id), @\(device.scale)x)"
    }

    /// A device class in a list to choose from: "iPhone 14 Pro and 3 more (@3x)".
    static func shortName(_ device: DeviceClass, models: ModelNames) -> String {
        guard let first = models.ordered(device).first else { return "\(device.id) (no model listed, @\(device.scale)x)" }
        return first + (device.models.count > 1 ? " and \(device.models.count - 1) more" : "") + " (@\(device.scale)x)"
    }
}
