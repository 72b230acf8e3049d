/// The image calls of a view: which asset names they give.
extension SwiftUsageReader {
    /// Marks the string literals that name an image, in every view of the file (the app's too): they are
    /// references, not data.
    mutating func markImageNames(_ fileIndex: Int) {
        let tokens = files[fileIndex].tokens
        for (index, token) in tokens.enumerated() where token.isName("Image") || token.isName("UIImage") {
            guard let argument = nameArgument(file: fileIndex, callee: index) else { continue }
            for offset in argument where tokens[offset].kind != .identifier {
                if case .string = tokens[offset].kind { nameTokens.insert([fileIndex, offset]) }
            }
        }
    }

    /// The tokens of the name an `Image(...)` or `UIImage(...)` call at `callee` is given, if it names
    /// an asset: `Image("x")`, `Image(decorative: "x")`, `Image(.x)`, `UIImage(named: "x")`.
    /// `Image(uiImage:)`'s own `UIImage(named:)` is a call of its own; `systemName:` names a symbol.
    private func nameArgument(file fileIndex: Int, callee: Int) -> Range<Int>? {
        let tokens = files[fileIndex].tokens
        guard callee + 1 < tokens.count, tokens[callee + 1].isSymbol("("),
              let first = arguments(of: fileIndex, callee: callee).first, first.region.start < first.region.end else { return nil }
        let isImage = tokens[callee].text == "Image"
        guard isImage ? (first.label == nil || first.label == "decorative") : first.label == "named" else { return nil }
        return first.region.start..<first.region.end
    }

    /// The names an `Image(...)` or `UIImage(...)` call at `callee` is given, if it names an asset: a
    /// literal, a generated symbol, each literal of a conditional between two (`c ? "a" : "b"`), or a
    /// dynamic name (an interpolation, or another expression: with `x ?? "a"` or `c ? "a" : x`, "a" too).
    mutating func imageCall(file fileIndex: Int, callee: Int, presentations: [Presentation]) {
        let tokens = files[fileIndex].tokens
        guard let range = nameArgument(file: fileIndex, callee: callee) else { return }
        let argument = tokens[range]
        func literal(_ token: SwiftToken) -> StringLiteral? {
            guard case .string(let literal) = token.kind else { return nil }
            return StringLiteral(pieces: literal.pieces.enumerated().map { offset, piece in
                offset == literal.pieces.count - 1 ? Self.droppingExtension(piece) : piece
            })
        }
        var names: [ImageReference.Name] = []
        if argument.count == 1, let text = literal(argument.first!) {
            names = [text.value.map { .literal($0) } ?? .dynamic(text)]
        } else if tokens[callee].text == "Image", argument.count == 2, argument.first!.isSymbol("."), argument.last!.kind == .identifier {
            names = [.symbol(argument.last!.text)]
        } else {
            // A conditional whose two results are literals names each; any other expression is dynamic,
            // with the plain literals it falls back to (`name ?? "placeholder"`).
            let question = argument.lastIndex { $0.kind == .symbol && $0.text == "?" }
            let colon = argument.lastIndex { $0.isSymbol(":") }
            let choice = question.flatMap { question in colon.map { (question, $0) } }
            if let (question, colon) = choice, colon == question + 2, colon == range.upperBound - 2,
               let one = literal(tokens[question + 1]).flatMap(\.value), let other = literal(tokens[colon + 1]).flatMap(\.value) {
                names = [.literal(one), .literal(other)]
            } else {
                names = [.dynamic(nil)]
                // The literals it may fall back to or choose (`x ?? "a"`, `c ? "a" : x`) are named too.
                if argument.contains(where: { $0.kind == .symbol && ($0.text == "??" || $0.text == "?") }) {
                    names += argument.compactMap { literal($0)?.value }.map { .literal($0) }
                }
            }
        }
        for name in names {
            for presentation in presentations {
                reading.references.append(ImageReference(name: name, presentation: presentation, file: files[fileIndex].path,
                                                         line: tokens[callee].line))
            }
        }
    }

    /// `name` without a ".png" or ".jpg" extension, as `UIImage(named:)` finds it either way.
    static func droppingExtension(_ name: String) -> String {
        for suffix in [".png", ".jpg", ".jpeg", ".PNG", ".JPG"] where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }

    /// SwiftUI's and WidgetKit's own views and values that a Live Activity's views build: not followed,
    /// and not reported as undecided.
    static let systemViews: Set<String> = [
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "Grid", "GridRow", "Group", "ForEach", "Spacer",
        "Divider", "Text", "Label", "Image", "UIImage", "Color", "ProgressView", "Gauge", "Link", "Button", "Toggle",
        "ViewThatFits", "GeometryReader", "TimelineView", "ContainerRelativeShape", "Circle", "Rectangle",
        "RoundedRectangle", "Capsule", "Ellipse", "LinearGradient", "RadialGradient", "AngularGradient", "AnyView",
        "EmptyView", "Font", "DynamicIsland", "DynamicIslandExpandedRegion", "ActivityConfiguration",
        "ActivityContent", "Date", "URL", "String", "Int", "Double", "CGFloat", "CGSize", "Array", "Set", "Dictionary",
        "EdgeInsets", "Animation", "AttributedString", "Binding", "State", "Environment", "ImageResource", "Bundle",
        "ClosedRange", "Range", "Optional", "Result", "Duration", "Calendar", "DateInterval", "TimeInterval",
        "StrokeStyle", "Path", "UnevenRoundedRectangle", "ContentUnavailableView", "ShareLink", "WidgetBundle",
        "StaticConfiguration", "AppIntentConfiguration", "ControlWidgetButton", "ControlWidgetToggle",
    ]
}
