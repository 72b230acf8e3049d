import LiveAssetsCore

/// Reads a widget extension's Swift files for the images each Live Activity presentation shows: finds
/// each `ActivityConfiguration(for:)`, takes its content closure as the Lock Screen view (and the small
/// view where the small family is declared), its `DynamicIsland`'s expanded closure, `compactLeading:`,
/// `compactTrailing:` and `minimal:` as those presentations, and follows the views they build through
/// the files' own types (a `View`'s `body`, a `ViewModifier`'s or a style's body), functions, computed
/// properties and stored ones that hold a view (`static let crest = Image("crest")`), named plainly or
/// as members (`.teamBadge()`, `Image.crest`), to a bounded depth (past it, the reader says so).
///
/// It reads tokens, not a syntax tree: a name is followed wherever the files declare it, whatever scope
/// the call is in; `#if` branches are all read; an `if` in a View's `body` that the View's own literal
/// default decides (`var size: CGFloat = 40`, no call passing `size:`) is read on its taken branch only;
/// a `switch` on `activityFamily` sends its `.small` case to the small view and its other cases
/// (`.medium`, `default`) to the Lock Screen only.
package struct SwiftUsageReader {
    /// A Swift file: its path as given and its tokens, with each bracket's partner.
    struct File {
        let path: String
        let tokens: [SwiftToken]
        let partner: [Int]
    }

    /// A stretch of one file's tokens.
    struct Region: Hashable {
        let file: Int
        let start: Int
        let end: Int
    }

    var files: [File] = []
    /// The files' own declarations, by name: a `View` type's `body` (or whole body where it has none),
    /// functions, and computed properties.
    var viewTypes: [String: [Region]] = [:]
    var functions: [String: [Region]] = [:]
    var properties: [String: [Region]] = [:]
    /// The names of the types the files declare, and of those that are a `View`.
    var typeNames: Set<String> = []
    var viewTypeNames: Set<String> = []
    /// What each type declares: where a computed name is narrowed through its receiver's type.
    var typeIndex = SwiftTypeIndex()
    /// The declarations being evaluated, so that one that reads itself ends.
    var evaluating: Set<Region> = []
    /// Each `ActivityConfiguration` closure and its parameter (`{ context in`), with the attributes type
    /// of the configuration (`for: MatchAttributes.self`): what `context.attributes` and `context.state` are.
    var configurationClosures: [(region: Region, parameter: String, attributes: String)] = []
    /// The presentation's view being followed (its file and line): where a cut deeper down is said.
    var root: (file: String, line: Int) = ("", 1)
    /// The interpolations read as code (by file and string token), each lexed once.
    var interpolations: [[Int]: Region] = [:]
    /// The constructs said not to be followed, each once per place and presentation.
    var unresolvedSeen: Set<ImageReference> = []
    /// The names the files give the environment's `activityFamily` (and that name itself).
    var familyNames: Set<String> = ["activityFamily"]
    /// The views built from types the files do not declare, with where, in the order met.
    var unfollowed: [String: [String]] = [:]
    var unfollowedOrder: [String] = []
    var reading = SourceReading()
    /// Whether every image call is listed where it is (``mentions``), whatever view holds it: the reading
    /// of an app's own code (``mentions(_:)``).
    var listsMentions = false
    var mentions: [ImageMention] = []
    /// For the `body` of each View type with literal defaults no call overrides, those defaults.
    var regionConstants: [Region: [String: Constant]] = [:]

    /// How deep views are followed from a presentation's closure.
    static let depth = 8

    /// Each view, function or property followed for a family of presentations, with the least depth it
    /// was followed from: read again only from nearer (where it can be followed further), so what one
    /// shows is read a bounded number of times however often the code names it.
    var followed: [Visit: Int] = [:]
    /// Tokens the reader may still step over while following views, and whether it ran out: the work is
    /// bounded by the size of the code (``workPerToken`` times its tokens, and a fixed allowance), so one
    /// hostile file cannot hang a build.
    var budget = 0
    var ranOut = false
    /// The tokens followed for each token of the code before the reader stops.
    static let workPerToken = 64
    static let workAllowance = 1_000_000

    /// Takes `steps` of the budget (looking at a call's argument costs its tokens); false once it is spent.
    mutating func spend(_ steps: Int) -> Bool {
        guard budget >= steps else {
            ranOut = true
            budget = 0
            return false
        }
        budget -= steps
        return true
    }

    /// The budget of the passes over declarations (stored values, literal defaults), apart from that of
    /// following views, so that hostile declarations cannot starve the views; and whether a stored value
    /// was left unread for it.
    var declaring = 0
    var declaringRanOut = false

    /// Takes `steps` of the declarations' budget; false once it is spent.
    mutating func spendDeclaring(_ steps: Int) -> Bool {
        guard declaring >= steps else {
            declaring = 0
            declaringRanOut = true
            return false
        }
        declaring -= steps
        return true
    }

    /// Takes one step of the budget; false once it is spent (and the reader then says what was cut).
    mutating func step() -> Bool {
        guard budget > 0 else {
            ranOut = true
            return false
        }
        budget -= 1
        return true
    }

    /// Reads `sources` (path and UTF-8 text of each Swift file).
    package static func read(_ sources: [(path: String, bytes: [UInt8])]) -> SourceReading {
        var reader = SwiftUsageReader(sources)
        if reader.declaringRanOut {
            let what = "the stored values left when the reader stopped reading declarations: code this tangled is not a widget's"
            reader.reading.undecided.append(what)
            reader.unresolved(what, call: "the reading's budget", file: reader.files.first?.path ?? "", line: 1, presentations: Presentation.allCases)
        }
        reader.findConstants()
        for index in reader.files.indices { reader.findConfigurations(index) }
        if reader.ranOut {
            let tokens = reader.files.reduce(0) { $0 + $1.tokens.count }
            let what = "the views left when the reader stopped, after \((Self.workAllowance + Self.workPerToken * tokens).groupedDigits) steps (\(Self.workPerToken) for each of the code's \(tokens.groupedDigits) tokens, and a fixed allowance): code this tangled is not a widget's"
            reader.reading.undecided.insert(what, at: 0)
            reader.unresolved(what, call: "the reading's budget", file: reader.files.first?.path ?? "", line: 1, presentations: Presentation.allCases)
        }
        for name in reader.unfollowedOrder {
            let places = reader.unfollowed[name]!
            let more = places.count == 1 ? "" : places.count == 2 ? " and 1 more place" : " and \(places.count - 1) more places"
            reader.reading.undecided.append("\(name) (\(places[0])\(more)) is not declared in these files")
        }
        // The small view is shown only where the family is declared, and may be where the code does not say.
        switch reader.reading.smallFamily {
        case .declared: break
        case .notDeclared: reader.reading.references.removeAll { $0.presentation == .small }
        case .undecided:
            for index in reader.reading.references.indices where reader.reading.references[index].presentation == .small {
                reader.reading.references[index].evidence = .candidate
                reader.reading.references[index].unresolved = "the small view, which the code may declare (its families are an expression the reader could not follow)"
            }
        }
        return reader.reading
    }

    /// A reader of `sources` (path and UTF-8 text of each Swift file): their tokens lexed, its budgets
    /// set, and what the files declare indexed (types, views, functions, properties, stored values, literal
    /// defaults), ready to follow views or to list image calls.
    init(_ sources: [(path: String, bytes: [UInt8])]) {
        for source in sources {
            let tokens = SwiftLexer.tokens(of: source.bytes)
            files.append(File(path: source.path, tokens: tokens, partner: Self.partners(tokens)))
        }
        budget = Self.workAllowance + Self.workPerToken * files.reduce(0) { $0 + $1.tokens.count }
        declaring = budget
        // The types first, so that an extension of a View in any file is read as the View's.
        for file in files { nameTypes(in: file) }
        for index in files.indices { indexTypes(index) }
        typeIndex.settle(tokenCounts: files.map(\.tokens.count))
        for index in files.indices { declare(index) }
    }

    /// Each bracket's partner (`(` `)`, `[` `]`, `{` `}`), or -1; an unclosed one's is the end. Linear in
    /// the tokens: the open brackets are kept on one stack, and each kind's on its own (as their places in
    /// that one), so a closer finds its opener without searching and one with no opener costs nothing.
    static func partners(_ tokens: [SwiftToken]) -> [Int] {
        var partner = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []  // token indices, innermost last
        var openOfKind: [[Int]] = [[], [], []]  // for `(`, `[` and `{`: their places in `open`
        var kindOfOpen: [Int] = []  // beside `open`: each one's kind
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            guard let (kind, opens) = Self.bracket(token.text) else { continue }
            if opens {
                openOfKind[kind].append(open.count)
                open.append(index)
                kindOfOpen.append(kind)
                continue
            }
            // A closer pairs with the nearest opener of its kind; openers left unclosed in between (a `#if`
            // branch's) are closed here too. Those are the innermost of their kinds, so each stack pops.
            guard let match = openOfKind[kind].last else { continue }
            for place in match..<open.count {
                partner[open[place]] = index
                openOfKind[kindOfOpen[place]].removeLast()
            }
            partner[index] = open[match]
            open.removeSubrange(match...)
            kindOfOpen.removeSubrange(match...)
        }
        for unclosed in open { partner[unclosed] = tokens.count }
        return partner
    }

    /// 0, 1 or 2 for a `(` `)`, `[` `]` or `{` `}`, and whether it opens; nil for other punctuation. By its
    /// one byte, without comparing strings.
    @inline(__always)
    private static func bracket(_ text: String) -> (kind: Int, opens: Bool)? {
        guard text.utf8.count == 1, let byte = text.utf8.first else { return nil }
        switch byte {
        case UInt8(ascii: "("): return (0, true)
        case UInt8(ascii: ")"): return (0, false)
        case UInt8(ascii: "["): return (1, true)
        case UInt8(ascii: "]"): return (1, false)
        case UInt8(ascii: "{"): return (2, true)
        case UInt8(ascii: "}"): return (2, false)
        default: return nil
        }
    }
}
