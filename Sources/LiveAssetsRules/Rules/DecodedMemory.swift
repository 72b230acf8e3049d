import LiveAssetsCore

extension RuleDescription {
    /// `decoded-memory`: what one catalog costs a widget extension once decoded.
    static let decodedMemory = RuleDescription(
        .decodedMemory, title: "Decoded memory over the extension budget", severity: .warning,
        summary: "The images one Live Activity view can show at once decode, on a device, to more than about 30 MB, the memory budget reported for widget extensions.",
        rationale: """
            Live Activity views are rendered by the app's widget extension, and an image takes its decoded \
            size in memory (4 bytes a pixel, 8 at 16 bits), not its file size. Apple publishes no budget, \
            for widgets or for Live Activities; developers report widget extensions stopped at 30 MB \
            ("widgets are limited to only 30 MB of memory", Feedback FB8832751, and crash logs naming a \
            30 MB high-watermark limit), and one measurement saw about 45 MB on a recent iPhone, so the \
            limit likely depends on the device and OS. LiveAssets adds up, for each device, the variants \
            it would load and reports the device with the largest total when it is over 30 MB: a warning, since applying a widget budget to a Live Activity is our reading. \
            What counts is what one view can show at once: where the widget's Swift code is read, the \
            images each Live Activity view names (for a computed name, the largest image it may be); \
            otherwise each image on its own. Images never shown together (forty team logos, one a \
            match) are never added up.
            """,
        sources: [.widgetMemory],
        fix: "Shrink the largest images, oversized ones to their suggested sizes first.",
        triggering: RuleExample(
            "Photo.imageset, whose one image is 2900x2900 px, loaded by iPhone 16 Pro",
            message: "Photo.imageset decodes to about 34 MB on iPhone 16 Pro (iphone-402x874), over the ~30 MB memory budget reported for widget extensions; shrink it.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Photo.imageset/Contents.json", .imageSet([("photo.png", "universal", "1x")])),
                    ("Widgets.xcassets/Photo.imageset/photo.png", .png(width: 2900, height: 2900, bitDepth: 1, colorType: 0))]),
        nonTriggering: RuleExample(
            "Photo.imageset, whose one image is 2000x2000 px (16 MB decoded), loaded by iPhone 16 Pro",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [("Widgets.xcassets/Photo.imageset/Contents.json", .imageSet([("photo.png", "universal", "1x")])),
                    ("Widgets.xcassets/Photo.imageset/photo.png", .png(width: 2000, height: 2000, bitDepth: 1, colorType: 0))]))
}

extension AssetChecker {
    /// The reported memory budget of a widget extension, where Live Activity views are rendered.
    package static let decodedMemoryBudget = Preflight.defaultMemoryBudget

    /// The images one Live Activity view can show at once: some surely (indices in the assets checked),
    /// and for each computed name, one of its choices.
    package struct ViewImages: Sendable {
        /// The view's presentation.
        package var presentation: Presentation
        /// Where the code shows its first image: the finding's place.
        package var file: String
        package var line: Int
        /// The assets it names.
        package var shown: [Int]
        /// Per computed name: the assets it may be, with the call ("`Image(team)`").
        package var choices: [(call: String, assets: [Int])]

        package init(presentation: Presentation, file: String, line: Int, shown: [Int], choices: [(call: String, assets: [Int])]) {
            self.presentation = presentation
            self.file = file
            self.line = line
            self.shown = shown
            self.choices = choices
        }
    }

    /// The bytes `asset` decodes to on device `device` (the variant it loads, of its first appearance).
    static func decodedBytes(_ asset: Asset, device: Int, limits: DeviceLimits) -> Int {
        guard let group = asset.appearanceGroups.first,
              let info = limits.variant(loadedBy: device, from: group).flatMap({ group[$0].info }) else { return 0 }
        return info.width * info.height * (info.bitDepth == 16 ? 8 : 4)
    }

    /// "about 34 MB".
    static func megabytes(_ bytes: Int) -> String { "about \((bytes + 500_000) / 1_000_000) MB" }

    /// The finding of one image over the budget on its own (where no code says what is shown with it).
    package static func decodedMemoryFinding(for asset: Asset, limits: DeviceLimits) -> Finding? {
        // Most images are far under the budget whichever variant a device loads.
        guard asset.variants.contains(where: { variant in
            variant.info.map { $0.width * $0.height * ($0.bitDepth == 16 ? 8 : 4) > decodedMemoryBudget } ?? false
        }) else { return nil }
        var worst: (device: Int, bytes: Int)?
        for device in limits.devices.indices {
            let bytes = decodedBytes(asset, device: device, limits: limits)
            if bytes > (worst?.bytes ?? 0) { worst = (device, bytes) }
        }
        guard let worst, worst.bytes > decodedMemoryBudget else { return nil }
        let model = limits.names.models[worst.device], id = limits.names.ids[worst.device]
        return Finding(
            rule: .decodedMemory, path: asset.reportPath, device: id,
            message: "\(asset.displayName) decodes to \(megabytes(worst.bytes)) on \(model) (\(id)), over the ~\(decodedMemoryBudget / 1_000_000) MB memory budget reported for widget extensions; shrink it.",
            usesInferredLimit: true, model: model)
    }

    /// The finding of one Live Activity view whose images, together, are over the budget on a device:
    /// what it names, plus the largest choice of each computed name.
    package static func decodedMemoryFinding(for view: ViewImages, assets: [Asset], limits: DeviceLimits) -> Finding? {
        var worst: (device: Int, bytes: Int, parts: [(name: String, bytes: Int)])?
        for device in limits.devices.indices {
            var parts: [(name: String, bytes: Int)] = view.shown.map { (assets[$0].displayName, decodedBytes(assets[$0], device: device, limits: limits)) }
            for choice in view.choices {
                guard let largest = choice.assets.map({ decodedBytes(assets[$0], device: device, limits: limits) }).max(), largest > 0 else { continue }
                parts.append(("up to \(megabytes(largest)) by \(choice.call)", largest))
            }
            let bytes = parts.reduce(0) { $0 + $1.bytes }
            if bytes > (worst?.bytes ?? 0) { worst = (device, bytes, parts) }
        }
        guard let worst, worst.bytes > decodedMemoryBudget else { return nil }
        let model = limits.names.models[worst.device], id = limits.names.ids[worst.device]
        let largest = worst.parts.filter { $0.bytes > 0 }.sorted { $0.bytes > $1.bytes }.prefix(3)
            .map { $0.name.hasPrefix("up to ") ? $0.name : "\($0.name) \(megabytes($0.bytes))" }
        return Finding(
            rule: .decodedMemory, path: view.file, line: view.line, device: id, presentation: view.presentation,
            message: "The \(view.presentation.displayName) view (\(view.file.lastPathComponent):\(view.line)) can show images that decode to \(megabytes(worst.bytes)) at once on \(model) (\(id)), over the ~\(decodedMemoryBudget / 1_000_000) MB memory budget reported for widget extensions; the largest: \(largest.joined(separator: ", ")); shrink them.",
            usesInferredLimit: true, model: model)
    }
}
