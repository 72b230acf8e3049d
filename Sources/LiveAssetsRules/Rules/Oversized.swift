import LiveAssetsCore

extension RuleDescription {
    /// `oversized`: the rule the project exists for.
    static let oversized = RuleDescription(
        .oversized, title: "Oversized image", severity: .error,
        summary: "An image larger, in pixels, than the Live Activity presentation it is shown in on a device: ActivityKit may refuse to start the Live Activity.",
        rationale: """
            Apple requires every image a Live Activity shows to have "a resolution that's smaller or equal to \
            the size of the Live Activity presentation for a device", and warns that with a larger one "the \
            system may fail to start the Live Activity", which developers report happens silently and only on \
            some devices. \
            Apple gives presentation sizes in points; the limit in pixels is points times the device's scale, \
            which is our reading (Apple does not name the unit of "resolution"); one forum report points the \
            same way, naming scale as the difference: 500x500 px images that newer @3x iPhones showed were \
            refused on iPhone XR and iPad (8th generation), both @2x. \
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
    /// A single-scale entry that `fit` makes an Individual Scales set (`split`, its plans: see
    /// ``VariantPlan/individualScales(for:choice:limits:)``) is held, as the file it stays, to the devices
    /// of the scale it takes; the others get a file of their own, and the message gives each scale's size.
    static func oversized(_ variant: AssetVariant, _ excesses: [(presentation: Presentation, list: [Excess])],
                          limits: DeviceLimits, mayBeShownBy calls: String? = nil, split: [VariantPlan] = []) -> Finding {
        let devices = limits.classes
        let info = variant.info!
        let actual = info.displaySize
        let checksFallback = variant.catalogScale != nil
        let splitScale = split.first?.sourceScale
        func gainsVariant(_ excess: Excess) -> Bool {
            if let splitScale { return limits.devices[excess.device].scale != splitScale }
            return checksFallback && excess.fallback && limits.devices[excess.device].scale < variant.effectiveScale
        }
        // One pass: whether every violation is on a device that a lower-scale variant would serve (adding
        // it is then the fix, fitting this file the other), and the violations, as the finding keeps them.
        var onlyFallbacks = true
        var entries: [ViolationList.Entry] = []
        var count = 0
        for entry in excesses { count += entry.list.count }
        entries.reserveCapacity(count)
        for entry in excesses {
            for excess in entry.list {
                if onlyFallbacks && !gainsVariant(excess) { onlyFallbacks = false }
                entries.append(ViolationList.Entry(device: excess.device, presentation: entry.presentation, limit: excess.limit))
            }
        }
        // The binding limits: the box inside all of them, and the tightest as every output ranks it
        // (PixelSize.ranks: the one whose fit is smallest, then the smaller limit), then table order.
        var box = PixelSize(width: Int.max, height: Int.max)
        var tightest: Excess?
        for entry in excesses {
            for excess in entry.list where onlyFallbacks || !gainsVariant(excess) {
                box = box.intersection(excess.limit)
                if let best = tightest {
                    let kept = !gainsVariant(excess), bestKept = !gainsVariant(best)
                    if actual.ranks(best.limit, kept: bestKept, before: excess.limit, kept: kept) { continue }
                    let tied = !actual.ranks(excess.limit, kept: kept, before: best.limit, kept: bestKept)
                    if tied && (excess.device, excess.entry) > (best.device, best.entry) { continue }
                }
                tightest = excess
            }
        }
        let suggested = actual.fitted(in: box)
        // Each scale's size, where fit gives each its own file: the one this file keeps, then the new ones'.
        let perScale = splitScale.map { top in
            ([onlyFallbacks ? "@\(top)x as it is (\(actual) px)" : "@\(top)x at most \(suggested) px"]
                + split.map { "@\($0.scale)x at most \($0.target) px" + ($0.inferred ? " (inferred)" : "") }).spokenList()
        }
        let binding = tightest!
        let entry = limits.entries[binding.entry]
        let presentation = entry.presentation
        let model = limits.names.model(binding.device, shownOn: entry.surfaceBits)
        // "in StandBy", "in the Smart Stack"; not "in CarPlay on CarPlay".
        let surface = entry.surfacePhrase.hasSuffix(model) ? "" : entry.surfacePhrase
        let tightestPhrase = "\(presentation.displayName)\(surface) on \(model), \(binding.limit) px" + (binding.inferred ? " (inferred)" : "")
        let list = excesses.count == 1 ? excesses[0].presentation.displayName : excesses.map(\.presentation.displayName).spokenList()
        let scale = variant.scale.map { "@\($0)x" } ?? "counted as @1x"
        var finding = Finding(
            rule: .oversized, path: variant.reportPath, line: variant.reportLine, column: variant.reportColumn,
            device: devices[binding.device].id, presentation: presentation, actual: actual, limit: binding.limit,
            scale: variant.scale,
            message: Self.oversizedMessage(variant.fileName, actual, scale, list, count: excesses.count,
                                           tightest: tightestPhrase,
                                           suggested, addScale: onlyFallbacks && perScale == nil ? limits.devices[binding.device].scale : nil,
                                           perScale: perScale, mayBeShownBy: calls),
            usesInferredLimit: binding.inferred, image: variant.path, model: model, suggested: suggested)
        finding.violationList = ViolationList(names: limits.names, entries: entries, actual: actual)
        finding.tightest = tightestPhrase
        return finding
    }

    /// "logo.png (300x300 px, @3x) is too large for ...; tightest: ...; fit it to at most ... px.", with the
    /// presentations counted instead of listed when the list would take the message over 200 characters.
    /// `tightest`: "minimal in StandBy on iPhone XR, 90x73 px (inferred)". With `addScale`, every violation
    /// is on devices that fall back to this file, and adding their scale's variant comes first. With
    /// `mayBeShownBy` (the calls of a computed name), the code does not prove the image is shown, and the
    /// message says it may be. With `perScale` ("@3x at most 110x110 px and @2x at most 73x73 px"), the
    /// fix is a file per scale.
    static func oversizedMessage(_ file: String, _ actual: PixelSize, _ scale: String, _ presentations: String, count: Int,
                                 tightest: String, _ suggested: PixelSize, addScale: Int? = nil, perScale: String? = nil,
                                 mayBeShownBy calls: String? = nil) -> String {
        var fix = addScale.map { "add a @\($0)x variant, or fit it to at most \(suggested) px" } ?? "fit it to at most \(suggested) px"
        if let perScale { fix = "give each scale a file of its own (Xcode's Individual Scales): \(perScale)" }
        func message(_ what: String) -> String {
            let problem = calls.map { "may be shown in \(what) by \($0), and is too large there" } ?? "is too large for \(what)"
            return "\(file) (\(actual) px, \(scale)) \(problem); tightest: \(tightest); \(fix)."
        }
        let full = message(presentations)
        // Under 200 bytes is under 200 characters, without walking the characters.
        return full.utf8.count < 200 || count < 2 || full.count < 200 ? full : message("\(count) presentations")
    }
}
