import LiveAssetsCore

/// How serious a finding is; `off` disables a rule.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
    case error
    case warning
    case off

    /// Declaration order: errors before warnings.
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        declarationOrder.firstIndex(of: lhs)! < declarationOrder.firstIndex(of: rhs)!
    }

    /// `allCases`, built once (sorting compares cases often).
    private static let declarationOrder = allCases
}
