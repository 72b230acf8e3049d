import LiveAssetsCore

/// One image file as the checker sees it: what it is, and where it belongs.
package struct AssetVariant: Sendable, Hashable {
    /// What reading the file gave.
    package enum Content: Sendable, Hashable {
        case image(ImageInfo)
        /// The probe failed; `message` is its one-sentence error.
        case unreadable(code: String, message: String)
        /// A format LiveAssets recognises but cannot measure (WebP, PDF, SVG, ...).
        case unsupported(ImageFormat)
        /// A scale variant `fit` will add, of this size: no file yet, so nothing to read or check
        /// (see `Asset.adding(_:)`).
        case planned(PixelSize)
    }

    /// The catalog `idiom` of the entry ("universal" when absent, as for loose files).
    package enum Idiom: String, Sendable, Hashable, CaseIterable {
        case universal, iphone, ipad, watch, car, mac, tv, vision
    }

    /// The image file.
    package var path: String
    package var content: Content
    /// The scale Contents.json declares (`"scale": "2x"`), if any.
    package var catalogScale: Int?
    /// The scale the file name declares (`logo@3x.png`), if any.
    package var suffixScale: Int?
    package var idiom: Idiom
    /// The appearance the variant is for ("dark", "tinted"), nil for the default.
    package var appearance: String?
    /// The catalog entry's other traits that choose the devices loading it ("display-gamut=display-P3"),
    /// nil for none: see ``ImageSetEntry/traits``.
    package var traits: String?
    /// Where findings about this variant point: the Contents.json entry for catalog images, the file
    /// itself otherwise.
    package var reportPath: String
    package var reportLine: Int?
    package var reportColumn: Int?

    package init(path: String, content: Content, catalogScale: Int? = nil, suffixScale: Int? = nil,
                idiom: Idiom = .universal, appearance: String? = nil, traits: String? = nil, reportPath: String? = nil,
                reportLine: Int? = nil, reportColumn: Int? = nil) {
        self.traits = traits
        self.path = path
        self.content = content
        self.catalogScale = catalogScale
        self.suffixScale = suffixScale
        self.idiom = idiom
        self.appearance = appearance
        self.reportPath = reportPath ?? path
        self.reportLine = reportLine
        self.reportColumn = reportColumn
    }

    /// The declared scale: the catalog's, else the file name's; nil when unknown.
    package var scale: Int? { catalogScale ?? suffixScale }

    /// The scale used for selection: unknown counts as 1x, as `UIImage(data:)` does.
    package var effectiveScale: Int { scale ?? 1 }

    /// The file name without its folder.
    package var fileName: String { String(path.lastPathComponent) }

    /// The image facts, when the file was read.
    package var info: ImageInfo? {
        if case .image(let info) = content { return info }
        return nil
    }

    /// Whether this variant is meant for a device family. The Mac menu bar shows the paired iPhone's
    /// views (iPhone Mirroring), so it uses the iPhone's entries.
    func serves(_ family: DeviceClass.Family) -> Bool {
        switch (idiom, family) {
        case (.iphone, .iphone), (.ipad, .ipad), (.watch, .watch), (.car, .carplay), (.iphone, .mac): true
        default: false
        }
    }
}

/// An image as an app refers to it: an image set in a catalog, or loose files sharing a base name and
/// an extension (`logo.png`, `logo@2x.png`, `logo@3x.png`; `logo.jpg` and `logo@2x.jpg` are another).
package struct Asset: Sendable, Hashable {
    /// The image name as the app passes it to `UIImage(named:)`: "Logo" for an image set or loose PNG
    /// files, "logo.jpg" for loose files of another format.
    package var name: String
    package var variants: [AssetVariant]
    /// Where asset-level findings point: the image set's Contents.json, or the first file.
    package var reportPath: String
    /// The catalog the image set belongs to, if any.
    package var catalogPath: String?
    /// Contents.json entries with a scale but no file: where a missing variant would go.
    package var emptySlots: [ImageSetEntry]

    package init(name: String, variants: [AssetVariant], reportPath: String? = nil, catalogPath: String? = nil,
                emptySlots: [ImageSetEntry] = []) {
        self.name = name
        self.variants = variants
        self.reportPath = reportPath ?? variants.first?.reportPath ?? name
        self.catalogPath = catalogPath
        self.emptySlots = emptySlots
    }

    /// How messages name the asset: "TeamLogo.imageset" in a catalog, else its first file's name.
    package var displayName: String {
        reportPath.hasSuffix("/Contents.json") || reportPath == "Contents.json"
            ? name + ".imageset" : (variants.first?.fileName ?? name)
    }

    /// The variants for each appearance, default first; each group is checked on its own.
    package var appearanceGroups: [[AssetVariant]] {
        var order: [String?] = []
        for variant in variants where !order.contains(variant.appearance) { order.append(variant.appearance) }
        order.sort { ($0 ?? "") < ($1 ?? "") }
        return order.map { appearance in variants.filter { $0.appearance == appearance } }
    }

    /// Every choice a device can make among the variants, for the checks that must see every file: for
    /// each appearance, its plain entries (the first of each idiom and scale), then that group again with
    /// the entries of each other kind put in place of the plain ones of their idiom and scale: the
    /// entries of one set of traits (a display-P3 @3x on an iPhone with a P3 screen, a locale, a size
    /// class), or an entry listed again for an idiom and scale already taken. So a 900x900 P3 @3x beside a
    /// fitting sRGB one is checked, as the devices that load it would use it.
    package var selectionGroups: [[AssetVariant]] {
        var groups: [[AssetVariant]] = []
        for group in appearanceGroups {
            func sameSlot(_ a: AssetVariant, _ b: AssetVariant) -> Bool { a.idiom == b.idiom && a.effectiveScale == b.effectiveScale }
            var plain: [AssetVariant] = []
            var layers: [(traits: String?, variants: [AssetVariant])] = []
            for variant in group {
                if variant.traits == nil && !plain.contains(where: { sameSlot($0, variant) }) {
                    plain.append(variant)
                } else if let index = layers.firstIndex(where: { layer in
                    layer.traits == variant.traits && !layer.variants.contains { sameSlot($0, variant) }
                }) {
                    layers[index].variants.append(variant)
                } else {
                    layers.append((variant.traits, [variant]))
                }
            }
            if !plain.isEmpty { groups.append(plain) }
            for layer in layers {
                groups.append(plain.filter { base in !layer.variants.contains { sameSlot($0, base) } } + layer.variants)
            }
        }
        return groups
    }

    /// The variant `device` uses from `group`: the idiom-specific entries if any serve the device,
    /// else the universal ones; among those, the device's own scale, else the nearest (the larger of
    /// two equally near). Nil when no variant serves the device.
    package static func variant(for device: DeviceClass, in group: [AssetVariant]) -> AssetVariant? {
        variantIndex(family: device.family, scale: device.scale, in: group).map { group[$0] }
    }

    /// The index in `group` of the variant a device of `family` at `scale` uses: its own idiom's if
    /// it has any, else a universal one; the nearest scale, the larger between equals; the first of
    /// equals. Nothing is allocated.
    static func variantIndex(family: DeviceClass.Family, scale: Int, in group: [AssetVariant]) -> Int? {
        // Fields are read in place (by index): binding a variant would copy its strings and facts.
        let specific = group.indices.contains { group[$0].serves(family) }
        var best: Int?
        for index in group.indices {
            guard specific ? group[index].serves(family) : group[index].idiom == .universal else { continue }
            guard let current = best else {
                best = index
                continue
            }
            let a = group[index].effectiveScale, b = group[current].effectiveScale
            let da = abs(a - scale), db = abs(b - scale)
            if da != db ? da < db : a > b { best = index }
        }
        return best
    }
}
