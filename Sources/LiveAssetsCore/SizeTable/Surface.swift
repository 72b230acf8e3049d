/// Where a Live Activity appears, and so which of its views (``Presentation``s) a device shows: a limit
/// applies to an image only on a surface that shows the view the image is in.
///
/// From Apple's documentation: the Dynamic Island shows the compact, minimal and expanded views; the
/// Lock Screen the Lock Screen view (also as the banner on iPhones without a Dynamic Island); StandBy
/// the detached minimal view, and the Lock Screen view scaled up; the Apple Watch Smart Stack and CarPlay
/// the compact leading and trailing views combined, or the small view when the app declares the small
/// family; the Mac menu bar the compact, minimal and expanded views.
package enum Surface: String, Sendable, Hashable, CaseIterable {
    case dynamicIsland = "dynamic-island"
    case lockScreen = "lock-screen"
    case standby
    case smartStack = "smart-stack"
    case carplay
    case macMenuBar = "mac-menu-bar"

    /// How people call it ("Dynamic Island", "Smart Stack").
    package var displayName: String {
        switch self {
        case .dynamicIsland: "Dynamic Island"
        case .lockScreen: "Lock Screen"
        case .standby: "StandBy"
        case .smartStack: "Smart Stack"
        case .carplay: "CarPlay"
        case .macMenuBar: "Mac menu bar"
        }
    }

    /// Whether the surface shows `presentation`'s view. `declaresSmallFamily`: the app declares
    /// `.supplementalActivityFamilies([.small])`, so the Smart Stack and CarPlay show its small view
    /// instead of the compact ones. StandBy's scaled-up Lock Screen view is not counted: its size is no
    /// limit (the Lock Screen surface bounds that view).
    package func shows(_ presentation: Presentation, declaresSmallFamily: Bool) -> Bool {
        switch (self, presentation) {
        case (.dynamicIsland, .compactLeading), (.dynamicIsland, .compactTrailing), (.dynamicIsland, .minimal),
             (.dynamicIsland, .expanded):
            true
        case (.lockScreen, .lockScreen), (.standby, .minimal):
            true
        case (.smartStack, .compactLeading), (.smartStack, .compactTrailing), (.carplay, .compactLeading),
             (.carplay, .compactTrailing):
            !declaresSmallFamily
        case (.smartStack, .small), (.carplay, .small):
            // An image said to be in the small view is in a view the app has: its family is declared.
            true
        case (.macMenuBar, .compactLeading), (.macMenuBar, .compactTrailing), (.macMenuBar, .minimal),
             (.macMenuBar, .expanded):
            true
        default:
            false
        }
    }
}
