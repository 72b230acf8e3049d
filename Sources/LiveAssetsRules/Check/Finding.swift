import LiveAssetsCore

/// One thing the checker reports about one file: a value, separate from errors that stop the tool.
public struct Finding: Sendable, Hashable {
    /// The rule that found it.
    public var rule: Rule
    /// How much it matters: the rule's default or the configuration's choice.
    public var severity: Severity
    /// The file the finding is about (the image, or the catalog's Contents.json).
    public var path: String
    /// Where in `path`, when it has lines (Contents.json entries); nil for images.
    public var line: Int?
    /// The column in `path`'s `line`, when there is one.
    public var column: Int?
    /// The device class id, when the finding is about one device (the strictest, if several).
    public var device: String?
    /// The presentation the finding is about, when it is about one.
    public var presentation: Presentation?
    /// The image's displayed size in pixels, when known.
    public var actual: PixelSize?
    /// The largest size allowed, in pixels, when there is one.
    public var limit: PixelSize?
    /// The image's scale (1, 2, 3), when known.
    package var scale: Int?
    /// One sentence naming the file, the device(s), the presentation, the sizes and a fix.
    public var message: String
    /// Whether the limit behind the finding is inferred rather than published by Apple.
    public var usesInferredLimit: Bool
    /// The image file the finding is about, where ``path`` is its Contents.json entry or the file itself.
    package var image: String?
    /// The marketing name of ``device``'s first model ("iPhone 16 Pro").
    package var model: String?
    /// For `oversized`: the largest size, aspect ratio kept, inside every limit the image violates.
    package var suggested: PixelSize?
    /// For `oversized`: the tightest limit as the message names it ("minimal in StandBy on iPhone XR,
    /// 90x73 px (inferred)").
    package var tightest: String?
    /// Whether a `may-be-shown` finding of the same run speaks for this one (an image a computed name or
    /// a construct the reader could not follow may show): the formats a person reads leave it out and
    /// the run's counts do not count it; JSON, SARIF and the HTML report list it.
    package var isSummarized = false
    /// Every device class the finding is about where it names several that ``violations`` does not list
    /// (`missing-scale-variant`: each class that falls back); ``device`` is the first.
    package var devices: [String] = []
    /// For `oversized`: every (device, presentation) whose limit the image exceeds, in presentation then
    /// table order.
    public var violations: [Violation] {
        get { violationList?.violations ?? [] }
        set { violationList = newValue.isEmpty ? nil : ViolationList(newValue) }
    }
    /// ``violations``, kept as the checker found them: a run makes thousands, and naming every device in
    /// each would take two references to the strings every thread shares (about 7 % of a `check` over
    /// 2,000 oversized files, measured): they are named when read.
    var violationList: ViolationList?

    /// One limit an image exceeds.
    public struct Violation: Sendable, Hashable {
        /// The device class id.
        public var device: String
        /// Its first model's name.
        public var model: String
        /// The presentation whose limit it exceeds.
        public var presentation: Presentation
        /// The limit, in pixels at the device's scale.
        public var limit: PixelSize
        /// The size of the variant that device loads.
        public var actual: PixelSize

        /// A violation of `limit` by `actual` in `presentation` on `device`.
        package init(device: String, model: String, presentation: Presentation, limit: PixelSize, actual: PixelSize) {
            self.device = device
            self.model = model
            self.presentation = presentation
            self.limit = limit
            self.actual = actual
        }
    }

    package init(rule: Rule, severity: Severity? = nil, path: String, line: Int? = nil, column: Int? = nil,
                device: String? = nil, presentation: Presentation? = nil, actual: PixelSize? = nil,
                limit: PixelSize? = nil, scale: Int? = nil, message: String, usesInferredLimit: Bool = false,
                image: String? = nil, model: String? = nil, suggested: PixelSize? = nil, violations: [Violation] = []) {
        self.rule = rule
        self.severity = severity ?? rule.defaultSeverity
        self.path = path
        self.line = line
        self.column = column
        self.device = device
        self.presentation = presentation
        self.actual = actual
        self.limit = limit
        self.scale = scale
        self.message = message
        self.usesInferredLimit = usesInferredLimit
        self.image = image
        self.model = model
        self.suggested = suggested
        self.violationList = violations.isEmpty ? nil : ViolationList(violations)
    }

    /// Report order: by path, then line, then rule, then device.
    package static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.path != b.path { return a.path < b.path }
        if (a.line ?? 0) != (b.line ?? 0) { return (a.line ?? 0) < (b.line ?? 0) }
        if a.rule != b.rule { return a.rule < b.rule }
        if a.presentation != b.presentation { return (a.presentation?.rawValue ?? "") < (b.presentation?.rawValue ?? "") }
        return (a.device ?? "") < (b.device ?? "")
    }
}

/// The violations of one finding: given whole, or as device indices into the run's names, named when read.
final class ViolationList: Sendable, Hashable {
    /// One violation by device index.
    struct Entry: Hashable {
        let device: Int
        let presentation: Presentation
        let limit: PixelSize
    }

    private let given: [Finding.Violation]
    private let names: DeviceNames?
    private let entries: [Entry]
    private let actual: PixelSize

    init(_ violations: [Finding.Violation]) {
        given = violations
        names = nil
        entries = []
        actual = PixelSize(width: 0, height: 0)
    }

    init(names: DeviceNames, entries: [Entry], actual: PixelSize) {
        given = []
        self.names = names
        self.entries = entries
        self.actual = actual
    }

    var violations: [Finding.Violation] {
        guard let names else { return given }
        return entries.map { entry in
            Finding.Violation(device: names.ids[entry.device], model: names.models[entry.device],
                              presentation: entry.presentation, limit: entry.limit, actual: actual)
        }
    }

    static func == (a: ViolationList, b: ViolationList) -> Bool { a === b || a.violations == b.violations }
    func hash(into hasher: inout Hasher) { hasher.combine(violations) }
}

