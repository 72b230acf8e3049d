/// The platform's types a Live Activity's views use that the reader knows: SwiftUI's and WidgetKit's
/// views (whose images are the image calls inside them, read as such), and the types that cannot yield
/// an asset image at all (Foundation's values, colours, fonts, text keys). A view or value built from
/// one is neither followed nor reported as code the reader could not follow; any other type the files
/// do not declare is.
enum PlatformTypes {
    /// Whether `name` is one of them, or of Apple's frameworks by its prefix (`UIGraphicsImageRenderer`,
    /// `NSMutableParagraphStyle`, `CGContext`: a drawing is not an asset image; `UIImage` and `NSImage`
    /// calls are read as image calls before this is asked).
    static func contains(_ name: String) -> Bool { known.contains(name) || isFrameworkName(name) }

    /// A name of two capitals from Apple's framework prefixes, then a capital: `UIColor`, `NSAttributedString`.
    static func isFrameworkName(_ name: String) -> Bool {
        let utf8 = Array(name.utf8.prefix(3))
        guard utf8.count == 3, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(utf8[2]) else { return false }
        switch (utf8[0], utf8[1]) {
        case (UInt8(ascii: "U"), UInt8(ascii: "I")), (UInt8(ascii: "N"), UInt8(ascii: "S")), (UInt8(ascii: "C"), UInt8(ascii: "G")),
             (UInt8(ascii: "C"), UInt8(ascii: "A")), (UInt8(ascii: "C"), UInt8(ascii: "I")), (UInt8(ascii: "C"), UInt8(ascii: "F")),
             (UInt8(ascii: "C"), UInt8(ascii: "V")), (UInt8(ascii: "U"), UInt8(ascii: "N")), (UInt8(ascii: "U"), UInt8(ascii: "T")),
             (UInt8(ascii: "A"), UInt8(ascii: "V")), (UInt8(ascii: "M"), UInt8(ascii: "K")), (UInt8(ascii: "C"), UInt8(ascii: "L")),
             (UInt8(ascii: "W"), UInt8(ascii: "K")), (UInt8(ascii: "H"), UInt8(ascii: "K")), (UInt8(ascii: "E"), UInt8(ascii: "K")),
             (UInt8(ascii: "C"), UInt8(ascii: "N")), (UInt8(ascii: "P"), UInt8(ascii: "H")), (UInt8(ascii: "O"), UInt8(ascii: "S")),
             (UInt8(ascii: "N"), UInt8(ascii: "W")):
            return true
        default:
            return false
        }
    }

    /// Whether `name` is a view, a view's result, or an image: what following a function or property of
    /// that type may find an image in.
    static func isView(_ name: String) -> Bool { views.contains(name) }

    private static let views: Set<String> = [
        "View", "AnyView", "Image", "UIImage", "ImageResource", "Text", "Label", "Button", "Group", "VStack", "HStack", "ZStack",
        "LazyVStack", "LazyHStack", "Grid", "GridRow", "ForEach", "ViewThatFits", "GeometryReader", "TimelineView", "Menu", "Link",
        "Toggle", "Gauge", "ProgressView", "Section", "TupleView", "ModifiedContent", "DynamicIsland", "DynamicIslandExpandedRegion",
        "WidgetConfiguration", "ActivityConfiguration", "Content", "Body", "ShareLink", "ContentUnavailableView",
    ]

    private static let known: Set<String> = [
        // SwiftUI views and containers.
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GridRow", "GridItem", "Group",
        "ForEach", "Spacer", "Divider", "Text", "Label", "Image", "UIImage", "Menu", "Picker", "ProgressView", "Gauge", "Link",
        "Button", "Toggle", "ViewThatFits", "GeometryReader", "TimelineView", "ContainerRelativeShape", "Circle", "Rectangle",
        "RoundedRectangle", "Capsule", "Ellipse", "UnevenRoundedRectangle", "AnyShape", "AnyView", "EmptyView", "Canvas",
        "ContentUnavailableView", "ShareLink", "Section", "List", "ScrollView", "TupleView", "ModifiedContent", "Layout",
        "AnyLayout", "HStackLayout", "VStackLayout", "ZStackLayout", "GridLayout", "Chart", "Gradient", "LinearGradient",
        "RadialGradient", "AngularGradient", "EllipticalGradient", "MeshGradient", "Path", "StrokeStyle", "Shadow",
        // SwiftUI values that hold no image.
        "Color", "Font", "Animation", "Transaction", "EdgeInsets", "Edge", "Alignment", "HorizontalAlignment",
        "VerticalAlignment", "UnitPoint", "Angle", "Axis", "ContentMode", "ColorScheme", "LocalizedStringKey",
        "LocalizedStringResource", "Binding", "State", "Environment", "EnvironmentValues", "Namespace", "ObservedObject",
        "StateObject", "EnvironmentObject", "AppStorage", "ScaledMetric", "AttributedString", "AttributeContainer",
        "ShapeStyle", "AnyShapeStyle", "HierarchicalShapeStyle", "ForegroundStyle", "BackgroundStyle", "Material",
        "TextAlignment", "Visibility", "ProposedViewSize", "LayoutDirection", "ControlSize", "DynamicTypeSize",
        "SymbolRenderingMode", "ContentTransition", "AnyTransition", "ButtonRole", "RoundedCornerStyle", "CornerRadius",
        "FillStyle", "Text.DateStyle", "Spring",
        // WidgetKit and ActivityKit.
        "DynamicIsland", "DynamicIslandExpandedRegion", "DynamicIslandExpandedRegionPosition", "ActivityConfiguration",
        "ActivityContent", "ActivityViewContext", "ActivityAttributes", "ActivityState", "ActivityFamily", "Activity",
        "ActivityUIDismissalPolicy", "ActivityAuthorizationInfo", "WidgetBundle", "Widget", "WidgetConfiguration",
        "StaticConfiguration", "AppIntentConfiguration", "IntentConfiguration", "ControlWidgetButton", "ControlWidgetToggle",
        "WidgetFamily", "WidgetCenter", "TimelineEntry", "TimelineProvider", "Timeline", "WidgetAccentedRenderingMode",
        "WidgetRenderingMode", "AccessoryWidgetBackground", "WidgetLocation", "AppIntent", "Intent",
        // Swift and Foundation values.
        "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "Double", "Float", "Bool", "Decimal", "Array", "Set", "Dictionary", "Optional", "Result", "Range",
        "ClosedRange", "Duration", "Date", "DateComponents", "DateInterval", "DateFormatter", "RelativeDateTimeFormatter",
        "DateComponentsFormatter", "ISO8601DateFormatter", "NumberFormatter", "MeasurementFormatter", "ByteCountFormatter",
        "PersonNameComponentsFormatter", "ListFormatter", "FormatStyle", "Measurement", "UnitLength", "UnitSpeed", "UnitDuration",
        "UnitTemperature", "UnitEnergy", "Calendar", "TimeZone", "Locale", "TimeInterval", "URL", "URLComponents",
        "URLQueryItem", "URLRequest", "URLSession", "Data", "UUID", "JSONDecoder", "JSONEncoder", "PropertyListDecoder",
        "PropertyListEncoder", "UserDefaults", "NotificationCenter", "ProcessInfo", "FileManager", "Bundle", "NSNumber",
        "NSString", "NSAttributedString", "NSRange", "NSLocalizedString", "CharacterSet", "Timer", "DispatchQueue", "Task",
        "MainActor", "Mirror", "Never", "Void", "Any", "AnyObject", "AnyHashable", "Error", "CancellationError",
        "CGFloat", "CGSize", "CGPoint", "CGRect", "CGVector", "CGAffineTransform", "ImageResource",
        // UIKit values that hold no image.
        "UIColor", "UIFont", "UIFontMetrics", "UIScreen", "UIDevice", "UIApplication", "UIEdgeInsets", "UITraitCollection",
    ]
}
