/// What a ``Preflight`` found for one image: an answer per device and presentation, and its memory.
public struct PreflightReport: Sendable, Hashable {
    /// The image's facts, from its header.
    public let image: ImageInfo
    /// The name that stands for the image in the reasons.
    public let name: String
    /// One answer per device class and presentation that the class shows, in device then presentation order.
    public let answers: [PreflightAnswer]
    /// A sentence for each presentation asked about that a device never shows (a compact view on an
    /// iPhone without a Dynamic Island, the small view where it is not declared).
    package var notShown: [String] { unshown.map(\.sentence) }
    /// The presentations asked about that a device never shows, worded when asked.
    let unshown: [NotShown]
    /// The device was found under Display Zoom (see ``DeviceLookup/isDisplayZoomed``).
    package let isDisplayZoomed: Bool
    /// Why the answers are for device classes assumed rather than found, in one sentence, when the screen
    /// checked on is one the table does not know (see ``DeviceLookup/assumption``); nil otherwise.
    public internal(set) var assumption: String?
    /// The image's size in memory once decoded: 4 bytes a pixel, 8 at 16 bits.
    package let decodedBytes: Int
    /// The budget ``decodedBytes`` is held to.
    package let memoryBudget: Int

    /// Whether the image fits every presentation it is shown in, on every device checked.
    public var fits: Bool { answers.allSatisfy(\.fits) }

    /// Why the image may not load when its data ends before its end marker (a download cut short), in
    /// one sentence; nil when the data is whole, or when the facts handed in did not say.
    public var truncationReason: String? {
        guard let truncation = image.truncation else { return nil }
        return "\(name) is cut short: \(truncation.clause(fileSize: image.fileSize)), so it may not load; download it again."
    }

    /// The largest size, with the image's aspect ratio, that fits every answer's limit; the image's own
    /// size when it fits.
    public var largestFittingSize: PixelSize {
        guard let first = answers.first?.limit else { return image.displaySize }
        return image.displaySize.fitted(in: answers.dropFirst().reduce(first) { $0.intersection($1.limit) })
    }

    /// Whether the decoded image alone takes more than the memory budget.
    public var exceedsMemoryBudget: Bool { decodedBytes > memoryBudget }

    /// The answers whose limit the image exceeds.
    public var failures: [PreflightAnswer] { answers.filter { !$0.fits } }

    /// One sentence on the decoded memory.
    public var memoryReason: String {
        let megabytes = Double(decodedBytes) / 1_000_000, budget = memoryBudget / 1_000_000
        let amount = megabytes < 0.1 ? "under 0.1 MB" : "about \(Double(Int(megabytes * 10 + 0.5)) / 10) MB"
        return exceedsMemoryBudget
            ? "\(name) decodes to \(amount), over the ~\(budget) MB memory budget reported for widget extensions; use a smaller image."
            : "\(name) decodes to \(amount) of the ~\(budget) MB memory budget reported for widget extensions."
    }
}

extension PreflightReport {
    /// A presentation asked about that a device class never shows.
    struct NotShown: Sendable, Hashable {
        let model: String
        let device: String
        let presentation: Presentation

        var sentence: String { "\(model) (\(device)) never shows the \(presentation.displayName) view." }
    }
}

/// Whether an image fits one presentation on one device class, and why.
public struct PreflightAnswer: Sendable, Hashable {
    /// The device class's id ("iphone-393x852").
    public let device: String
    /// How people name the class: its first model.
    public let model: String
    /// The presentation.
    public let presentation: Presentation
    /// The largest image the presentation takes on the class, in pixels at its scale.
    public let limit: PixelSize
    /// The class's scale.
    package let scale: Int
    /// Whether a number of the limit is our inference rather than Apple's.
    public let isLimitInferred: Bool
    /// The image as shown (after its EXIF orientation), in pixels.
    public let size: PixelSize
    /// The largest size with the image's aspect ratio inside ``limit``; ``size`` when it fits.
    public let largestFittingSize: PixelSize
    /// Whether the image is no larger than the limit on both axes.
    public let fits: Bool
    /// The name that stands for the image, and the presentation's size in points, for ``reason``.
    private let image: String
    private let width: Points, height: Points

    /// One sentence: the limit, the image's size, and what to do (worded when asked: an app that
    /// only wants ``fits`` pays for no text).
    public var reason: String {
        let view = "\(model) shows the \(presentation.displayName) view at up to \(limit) px "
            + "(\(width)x\(height) pt @\(scale)x\(isLimitInferred ? ", a size we inferred" : ""))"
        return fits
            ? "\(view); \(image) is \(size) px, so it fits."
            : "\(view); \(image) is \(size) px, larger, so Activity.request may fail: use at most \(largestFittingSize) px."
    }

    init(image name: String, size: PixelSize, device: String, model: String, scale: Int, limit entry: DeviceLimits.Entry) {
        self.device = device
        self.model = model
        presentation = entry.presentation
        self.scale = scale
        limit = entry.limit
        isLimitInferred = entry.isInferred
        self.size = size
        largestFittingSize = size.fitted(in: limit)
        fits = entry.admits(size)
        image = name
        (width, height) = (entry.width, entry.height)
    }
}
