import LiveAssetsRun

/// The HTML report: one self-contained page (no request leaves it: its Content-Security-Policy allows
/// only its own style, its one script by hash, and data-URI images) that draws every image in each
/// presentation it is checked in, on each device, at the size the device shows it (1 CSS px = 1 pt).
///
/// The drawings are data the page's script turns into elements when it loads: each image's section
/// lists its drawings as rows of numbers (``record(_:kind:pixels:frames:)``), and `main` holds the
/// surfaces they refer to once (``FrameTable``), so that 8,000 drawings of 150 images stay a small
/// page. The geometry is computed here; the script places what it is given (multiplying a scaled
/// surface's size by its scale for the box around it).
///
/// The DOM contract the browser tests rely on, once the script has run: every drawn image has `data-image`, `data-device`,
/// `data-presentation`, `data-surface`, `data-fits` and `data-points` ("WxH", in points), and its box is
/// that size times the surface's scale; every slot has `data-slot`, `data-device`, `data-presentation`
/// and `data-surface`; `data-device` lists the class ids of every device that shows that picture alike,
/// separated by spaces (one drawing stands for them all); every finding row has `data-rule`. `fit`'s
/// result, drawn beside an image that does not fit, carries `data-fitted="true"` too. The overview,
/// `table[data-overview]`, comes before the first image's section: a row per image (`data-image`) and a
/// cell per presentation (`data-presentation`, `data-fits` "true", "false" or "unshown"). An image's
/// drawings are in a `<details>`, open where it does not fit or has an error.
enum HTMLReport {
    static func render(_ report: CheckReport) -> String {
        let pictures = report.pictures
        // Sections exist for the pictures with drawings only: findings link to those.
        let index = Dictionary(pictures.enumerated().filter { !$0.element.drawings.isEmpty }.map { ($1.image, $0) },
                               uniquingKeysWith: { first, _ in first })
        let names = Dictionary(report.devices.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var page = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src '\(scriptHash)'\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"color-scheme\" content=\"light dark\">\n"
        page += "<title>LiveAssets check: \(escape(report.summaryLine))</title>\n<style>\n\(style)"
        // Each picture once, as a class every drawing of it uses.
        for (number, picture) in pictures.enumerated() {
            if let preview = picture.preview { page += rule(".p\(number)", preview) }
        }
        page += "</style>\n</head>\n<body>\n"
        let models = ModelNames(report.devices, selected: report.selectedModels)
        page += summary(report, models: models)
        // What each finding is about, once: its image (or file); for one on an image set's Contents.json (a
        // missing scale variant), each image of the set too. And the findings by image, for all sections.
        var sets: [Substring: [String]] = [:]  // the images by the folder that holds them
        for picture in pictures { sets[picture.image[..<(picture.image.lastIndex(of: "/") ?? picture.image.startIndex)], default: []].append(picture.image) }
        var about: [String: [Finding]] = [:]
        let subjects = report.findings.map { finding in
            var images = [finding.image ?? finding.path]
            if finding.image == nil, finding.path.hasSuffix("/Contents.json") { images += sets[finding.path.dropLast("/Contents.json".count)] ?? [] }
            for image in images { about[image, default: []].append(finding) }
            return images
        }
        let severities = about.mapValues { Set($0.map(\.severity.rawValue)) }
        // Sections open where the image does not fit, up to a screenful of them: past that, all start
        // folded, and the overview's links open them.
        let failing = pictures.filter { picture in
            !picture.drawings.isEmpty && (severities[picture.image]?.contains("error") == true || picture.drawings.contains { !$0.fits })
        }.count
        var frames = FrameTable(), sections = "", worst: [String: [Presentation: [Int: [String]]]] = [:]
        for (number, picture) in pictures.enumerated() where !picture.drawings.isEmpty {
            let section = section(picture, number: number, severities: severities[picture.image, default: []].sorted(),
                                  opens: failing <= sectionsOpened, frames: &frames)
            sections += section.html
            worst[picture.image] = section.worst
        }
        page += overview(report, severities: severities, about: about, models: models, worst: worst)
        page += findings(report, subjects: subjects, index: index)
        // The models of the devices drawn, for the captions; and the name each is called by, as findings
        // call it (the model the user selected it by, else its first), and in StandBy where that differs.
        var devices: [String] = [], called: [String] = [], standbyNames: [String] = []
        for (id, device) in names.sorted(by: { $0.key < $1.key }) where frames.devices.contains(id) {
            let listed = device.models.isEmpty ? [device.id + " (no model listed)"] : models.ordered(device)
            devices.append(JSONValue.quoted(id) + ":[" + listed.map(JSONValue.quoted).joined(separator: ",") + "]")
            called.append(JSONValue.quoted(id) + ":" + JSONValue.quoted(models.model(id, inStandBy: false)))
            let standby = models.model(id, inStandBy: true)
            if standby != models.model(id, inStandBy: false) { standbyNames.append(JSONValue.quoted(id) + ":" + JSONValue.quoted(standby)) }
        }
        page += "<main data-frames=\"\(escapeData("[" + frames.records.joined(separator: ",") + "]"))\" data-devices=\"\(escapeData("{" + devices.joined(separator: ",") + "}"))\""
        page += " data-called=\"\(escapeData("{" + called.joined(separator: ",") + "}"))\""
        page += " data-standby=\"\(escapeData("{" + standbyNames.joined(separator: ",") + "}"))\""
        page += " data-no-standby=\"\(escapeData("[" + DeviceNames.modelsWithoutStandBy.sorted().map(JSONValue.quoted).joined(separator: ",") + "]"))\">\n"
        page += "<noscript><p>The drawings are made by the page's script: allow JavaScript to see them.</p></noscript>\n"
        page += sections
        page += "</main>\n<footer><p>Slots and the Dynamic Island are drawn at the table's sizes (revision \(escape(report.context.tableRevision))); the other outlines only frame them. liveassets \(escape(report.context.toolVersion)).</p></footer>\n"
        page += "<script>\(script)</script>\n</body>\n</html>\n"
        return page
    }

    /// The most sections of images that do not fit opened when the page loads: about a screenful.
    static let sectionsOpened = 4

    /// The style rule that paints `preview` (and masks it with its alpha) in the elements of `selector`.
    static func rule(_ selector: String, _ preview: ReportPicture.Embedded) -> String {
        var rule = selector + "{background-image:url(\"" + preview.dataURI + "\")"
        if let mask = preview.maskURI { rule += ";mask-image:url(\"\(mask)\")" }
        return rule + "}\n"
    }

    // MARK: Summary and findings

    /// "1 image file", "1,026 image files".
    static func count(_ n: Int, _ word: String, plural: String? = nil) -> String {
        "\(n.groupedDigits) \(n == 1 ? word : plural ?? word + "s")"
    }

    /// `items` under a summary that says what they are, folded.
    static func folded(_ summary: String, _ items: [String], separator: String = ", ") -> String {
        "<details><summary>\(summary)</summary>" + items.joined(separator: separator) + "</details>"
    }

    static func summary(_ report: CheckReport, models: ModelNames) -> String {
        let drawn = Set(report.pictures.filter { !$0.drawings.isEmpty }.map(\.image))
        let unchecked = Set(report.unchecked.map(PathKey.init))
        let undrawn = report.files.filter { !drawn.contains($0) && !unchecked.contains(PathKey($0)) }
        var html = "<header>\n<h1>LiveAssets check</h1>\n<p class=\"line\">\(escape(report.summaryLine))</p>\n<dl class=\"summary\">\n"
        html += "<dt>Images</dt><dd>\(report.checkedFileCount.imageFiles) checked, \(drawn.count.groupedDigits) drawn</dd>\n"
        html += "<dt>Findings</dt><dd>"
        html += report.countsByRule.isEmpty ? "none" : report.countsByRule.map { entry in
            var parts: [String] = []
            if entry.errors > 0 { parts.append(count(entry.errors, "error")) }
            if entry.warnings > 0 { parts.append(count(entry.warnings, "warning")) }
            return "<code>\(entry.rule.rawValue)</code> " + parts.joined(separator: ", ")
        }.joined(separator: "; ")
        html += "</dd>\n<dt>Devices</dt><dd>" + folded(count(report.devices.count, "device class", plural: "device classes"),
                                                       report.devices.map { escape(deviceName($0, models: models)) }, separator: "; ") + "</dd>\n"
        // Lists as long as a screen fold: the overview comes first.
        if !undrawn.isEmpty {
            html += "<dt>Not drawn</dt><dd>" + folded(undrawn.count.imageFiles + " checked but not drawn (not measured: unreadable, or a format such as SVG or PDF; or shown in no presentation of these devices)",
                                                     undrawn.map { "<code>\(escape($0))</code>" }) + "</dd>\n"
        }
        if !report.unchecked.isEmpty {
            html += "<dt>Not in a Live Activity</dt><dd>" + folded(report.unchecked.count.imageFiles + " not checked",
                                                                  report.unchecked.map { "<code>\(escape($0))</code>" }) + "</dd>\n"
        }
        if !report.notices.isEmpty {
            html += "<dt>Configuration</dt><dd><ul class=\"configuration\">\n" + report.notices.map { "<li>\(prose($0.sentence))</li>\n" }.joined() + "</ul></dd>\n"
        }
        html += "</dl>\n"
        if !report.notes.isEmpty {
            html += "<ul class=\"notes\">\n" + report.notes.map { "<li>\(prose($0))</li>\n" }.joined() + "</ul>\n"
        }
        html += filters(report, models: models) + "</header>\n"
        return html
    }

    static func filters(_ report: CheckReport, models: ModelNames) -> String {
        func select(_ id: String, _ label: String, _ options: [(value: String, text: String)]) -> String {
            "<label>\(label) <select id=\"\(id)\"><option value=\"\">all</option>"
                + options.map { "<option value=\"\(escape($0.value))\">\(escape($0.text))</option>" }.joined() + "</select></label>\n"
        }
        let presentations = Set(report.pictures.flatMap { $0.drawings.map(\.presentation) }).sorted()
        // The devices something is drawn on: choosing another would leave nothing.
        let drawn = Set(report.pictures.flatMap { $0.drawings.map(\.device) })
        return "<form class=\"filters\" aria-label=\"Filters\">\n"
            + select("f-severity", "Severity", [("error", "errors"), ("warning", "warnings")])
            + select("f-device", "Device", report.devices.filter { drawn.contains($0.id) }.map { ($0.id, shortName($0, models: models)) })
            + select("f-presentation", "Presentation", presentations.map { ($0.rawValue, $0.displayName) })
            + "</form>\n"
    }

    /// The findings table; `subjects[i]`: the images finding `i` is about, whose sections (in `index`) it
    /// names, linking to the first.
    static func findings(_ report: CheckReport, subjects: [[String]], index: [String: Int]) -> String {
        guard !report.findings.isEmpty else { return "<section class=\"findings\"><h2>Findings</h2><p>None.</p></section>\n" }
        // A long list is folded: the overview says the same at a glance.
        let open = report.findings.count <= 12 ? " open" : ""
        var html = "<section class=\"findings\">\n<details\(open)><summary><h2>Findings (\(report.findings.count))</h2></summary>\n<table>\n<thead><tr><th>Severity</th><th>Rule</th><th>File</th><th>Message</th></tr></thead>\n<tbody>\n"
        for (finding, images) in zip(report.findings, subjects) {
            let target = finding.image ?? finding.path
            let about = images.compactMap { index[$0] }.sorted()
            let file = about.first.map { "<a href=\"#img-\($0)\">\(escape(target))</a>" } ?? escape(target)
            html += "<tr data-rule=\"\(finding.rule.rawValue)\" data-severity=\"\(finding.severity.rawValue)\""
            if !about.isEmpty { html += " data-sections=\"\(about.map { "img-\($0)" }.joined(separator: " "))\"" }
            // Every device and presentation the finding is about, for the filters (the strictest is one of them).
            let violations = finding.violations
            var devices = violations.map(\.device) + finding.devices, presentations = violations.map(\.presentation.rawValue)
            if let device = finding.device, !devices.contains(device) { devices.append(device) }
            if let presentation = finding.presentation?.rawValue, !presentations.contains(presentation) { presentations.append(presentation) }
            if !devices.isEmpty { html += " data-devices=\"\(escape(Array(Set(devices)).sorted().joined(separator: " ")))\"" }
            if !presentations.isEmpty { html += " data-presentations=\"\(Array(Set(presentations)).sorted().joined(separator: " "))\"" }
            html += "><td class=\"\(finding.severity.rawValue)\">\(finding.severity.rawValue)</td><td><code>\(finding.rule.rawValue)</code></td><td>\(file)</td><td>\(prose(finding.message))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</details>\n</section>\n"
    }

    /// The script's hash, as the Content-Security-Policy names it: SHA-256 of ``script`` in base64. A
    /// literal, checked by `HTMLReportTests` (change the script and that test gives the new value).
    static let scriptHash = "sha256-9V49h61KbHFgMXDCbWUDpX9R1wQTEZHs0/YtxKFk7t8="

    /// The drawings, made from the data of `main` and of each section (see ``record(_:kind:pixels:frames:)``),
    /// and the filters: each hides what does not match, sections and devices left empty too.
    static let script = String(decoding: PackageResources.report_js, as: UTF8.self)

    static let style = String(decoding: PackageResources.report_css, as: UTF8.self)
}
