import LiveAssetsRun

// An image's section: its drawings, as rows of numbers the page's script draws, and the surfaces they are on.
extension HTMLReport {
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
    static func section(_ picture: ReportPicture, number: Int, severities: [String], opens: Bool, frames: inout FrameTable) -> Section {
        let open = opens && (severities.contains("error") || picture.drawings.contains { !$0.fits })
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
        } else if let refusal = picture.fitRefusal {
            html += "; <code>fit</code> leaves it: \(escape(refusal.reason))"
        }
        // The devices that fall back to this file where it is too large get a variant of their scale instead.
        let variants = Set(picture.drawings.filter { !$0.fits && !picture.devicesAfterFit.contains($0.device) }.map(\.deviceScale)).sorted()
        if !variants.isEmpty && picture.fitRefusal == nil {
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
                   !picture.size.ranks(likeness.limit, kept: likeness.kept, before: other.limit, kept: other.kept) { continue }
                tightest[likeness.presentation] = index
            }
            leads = Set(tightest.values)
        }
        var first: [String] = [], more: [String] = []
        var position: [Int: Int] = [:]  // a group's drawing among the section's records: -1 - its place among the folded ones
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
            if leads.isEmpty || leads.contains(index) {
                position[index] = first.count
                first += records
            } else {
                position[index] = -1 - more.count
                more += records
            }
        }
        html += "<div class=\"drawn\" data-drawings=\"[\(first.joined(separator: ","))]\""
        if !more.isEmpty { html += " data-more=\"[\(more.joined(separator: ","))]\"" }
        // Each device's worst case in each presentation, as the overview names it for the device chosen:
        // the group's record among the drawings, then the folded ones, as the script lists them.
        var worst: [Presentation: [Int: [String]]] = [:]
        for presentation in Set(groups.map(\.likeness.presentation)) {
            var devices: [String] = []
            for index in order where groups[index].likeness.presentation == presentation {
                for device in groups[index].devices where !devices.contains(device) { devices.append(device) }
            }
            for device in devices {
                let mine = order.filter { groups[$0].likeness.presentation == presentation && groups[$0].devices.contains(device) }
                let over = mine.filter { !groups[$0].likeness.fits }
                let tightest = (over.isEmpty ? mine : over).min { a, b in
                    let (x, y) = (groups[a].likeness, groups[b].likeness)
                    return picture.size.ranks(x.limit, kept: x.kept, before: y.limit, kept: y.kept)
                }!
                let at = position[tightest]!
                worst[presentation, default: [:]][at >= 0 ? at : first.count - 1 - at, default: []].append(device)
            }
        }
        return Section(html: html + "></div>\n</details>\n</section>\n", worst: worst)
    }

    /// An image's section, and where the overview finds each device's worst case in it.
    struct Section {
        let html: String
        /// Per presentation: the section's record (its drawings, then its folded ones) that is the worst
        /// case of each device, with those devices.
        let worst: [Presentation: [Int: [String]]]
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
}
