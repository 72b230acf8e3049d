/// The names an image call's name expression can take, as far as the code decides them.
struct NameValues: Equatable {
    /// Names the expression takes: written in it, or narrowed to by what it reads.
    var shown: Set<String> = []
    /// Names a member of that name on some type may give, where the code does not say the receiver's type.
    var possible: Set<String> = []
    /// Generated asset symbols it takes (`.teamLogo` returned as an `ImageResource`), and those it may.
    var symbols: Set<String> = []
    var possibleSymbols: Set<String> = []
    /// What the code leaves open: any name of each shape (``StringLiteral/any``: any name at all).
    var shapes: Set<StringLiteral> = []

    /// Nothing known: any name.
    static let any = NameValues(shapes: [.any])

    /// The names of `values` and those of `other`.
    func union(_ other: NameValues) -> NameValues {
        NameValues(shown: shown.union(other.shown), possible: possible.union(other.possible), symbols: symbols.union(other.symbols),
                   possibleSymbols: possibleSymbols.union(other.possibleSymbols), shapes: shapes.union(other.shapes))
    }

    /// These names, none proven: what a member looked up by name alone gives.
    var demoted: NameValues {
        NameValues(possible: shown.union(possible), possibleSymbols: symbols.union(possibleSymbols), shapes: shapes)
    }

    /// Each name transformed (`lowercased()`); a shape becomes any name.
    func mapped(_ transform: (String) -> String) -> NameValues {
        NameValues(shown: Set(shown.map(transform)), possible: Set(possible.map(transform)), symbols: [], possibleSymbols: [],
                   shapes: shapes.isEmpty && symbols.isEmpty && possibleSymbols.isEmpty ? [] : [.any])
    }

    /// Whether the code decides every name: no shape, no guess.
    var isClosed: Bool { shapes.isEmpty && possible.isEmpty && possibleSymbols.isEmpty }
}

extension StringLiteral {
    /// Any text: one interpolation and nothing around it.
    static let any = StringLiteral(pieces: ["", ""])
}
