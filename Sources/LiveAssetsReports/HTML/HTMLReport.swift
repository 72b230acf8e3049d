import LiveAssets

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
        page += summary(report, names: names)
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
        let models = ModelNames(report.devices)
        page += overview(report, severities: severities, about: about, models: models)
        page += findings(report, subjects: subjects, index: index)
        var frames = FrameTable(), sections = ""
        for (number, picture) in pictures.enumerated() where !picture.drawings.isEmpty {
            sections += section(picture, number: number, severities: severities[picture.image, default: []].sorted(), frames: &frames)
        }
        var devices: [String] = [], standbyNames: [String] = []  // the models of the devices drawn, for the captions and the overview
        for (id, device) in names.sorted(by: { $0.key < $1.key }) where frames.devices.contains(id) {
            let listed = device.models.isEmpty ? [device.id + " (no model listed)"] : device.models
            devices.append(JSONValue.quoted(id) + ":[" + listed.map(JSONValue.quoted).joined(separator: ",") + "]")
            // Where its first model does not run StandBy, the one it is called by there.
            let standby = models.model(id, inStandBy: true)
            if standby != device.displayName { standbyNames.append(JSONValue.quoted(id) + ":" + JSONValue.quoted(standby)) }
        }
        page += "<main data-frames=\"\(escapeData("[" + frames.records.joined(separator: ",") + "]"))\" data-devices=\"\(escapeData("{" + devices.joined(separator: ",") + "}"))\""
        page += " data-standby=\"\(escapeData("{" + standbyNames.joined(separator: ",") + "}"))\""
        page += " data-no-standby=\"\(escapeData("[" + DeviceNames.modelsWithoutStandBy.sorted().map(JSONValue.quoted).joined(separator: ",") + "]"))\">\n"
        page += "<noscript><p>The drawings are made by the page's script: allow JavaScript to see them.</p></noscript>\n"
        page += sections
        page += "</main>\n<footer><p>Slots and the Dynamic Island are drawn at the table's sizes (revision \(escape(report.context.tableRevision))); the other outlines only frame them. liveassets \(escape(report.context.toolVersion)).</p></footer>\n"
        page += "<script>\(script)</script>\n</body>\n</html>\n"
        return page
    }

    /// The style rule that paints `preview` (and masks it with its alpha) in the elements of `selector`.
    static func rule(_ selector: String, _ preview: ReportPicture.Embedded) -> String {
        var rule = selector + "{background-image:url(\"" + preview.dataURI + "\")"
        if let mask = preview.maskURI { rule += ";mask-image:url(\"\(mask)\")" }
        return rule + "}\n"
    }

    // MARK: Summary and findings

    static func summary(_ report: CheckReport, names: [String: DeviceClass]) -> String {
        let drawn = Set(report.pictures.filter { !$0.drawings.isEmpty }.map(\.image))
        let undrawn = report.files.filter { !drawn.contains($0) }
        var html = "<header>\n<h1>LiveAssets check</h1>\n<p class=\"line\">\(escape(report.summaryLine))</p>\n<dl class=\"summary\">\n"
        html += "<dt>Images</dt><dd>\(report.files.count) read, \(drawn.count) drawn</dd>\n"
        html += "<dt>Findings</dt><dd>"
        html += report.countsByRule.isEmpty ? "none" : report.countsByRule.map { entry in
            var parts: [String] = []
            if entry.errors > 0 { parts.append("\(entry.errors) error\(entry.errors == 1 ? "" : "s")") }
            if entry.warnings > 0 { parts.append("\(entry.warnings) warning\(entry.warnings == 1 ? "" : "s")") }
            return "<code>\(entry.rule.rawValue)</code> " + parts.joined(separator: ", ")
        }.joined(separator: "; ")
        html += "</dd>\n<dt>Devices</dt><dd><details><summary>\(report.devices.count) device class\(report.devices.count == 1 ? "" : "es")</summary>"
        html += report.devices.map { escape(deviceName($0)) }.joined(separator: "; ") + "</details></dd>\n"
        html += "<dt>Not drawn</dt><dd>"
        html += undrawn.isEmpty ? "none" : "\(undrawn.count): " + undrawn.map { "<code>\(escape($0))</code>" }.joined(separator: ", ")
            + " (unreadable, or shown in no presentation of these devices)"
        html += "</dd>\n"
        if !report.notices.isEmpty {
            html += "<dt>Configuration</dt><dd><ul class=\"configuration\">\n" + report.notices.map { "<li>\(prose($0.sentence))</li>\n" }.joined() + "</ul></dd>\n"
        }
        html += "</dl>\n"
        if !report.notes.isEmpty {
            html += "<ul class=\"notes\">\n" + report.notes.map { "<li>\(prose($0))</li>\n" }.joined() + "</ul>\n"
        }
        html += filters(report) + "</header>\n"
        return html
    }

    static func filters(_ report: CheckReport) -> String {
        func select(_ id: String, _ label: String, _ options: [(value: String, text: String)]) -> String {
            "<label>\(label) <select id=\"\(id)\"><option value=\"\">all</option>"
                + options.map { "<option value=\"\(escape($0.value))\">\(escape($0.text))</option>" }.joined() + "</select></label>\n"
        }
        let presentations = Set(report.pictures.flatMap { $0.drawings.map(\.presentation) }).sorted()
        // The devices something is drawn on: choosing another would leave nothing.
        let drawn = Set(report.pictures.flatMap { $0.drawings.map(\.device) })
        return "<form class=\"filters\" aria-label=\"Filters\">\n"
            + select("f-severity", "Severity", [("error", "errors"), ("warning", "warnings")])
            + select("f-device", "Device", report.devices.filter { drawn.contains($0.id) }.map { ($0.id, shortName($0)) })
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

    // MARK: Overview

    /// A row per drawn image, failures first, and a cell per presentation: where it does not fit, the
    /// tightest limit it is over, on which model, and the size `fit` gives; where it fits, the tightest
    /// limit; where no device shows it there, "not shown". Each row links to the image's drawings.
    static func overview(_ report: CheckReport, severities: [String: Set<String>], about: [String: [Finding]],
                         models: ModelNames) -> String {
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
                let worst = worstCase(shown, of: picture, models: models)
                html += "<td data-presentation=\"\(presentation.rawValue)\" data-fits=\"\(worst.fits)\""
                html += ">" + worst.text
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
            tighter($0.limit, kept: picture.devicesAfterFit.contains($0.device), than: $1.limit,
                    kept: picture.devicesAfterFit.contains($1.device), size: picture.size)
        }!
        let limit = "the \(tightest.limit.width)x\(tightest.limit.height) px limit\(tightest.limitInferred ? " (inferred)" : "")"
            + "\(place(of: tightest)) on \(escape(models.model(tightest.device, inStandBy: tightest.surface == .standby)))"
        if over.isEmpty { return (true, "fits \(limit)") }
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

    /// Whether a limit is the worse case for an image of `size` than another, as the finding picks its
    /// tightest: on a device that keeps the file once fit has run (the others get a scale variant of their
    /// own), then the one whose fit is smallest, then the smaller limit.
    static func tighter(_ a: PixelSize, kept keptA: Bool, than b: PixelSize, kept keptB: Bool, size: PixelSize) -> Bool {
        if keptA != keptB { return keptA }
        return size.tightness(in: a) < size.tightness(in: b)
    }

    /// Where on the device a drawing is: " in StandBy", " in the Smart Stack", or nothing.
    static func place(of drawing: ReportDrawing) -> String {
        drawing.surface == .standby ? " in StandBy" : drawing.surface == .smartStack ? " in the Smart Stack" : ""
    }

    /// The models the device classes are called by, as findings call them (``DeviceNames``), by class id.
    struct ModelNames {
        private let names: DeviceNames
        private let index: [String: Int]

        init(_ devices: [DeviceClass]) {
            names = DeviceNames(devices)
            index = Dictionary(devices.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        }

        /// Class `id`'s name: its first model; in StandBy, its first model that runs StandBy.
        func model(_ id: String, inStandBy: Bool) -> String {
            index[id].map { inStandBy ? names.standbyModels[$0] : names.models[$0] } ?? id
        }
    }

    // MARK: Drawings

    /// What makes two drawings of one image the same picture: all but the device (and its surface's
    /// outline, which only frames the slot).
    struct Likeness: Hashable {
        let presentation: Presentation, surface: Surface
        let width: Double, height: Double, slotWidth: Double, slotHeight: Double
        let limit: PixelSize, variantScale: Int, deviceScale: Int, surfaceScale: Double
        let fits: Bool, kept: Bool
    }

    /// An image's section: its facts, and one drawing per distinct picture (labelled with every device
    /// that shows it so), beside each that does not fit `fit`'s result; folded where the image fits
    /// everywhere and has no error.
    static func section(_ picture: ReportPicture, number: Int, severities: [String], frames: inout FrameTable) -> String {
        let open = severities.contains("error") || picture.drawings.contains { !$0.fits }
        var html = "<section class=\"image\" id=\"img-\(number)\" data-image=\"\(escape(picture.image))\" data-severities=\"\(severities.joined(separator: " "))\""
        html += " data-pixels=\"\(picture.size.width)x\(picture.size.height)\""
        if let fitted = picture.fitted { html += " data-fitted=\"\(fitted.size.width)x\(fitted.size.height)\"" }
        if !picture.variantsAdded.isEmpty {
            html += " data-added=\"\(picture.variantsAdded.keys.sorted().map { "\($0):" + variantSize($0, of: picture) }.joined(separator: ","))\""
        }
        html += ">\n"
        html += "<details\(open ? " open" : "")><summary><h2><code>\(breakable(picture.image))</code></h2><span class=\"facts\">\(picture.size.width)x\(picture.size.height) px"
        html += picture.scale.map { " @\($0)x" } ?? " (no scale declared: counted as @1x)"
        html += ", \(picture.byteCount.groupedDigits) bytes"
        if let fitted = picture.fitted {
            html += "; <code>fit</code> would write \(fitted.size.width)x\(fitted.size.height) px, \(fitted.byteCount.groupedDigits) bytes"
        }
        // The devices that fall back to this file where it is too large get a variant of their scale instead.
        let variants = Set(picture.drawings.filter { !$0.fits && !picture.devicesAfterFit.contains($0.device) }.map(\.deviceScale)).sorted()
        if !variants.isEmpty {
            html += (picture.fitted == nil ? "; <code>fit</code> would add " : ", and add ")
                + variants.map { "a \(variantSize($0, of: picture))@\($0)x variant" }.joined(separator: " and ") + " for the devices of that scale"
        }
        html += "</span></summary>\n"
        // The drawings grouped: one per picture, in presentation order, with the devices that show it so.
        var groups: [(likeness: Likeness, drawing: ReportDrawing, devices: [String], inferred: [String])] = []
        var place: [Likeness: Int] = [:]
        for drawing in picture.drawings {
            // A device that keeps the file once fit has run sees fit's result (where fit could make one);
            // the others get a scale variant fit adds.
            let likeness = Likeness(presentation: drawing.presentation, surface: drawing.surface, width: drawing.width, height: drawing.height,
                                    slotWidth: drawing.slotWidth, slotHeight: drawing.slotHeight, limit: drawing.limit,
                                    variantScale: drawing.variantScale, deviceScale: drawing.deviceScale, surfaceScale: drawing.surfaceScale,
                                    fits: drawing.fits, kept: picture.devicesAfterFit.contains(drawing.device))
            if let index = place[likeness] {
                if !groups[index].devices.contains(drawing.device) { groups[index].devices.append(drawing.device) }
                // The same number may be Apple's for one device and inferred for another: then it is said
                // inferred for those.
                if drawing.limitInferred, !groups[index].inferred.contains(drawing.device) { groups[index].inferred.append(drawing.device) }
            } else {
                place[likeness] = groups.count
                groups.append((likeness, drawing, [drawing.device], drawing.limitInferred ? [drawing.device] : []))
            }
        }
        let order = groups.indices.sorted { (groups[$0].likeness.presentation, $0) < (groups[$1].likeness.presentation, $1) }
        // Where it does not fit, the worst case of each presentation leads (the one the overview names).
        // The others (other devices' limits and surfaces, and where it fits) follow, folded.
        var leads = Set<Int>()
        if open {
            var tightest: [Presentation: Int] = [:]
            for index in order where !groups[index].likeness.fits {
                let likeness = groups[index].likeness
                if let other = tightest[likeness.presentation].map({ groups[$0].likeness }),
                   !tighter(likeness.limit, kept: likeness.kept, than: other.limit, kept: other.kept, size: picture.size) { continue }
                tightest[likeness.presentation] = index
            }
            leads = Set(tightest.values)
        }
        var first: [String] = [], more: [String] = []
        for index in order {
            let (likeness, drawing, devices, inferred) = groups[index]
            let fitted = likeness.kept ? picture.fitted : nil
            var records = [record(drawing, devices: devices, inferred: inferred, kind: drawing.fits || likeness.kept ? .image : .replaced, frames: &frames)]
            if !drawing.fits, let fitted {
                var after = drawing
                after.width *= Double(fitted.size.width) / Double(max(picture.size.width, 1))
                after.height *= Double(fitted.size.height) / Double(max(picture.size.height, 1))
                after.fits = true
                records.append(record(after, devices: devices, inferred: inferred, kind: .fitted, pixels: fitted.size, frames: &frames))
            }
            if leads.isEmpty || leads.contains(index) { first += records } else { more += records }
        }
        html += "<div class=\"drawn\" data-drawings=\"[\(first.joined(separator: ","))]\""
        if !more.isEmpty { html += " data-more=\"[\(more.joined(separator: ","))]\"" }
        return html + "></div>\n</details>\n</section>\n"
    }

    /// What a drawing shows: the image; the image, where `fit` gives the device a scale variant of its
    /// own instead of fitting this file; or `fit`'s result.
    enum Kind: Int { case image = 0, replaced = 1, fitted = 2 }

    /// One drawing as the script reads it: `[frame, kind, x, y, width, height, fits, variant scale]` and,
    /// for `fit`'s result, its width and height in pixels; the image's place and size are in points.
    /// `inferred`: those of `devices` for which the drawing's limit is inferred.
    static func record(_ drawing: ReportDrawing, devices: [String], inferred: [String], kind: Kind, pixels: PixelSize? = nil,
                       frames: inout FrameTable) -> String {
        var fields = [String(frames.index(of: drawing, devices: devices, inferred: inferred)), String(kind.rawValue), css(drawing.imageX), css(drawing.imageY),
                      css(drawing.width), css(drawing.height), drawing.fits ? "1" : "0", String(drawing.variantScale)]
        if let pixels { fields += [String(pixels.width), String(pixels.height)] }
        return "[" + fields.joined(separator: ",") + "]"
    }

    /// The surfaces the drawings are made on, each once: the presentation on one surface of the devices
    /// that show a picture alike (their class ids separated by spaces), with its outline (the first
    /// device's), slot and limit, as JSON objects the script reads.
    struct FrameTable {
        private(set) var records: [String] = []
        private(set) var devices: Set<String> = []
        private var numbers: [String: Int] = [:]

        /// The number of the surface `drawing` is made on for `devices`, adding it the first time; its limit
        /// is inferred for those of them in `inferred` ("inferred": true where that is all of them, their
        /// ids where it is some).
        mutating func index(of drawing: ReportDrawing, devices: [String], inferred: [String]) -> Int {
            let frame = drawing.frame
            let place = drawing.surface.displayName == drawing.presentation.displayName ? drawing.surface.displayName
                : "\(drawing.surface.displayName), \(drawing.presentation.displayName)"
            var record = "{\"device\":\(JSONValue.quoted(devices.joined(separator: " "))),\"presentation\":\"\(drawing.presentation.rawValue)\""
            record += ",\"surface\":\"\(drawing.surface.rawValue)\",\"place\":\(JSONValue.quoted(place)),\"scale\":\(css(drawing.surfaceScale, digits: 4))"
            record += ",\"w\":\(css(frame.width)),\"h\":\(css(frame.height)),\"r\":\(css(frame.cornerRadius))"
            record += ",\"sx\":\(css(frame.slotX)),\"sy\":\(css(frame.slotY)),\"sw\":\(css(drawing.slotWidth)),\"sh\":\(css(drawing.slotHeight))"
            if let x = frame.companionX, let width = frame.companionWidth { record += ",\"cx\":\(css(x)),\"cw\":\(css(width))" }
            record += ",\"lw\":\(drawing.limit.width),\"lh\":\(drawing.limit.height),\"ds\":\(drawing.deviceScale)"
            record += inferred.isEmpty ? "}" : inferred.count == devices.count ? ",\"inferred\":true}"
                : ",\"inferred\":\(JSONValue.quoted(inferred.joined(separator: " ")))}"
            if let number = numbers[record] { return number }
            numbers[record] = records.count
            records.append(record)
            self.devices.formUnion(devices)
            return records.count - 1
        }
    }

    /// "iPhone 16 Pro, iPhone 17 (iphone-402x874, @3x)"; a class that lists no model, "ipad-1012x834 (no
    /// model listed, @2x)".
    static func deviceName(_ device: DeviceClass) -> String {
        device.models.isEmpty ? "\(device.id) (no model listed, @\(device.scale)x)"
            : device.models.joined(separator: ", ") + " (\(device.id), @\(device.scale)x)"
    }

    /// A device class in a list to choose from: "iPhone 14 Pro and 3 more (@3x)".
    static func shortName(_ device: DeviceClass) -> String {
        guard let first = device.models.first else { return "\(device.id) (no model listed, @\(device.scale)x)" }
        return first + (device.models.count > 1 ? " and \(device.models.count - 1) more" : "") + " (@\(device.scale)x)"
    }

    // MARK: Text

    /// A number for CSS: at most `digits` decimals, trailing zeros dropped ("62.33", "408", "-12.5").
    static func css(_ value: Double, digits: Int = 2) -> String {
        var factor = 1.0
        for _ in 0..<digits { factor *= 10 }
        let scaled = Int((abs(value) * factor).rounded())
        let whole = scaled / Int(factor), fraction = scaled % Int(factor)
        var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
        if fraction != 0 {
            var decimals = String(fraction)
            decimals = String(repeating: "0", count: digits - decimals.count) + decimals
            while decimals.hasSuffix("0") { decimals.removeLast() }
            text += "." + decimals
        }
        return text
    }

    /// `text` safe in HTML text and in a double-quoted attribute, as a person reads it: its control,
    /// bidirectional and invisible format characters shown as their codes (`String.visible`), then XML's
    /// escaping, as the JUnit report's (HTML reads every reference it makes).
    static func escape(_ text: String) -> String { JUnitReport.escape(text.visible) }

    /// JSON for the page's script, safe in a double-quoted attribute: XML's escaping alone (a code
    /// written into a JSON string would not be JSON; the script shows its strings as text).
    static func escapeData(_ json: String) -> String { JUnitReport.escape(json) }

    /// A path, escaped, that may break after each `/` (and nowhere else but where it must).
    static func breakable(_ path: String) -> String {
        escape(path).split(separator: "/", omittingEmptySubsequences: false).joined(separator: "/<wbr>")
    }

    /// A message or note, escaped, its `code` spans (between backticks, as the terminal shows them) set
    /// in `<code>`; an unpaired backtick stays as it is.
    static func prose(_ text: String) -> String {
        let parts = escape(text).split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count > 2 else { return parts.joined(separator: "`") }
        var html = ""
        for (index, part) in parts.enumerated() {
            if index % 2 == 0 { html += part }
            else if index == parts.count - 1 { html += "`" + part }  // no closing backtick
            else { html += "<code>" + part + "</code>" }
        }
        return html
    }

    /// The script's hash, as the Content-Security-Policy names it: SHA-256 of ``script`` in base64. A
    /// literal, checked by `HTMLReportTests` (change the script and that test gives the new value).
    static let scriptHash = "sha256-Kaa1vP60fJIn+1H2ZJWf1H9qhkCH6GR+z7o3vWErtSg="

    /// The drawings, made from the data of `main` and of each section (see ``record(_:kind:pixels:frames:)``),
    /// and the filters: each hides what does not match, sections and devices left empty too.
    static let script = """

        const main = document.querySelector('main');
        const frames = JSON.parse(main.dataset.frames), names = JSON.parse(main.dataset.devices), standby = JSON.parse(main.dataset.standby);
        const noStandby = JSON.parse(main.dataset.noStandby);
        const records = new Map();  // each section's drawings, for the overview under the device filter
        // "73x73 px " for the variant of `scale` fit adds from the section's file (data-added "2:73x73 px ").
        const added = (section, scale) => ((section.dataset.added ?? '').split(',').find(v => v.startsWith(scale + ':')) ?? ':').split(':')[1];
        const make = (tag, className, parent) => {
          const e = document.createElement(tag);
          if (className) e.className = className;
          if (parent) parent.append(e);
          return e;
        };
        const place = (e, x, y, w, h) => Object.assign(e.style, { left: x + 'px', top: y + 'px', width: w + 'px', height: h + 'px' });
        function figure(section, picture, [f, kind, x, y, w, h, fits, variant, pw, ph]) {
          const image = section.dataset.image, pixels = section.dataset.pixels;
          const frame = frames[f], fitted = kind === 2, points = w + 'x' + h;
          const figure = make('figure', fitted ? 'drawing after' : 'drawing');
          const box = make('div', 'box', make('div', 'stage', figure));
          // The box holds the surface and the part of the image past it that the stage's 24 px margin does not,
          // less 4 px for the outline (at most 120 px more each way: past that the card cuts it, and says so).
          let cut = false;
          const k = frame.scale, grow = v => { const more = Math.max(0, v * k - 20); cut ||= more > 122; return Math.min(120, more); };
          const left = grow(-(frame.sx + x)), top = grow(-(frame.sy + y));
          const right = grow(frame.sx + x + w - frame.w), bottom = grow(frame.sy + y + h - frame.h);
          Object.assign(box.style, { width: frame.w * k + left + right + 'px', height: frame.h * k + top + bottom + 'px' });
          const surface = make('div', 'frame ' + frame.surface, box);
          Object.assign(surface.style, { left: left + 'px', top: top + 'px', width: frame.w + 'px', height: frame.h + 'px', borderRadius: frame.r + 'px' });
          if (frame.scale !== 1) surface.style.transform = 'scale(' + frame.scale + ')';
          if (frame.cw !== undefined) Object.assign(make('div', 'companion', surface).style, { left: frame.cx + 'px', width: frame.cw + 'px' });
          const mark = e => {
            Object.assign(e.dataset, { device: frame.device, presentation: frame.presentation, surface: frame.surface });
            if (fitted) e.dataset.fitted = 'true';
          };
          const slot = make('div', 'slot', surface);
          slot.dataset.slot = frame.presentation;
          mark(slot);
          place(slot, frame.sx, frame.sy, frame.sw, frame.sh);
          const asset = make('div', 'asset ' + picture + (fits ? '' : ' over'), slot);
          asset.dataset.image = image;
          mark(asset);
          Object.assign(asset.dataset, { fits: String(fits === 1), points });
          place(asset, x, y, w, h);
          // The outline of what overflows, beside the image (a mask on the image would clip its own outline).
          if (!fits) place(make('div', 'overflow', slot), x, y, w, h);
          // "300x300 px (100x100 pt): over the 157x110 px limit (52.33x36.67 pt, inferred): Activity.request may fail"
          const caption = make('figcaption', '', figure);
          const say = (text, tag, word) => { if (tag) make(tag, '', caption).textContent = word; caption.append(text); };
          const limit = frame.lw + 'x' + frame.lh + ' px limit (' + frame.sw + 'x' + frame.sh + ' pt'
            + (typeof frame.inferred === 'string' ? ', inferred for some of these models' : frame.inferred ? ', inferred' : '') + ')';
          say((fitted ? 'After fit: ' : '') + frame.place + (frame.scale !== 1 ? ' (shown x' + Math.round(frame.scale * 100) / 100 + ' there)' : '') + '. ');
          say((fitted ? pw + 'x' + ph : pixels) + ' px (' + points + ' pt): ');
          if (fits) say('fits the ' + limit);
          else say(' the ' + limit + ': Activity.request may fail', 'strong', 'over');
          if (cut) { say('; cut at the edge of the card'); figure.classList.add('cut'); }
          // A file of another scale is drawn as the limit counts it; the device shows it at its own scale.
          if (variant !== frame.ds)
            say('; a @' + variant + 'x file: unless the view sizes it, this @' + frame.ds + 'x device lays it out at ' + variant
              + ' px a point, ' + Math.round(frame.ds / variant * 100) / 100 + ' times the size drawn here');
          if (kind === 1) { say('; '); say(' adds a ' + added(section, frame.ds) + '@' + frame.ds + 'x variant this device uses instead', 'code', 'fit'); }
          // Every model of the device classes that show this picture, once (a model may be in two classes); in
          // StandBy, those that run it.
          const models = [...new Set(frame.device.split(' ').flatMap(id => names[id] ?? [id]))]
            .filter(m => frame.surface !== 'standby' || !noStandby.includes(m)), line = make('span', 'who', caption);
          if (models.length <= 2) line.textContent = 'On ' + models.join(' and ');
          else {
            const list = make('details', '', line);
            make('summary', '', list).textContent = 'On ' + models[0] + ' and ' + (models.length - 1) + ' more models';
            list.append(models.join(', '));
          }
          return figure;
        }
        for (const section of document.querySelectorAll('section.image')) {
          const holder = section.querySelector('.drawn'), picture = 'p' + section.id.slice(4), list = make('div', 'drawings', holder);
          const drawings = JSON.parse(holder.dataset.drawings);
          for (const drawing of drawings) list.append(figure(section, picture, drawing));
          records.set(section.id, drawings.concat(JSON.parse(holder.dataset.more ?? '[]')));
          if (holder.dataset.more === undefined) continue;
          // The other devices' limits, and where it fits: folded below the worst cases.
          const folded = make('details', 'more', holder), rest = (make('summary', '', folded), make('div', 'drawings', folded));
          for (const drawing of JSON.parse(holder.dataset.more)) rest.append(figure(section, picture, drawing));
        }
        // A link to an image's drawings opens them.
        const reveal = () => {
          const target = location.hash.startsWith('#img-') ? document.getElementById(location.hash.slice(1)) : null;
          if (target) target.querySelector('details').open = true;
        };
        addEventListener('hashchange', reveal);
        for (const a of document.querySelectorAll('a[href^="#img-"]'))
          a.addEventListener('click', () => { document.getElementById(a.hash.slice(1)).querySelector('details').open = true; });
        reveal();

        // The worst case of an image in presentation p on device d, said in `cell` as the overview says it: the
        // port of HTMLReport.worstCase for one device (whose drawings fit keeps all or none of): the drawing
        // over its limit (else any) whose fit is smallest, then the smallest limit, then not in StandBy.
        function worstOn(cell, section, d, p) {
          const [w, h] = section.dataset.pixels.split('x').map(Number);
          const mine = records.get(section.id).filter(r => r[1] !== 2 && frames[r[0]].presentation === p && frames[r[0]].device.split(' ').includes(d));
          cell.replaceChildren();
          if (mine.length === 0) {
            cell.dataset.shows = 'unshown';
            cell.append(cell.parentElement.dataset.unstated === undefined ? 'not used on this device' : 'not checked (no stated presentation)');
            return;
          }
          const fit = f => w <= f.lw && h <= f.lh ? w * h  // PixelSize.fitted(in:), its area
            : w * f.lh <= h * f.lw ? Math.max(1, Math.min(f.lw, Math.floor(w * f.lh / h))) * f.lh
            : f.lw * Math.max(1, Math.min(f.lh, Math.floor(h * f.lw / w)));
          const key = r => { const f = frames[r[0]]; return [fit(f), f.lw * f.lh, f.surface === 'standby' ? 1 : 0]; };
          const before = (a, b) => a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2];
          const over = mine.filter(r => r[6] === 0);
          const r = (over.length ? over : mine).reduce((a, b) => before(key(b), key(a)) ? b : a), f = frames[r[0]];
          const inferred = f.inferred === true || (typeof f.inferred === 'string' && f.inferred.split(' ').includes(d));
          const where = f.surface === 'standby' ? ' in StandBy' : f.surface === 'smart-stack' ? ' in the Smart Stack' : '';
          const limit = 'the ' + f.lw + 'x' + f.lh + ' px limit' + (inferred ? ' (inferred)' : '') + where
            + ' on ' + ((f.surface === 'standby' && standby[d]) || (names[d] ?? [d])[0]);
          cell.dataset.shows = String(r[6] === 1);
          if (r[6] === 1) { cell.append('fits ' + limit); return; }
          make('strong', '', cell).textContent = 'over';
          cell.append(' ' + limit);
          if (r[1] === 1 || section.dataset.fitted !== undefined) { cell.append('; '); make('code', '', cell).textContent = 'fit'; }
          if (r[1] === 1) cell.append(' adds a ' + added(section, f.ds) + '@' + f.ds + 'x variant');
          else if (section.dataset.fitted !== undefined) cell.append(': ' + section.dataset.fitted + ' px');
        }

        const value = id => document.getElementById(id).value, said = new Map();
        function apply() {
          const s = value('f-severity'), d = value('f-device'), p = value('f-presentation');
          const lacks = (list, v) => v !== '' && list !== undefined && !list.split(' ').includes(v);
          const shown = (e, selector) => e.querySelectorAll(selector + ':not([hidden])').length;
          for (const e of document.querySelectorAll('figure.drawing')) {
            const slot = e.querySelector('[data-slot]').dataset;
            e.hidden = lacks(slot.device, d) || (p !== '' && slot.presentation !== p);
          }
          // The findings the filters leave, before the sections: with a severity chosen, an image is shown only
          // where one of its findings of that severity is left.
          const about = new Set();
          for (const e of document.querySelectorAll('tr[data-rule]')) {
            e.hidden = (s !== '' && e.dataset.severity !== s) || lacks(e.dataset.devices, d) || lacks(e.dataset.presentations, p);
            if (!e.hidden) for (const id of (e.dataset.sections ?? '').split(' ')) about.add(id);
          }
          // An image is shown where a drawing of it is left: its section, its row in the overview and its findings.
          for (const e of document.querySelectorAll('section.image')) {
            e.hidden = (s !== '' && !about.has(e.id)) || shown(e, 'figure.drawing') === 0;
            const folded = e.querySelector('details.more');
            if (!folded) continue;
            // The fold counts what the filters leave in it, and opens where nothing is left above it.
            const over = shown(folded, 'figure.drawing:not(.after):has(.asset.over)'), all = shown(folded, 'figure.drawing:not(.after)');
            const bare = shown(e.querySelector('.drawings'), 'figure.drawing') === 0;
            folded.hidden = all === 0;
            const after = shown(folded, 'figure.after') > 0 ? ' (each beside what fit writes)' : '';
            folded.querySelector('summary').textContent = all + (bare ? '' : ' more') + ' drawing' + (all === 1 ? '' : 's') + ': '
              + [over && over + ' over their limit' + after, all - over && (all - over) + ' where it fits'].filter(Boolean).join(', ');
            if (bare && !folded.open) { folded.open = true; folded.dataset.opened = ''; }
            else if (!bare && folded.dataset.opened !== undefined) { folded.open = false; delete folded.dataset.opened; }
          }
          for (const e of document.querySelectorAll('table[data-overview] th[data-presentation]')) e.hidden = p !== '' && e.dataset.presentation !== p;
          // An overview row goes with its image's section; with a device chosen, a cell gives that device's own case.
          for (const row of document.querySelectorAll('tr[data-image]')) {
            const section = document.getElementById(row.querySelector('a').hash.slice(1));
            row.hidden = section.hidden;
            for (const e of row.querySelectorAll('td[data-presentation]')) {
              e.hidden = p !== '' && e.dataset.presentation !== p;
              if (!said.has(e)) said.set(e, [...e.childNodes]);
              if (d === '') { e.replaceChildren(...said.get(e)); delete e.dataset.shows; }
              else worstOn(e, section, d, e.dataset.presentation);
            }
          }
          // A finding about images all hidden is hidden with them.
          for (const e of document.querySelectorAll('tr[data-rule][data-sections]'))
            e.hidden ||= e.dataset.sections.split(' ').every(id => document.getElementById(id).hidden);
          const rows = document.querySelectorAll('tr[data-rule]'), title = document.querySelector('.findings h2');
          if (title) title.textContent = 'Findings (' + (s + d + p === '' ? rows.length : shown(document, 'tr[data-rule]') + ' of ' + rows.length) + ')';
          const left = shown(document, 'section.image') > 0;
          for (const empty of document.querySelectorAll('.empty')) empty.hidden = left;
          for (const table of document.querySelectorAll('.findings table, table[data-overview]')) table.hidden = shown(table, 'tbody tr') === 0;
          // The overview's lead says whose worst case its cells give.
          const lead = document.querySelector('.overview .lead'), chosen = names[d] ?? [];
          if (lead) lead.textContent = d === '' ? (lead.dataset.all ??= lead.textContent)
            : 'Each cell gives the worst case on ' + chosen[0] + (chosen.length > 1 ? ' and ' + (chosen.length - 1) + (chosen.length === 2 ? ' more model' : ' more models') : '') + '.';
        }
        for (const id of ['f-severity', 'f-device', 'f-presentation']) document.getElementById(id).addEventListener('change', apply);
        apply();

        """

    static let style = """
        :root{color-scheme:light dark;--bg:#fff;--fg:#1d1d1f;--muted:#6e6e73;--line:#d2d2d7;--card:#f5f5f7;--slot:#0a84ff;--over:#d70015;--ok:#248a3d;--island:#000;--screen:#e8e8ed}
        @media (prefers-color-scheme:dark){:root{--bg:#1c1c1e;--fg:#f5f5f7;--muted:#a1a1a6;--line:#3a3a3c;--card:#2c2c2e;--slot:#64d2ff;--over:#ff453a;--ok:#30d158;--island:#000;--screen:#3a3a3c}}
        *{box-sizing:border-box}
        body{margin:0;padding:1rem 1.5rem;background:var(--bg);color:var(--fg);font:15px/1.45 -apple-system,system-ui,sans-serif}
        h1{font-size:1.6rem;margin:0 0 .25rem}h2{font-size:1.15rem;margin:1.5rem 0 .25rem;overflow-wrap:anywhere}h3{font-size:1rem;margin:.75rem 0 .25rem}
        code{font:.9em ui-monospace,monospace}
        .summary{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}.summary dt{font-weight:600}.summary dd{margin:0;overflow-wrap:anywhere}
        .filters{display:flex;flex-wrap:wrap;gap:1rem;margin:1rem 0}
        select{font:inherit;padding:.2rem;max-width:100%}
        a{color:var(--slot)}a:focus,select:focus{outline:3px solid var(--slot);outline-offset:2px}
        table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:.3rem .5rem;border-bottom:1px solid var(--line)}td{overflow-wrap:anywhere}
        td.error{color:var(--over);font-weight:600}td.warning{color:#b25000}
        .facts{color:var(--muted);margin:0;display:block}.notes{color:var(--muted);padding-left:1.2rem}
        section.image summary,.findings summary{cursor:pointer;margin:1rem 0 .5rem}section.image summary h2,.findings summary h2{display:inline;margin:0}
        .overview{overflow-x:auto}th[scope=row]{overflow-wrap:break-word}details.more>summary{cursor:pointer;margin:.75rem 0;color:var(--muted)}
        table[data-overview] td{font-size:.85rem}td[data-fits=false]{color:var(--over)}td[data-fits=unshown]{color:var(--muted)}td[data-shows=true]{color:inherit}td[data-shows=false]{color:var(--over)}td[data-shows=unshown]{color:var(--muted)}
        .who{display:block}.who summary{cursor:pointer}th[scope=row] .facts{font-weight:400;font-size:.8rem}th[scope=row] .error,th[scope=row] .warning{display:block;font-weight:400;font-size:.8rem}th[scope=row] .error{color:var(--over)}th[scope=row] .warning{color:#b25000}table[data-overview] th[scope=row]{min-width:16rem}
        .drawings{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}
        figure.drawing{margin:0;padding:0 0 .6rem;background:var(--card);border-radius:12px;max-width:100%;overflow:hidden;width:min-content;min-width:15rem}
        figure.after{outline:2px solid var(--ok)}
        .stage{padding:24px;overflow:hidden;position:relative}.cut .stage::after{content:"";position:absolute;inset:0;border:2px solid var(--over);border-radius:12px 12px 0 0;z-index:3;pointer-events:none}
        figcaption{padding:0 12px;font-size:.8rem;line-height:1.35;color:var(--muted)}figcaption strong{color:var(--over)}
        .box{position:relative}
        .frame{position:absolute;left:0;top:0;transform-origin:0 0;background:var(--screen)}
        .frame.dynamic-island,.frame.standby{background:var(--island)}
        .slot,.companion{position:absolute}.companion{top:0;bottom:0}
        .slot::after{content:"";position:absolute;inset:0;outline:1.5px dashed var(--slot);z-index:2;pointer-events:none}
        .asset{position:absolute;background-size:100% 100%;background-repeat:no-repeat;mask-size:100% 100%;z-index:1}
        .asset.over{opacity:.85}
        .overflow{position:absolute;outline:2px solid var(--over);z-index:2;pointer-events:none}
        footer{margin-top:2rem;color:var(--muted);font-size:.85rem}
        [hidden]{display:none!important}

        """
}
