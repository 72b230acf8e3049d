#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The errors of both libraries as Foundation's LocalizedError: `error.localizedDescription` is the same
// one plain sentence as `description` (LiveAssetsCore imports no Foundation, so its errors conform here).

extension ProbeError: LocalizedError {
    /// The sentence `description` gives.
    public var errorDescription: String? { description }
}

extension SizeTableError: LocalizedError {
    /// The sentence `description` gives.
    public var errorDescription: String? { description }
}

extension PreflightError: LocalizedError {
    /// The sentence `description` gives.
    public var errorDescription: String? { description }
}

extension DecodeError: LocalizedError {
    /// The sentence `description` gives.
    public var errorDescription: String? { description }
}

extension EncodeError: LocalizedError {
    /// The sentence `description` gives.
    public var errorDescription: String? { description }
}

extension FitError: LocalizedError {
    /// The sentence `description` gives.
    public var errorDescription: String? { description }
}
