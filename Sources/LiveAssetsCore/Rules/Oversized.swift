extension RuleDescription {
    /// `oversized`: the rule the project exists for.
    static let oversized = RuleDescription(
        .oversized, title: "Oversized image", severity: .error,
        summary: "An image larger, in pixels, than the Live Activity presentation it is shown in on a device: ActivityKit may refuse to start the Live Activity.",
        rationale: """
            Apple requires every image a Live Activity shows to have "a resolution that's smaller or equal to \
            the size of the Live Activity presentation for a device", and warns that with a larger one "the \
            system may fail to start the Live Activity": Activity.request fails, often only on some devices. \
            Apple gives presentation sizes in points; the limit in pixels is points times the device's scale, \
            which is our reading (Apple does not name the unit of "resolution"), and it matches the pattern \
            of reported failures: Live Activities with 500x500 px images that failed to start on iPhone XR \
            and iPad (8th generation), both @2x, and started on newer @3x iPhones. \
            Some sizes are not published and are inferred from published ones; the size table marks each. \
            An image whose presentation is not stated is held, on each iPhone and iPad, to the larger of \
            its Lock Screen and expanded sizes; a file with no scale (outside a catalog, without @2x or @3x \
            in its name) is counted as @1x, as UIImage(data:) reads it; a device with no variant of its own \
            scale is held to the one it falls back to.
            """,
        sources: [.activityRequest, .understandConstraints, .liveActivitiesHIG,
                  .init("Apple Developer Forums, thread 751341", "https://developer.apple.com/forums/thread/751341")],
        fix: "Scale the image down to the suggested size (the largest with its aspect ratio inside every limit it breaks), or give each scale its own variant.",
        triggering: RuleExample(
            "logo@3x.png, 300x300 px, shown in compact leading and minimal on iPhone 16 Pro",
            message: "logo@3x.png (300x300 px, @3x) is too large for compact leading and minimal; tightest: minimal on iPhone 16 Pro, 135x110 px; fit it to at most 110x110 px.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "compact-leading,minimal"],
            files: [("logo@3x.png", .png(width: 300, height: 300))]),
        nonTriggering: RuleExample(
            "logo@3x.png, 110x110 px, shown in compact leading and minimal on iPhone 16 Pro",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "compact-leading,minimal"],
            files: [("logo@3x.png", .png(width: 110, height: 110))]))
}

extension AssetChecker {
    /// The one finding of a file too large somewhere: every (device, presentation) it violates, the
    /// tightest of them (the one whose fit is smallest; on a tie, the smaller limit, then the first device
    /// in table order), and the largest size, aspect ratio kept, inside every violated limit that fitting
    /// the file must meet: in a catalog, a device that falls back from this scale to a lower one gets its
    /// own variant from `fit` instead (and `missing-scale-variant` says so), as long as another limit binds.
    static func oversized(_ variant: AssetVariant, _ excesses: [(presentation: Presentation, list: [Excess])],
                          limits: DeviceLimits) -> Finding {
        let devices = limits.classes
        let info = variant.info!
        let actual = info.displaySize
        let all = excesses.flatMap(\.list)
        let gainsVariant = { (excess: Excess) in
            variant.catalogScale != nil && excess.fallback && limits.devices[excess.device].scale < variant.effectiveScale
        }
        // Only devices that a lower-scale variant would serve: adding it is the fix, fitting this file the other.
        let onlyFallbacks = !all.contains { !gainsVariant($0) }
        let binding = onlyFallbacks ? all : all.filter { !gainsVariant($0) }
        var box = binding[0].limit
        for excess in binding { box = PixelSize(width: min(box.width, excess.limit.width), height: min(box.height, excess.limit.height)) }
        let suggested = FitPlan.fitted(actual, in: box)
        // Each violation's fit, once: the tightest has the smallest, then the smaller limit, then table order.
        let ranked = binding.map { excess -> (fit: Int, area: Int, excess: Excess) in
            let size = FitPlan.fitted(actual, in: excess.limit)
            let fit: Int = size.width * size.height, area: Int = excess.limit.width * excess.limit.height
            return (fit, area, excess)
        }
        let tightest = ranked.min { a, b in
            if a.fit != b.fit { return a.fit < b.fit }
            if a.area != b.area { return a.area < b.area }
            return a.excess.device != b.excess.device ? a.excess.device < b.excess.device : a.excess.entry < b.excess.entry
        }!.excess
        let presentation = limits.entries[tightest.entry].presentation
        let model = devices[tightest.device].displayName
        let names = excesses.map(\.presentation.displayName)
        let list = names.spokenList()
        let scale = variant.scale.map { "@\($0)x" } ?? "counted as @1x"
        var entries: [ViolationList.Entry] = []
        entries.reserveCapacity(all.count)
        for entry in excesses {
            for excess in entry.list {
                entries.append(ViolationList.Entry(device: excess.device, presentation: entry.presentation, limit: excess.limit))
            }
        }
        var finding = Finding(
            rule: .oversized, path: variant.reportPath, line: variant.reportLine, column: variant.reportColumn,
            device: devices[tightest.device].id, presentation: presentation, actual: actual, limit: tightest.limit,
            scale: variant.scale,
            message: Self.oversizedMessage(variant.fileName, actual, scale, list, count: names.count,
                                           presentation, model, tightest.limit, suggested,
                                           addScale: onlyFallbacks ? limits.devices[tightest.device].scale : nil),
            usesInferredLimit: tightest.inferred, image: variant.path, model: model, suggested: suggested)
        finding.violationList = ViolationList(names: limits.names, entries: entries, actual: actual)
        return finding
    }

    /// "logo.png (300x300 px, @3x) is too large for ...; tightest: ...; fit it to at most ... px.", with the
    /// presentations counted instead of listed when the list would take the message over 200 characters.
    /// With `addScale`, every violation is on devices that fall back to this file, and adding their scale's
    /// variant comes first.
    static func oversizedMessage(_ file: String, _ actual: PixelSize, _ scale: String, _ presentations: String, count: Int,
                                 _ presentation: Presentation, _ model: String, _ limit: PixelSize, _ suggested: PixelSize,
                                 addScale: Int? = nil) -> String {
        let fix = addScale.map { "add a @\($0)x variant, or fit it to at most \(suggested) px" } ?? "fit it to at most \(suggested) px"
        func message(_ what: String) -> String {
            "\(file) (\(actual) px, \(scale)) is too large for \(what); tightest: \(presentation.displayName) on \(model), \(limit) px; \(fix)."
        }
        let full = message(presentations)
        return full.count < 200 || count < 2 ? full : message("\(count) presentations")
    }
}
