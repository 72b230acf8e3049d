/// The platform's types a Live Activity's views use that the reader knows: SwiftUI's and WidgetKit's
/// views (whose images are the image calls inside them, read as such), and the types that cannot yield
/// an asset image at all (Foundation's values, colours, fonts, text keys). A view or value built from
/// one is neither followed nor reported as code the reader could not follow; any other type the files
/// do not declare is.
enum PlatformTypes {
    /// Whether `name` is one of them.
    static func contains(_ name: String) -> Bool { known.contains(name) }

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
