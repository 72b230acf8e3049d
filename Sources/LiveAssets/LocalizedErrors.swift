#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An error of either library, for Foundation: its `description` is one plain sentence that names the
/// file (or the screen, or the table) and says what to do, and `localizedDescription` is that sentence.
/// (LiveAssetsCore imports no Foundation, so its errors conform here.)
public protocol LiveAssetsError: LocalizedError, CustomStringConvertible {}

extension LiveAssetsError {
    /// The sentence `description` gives.
    public var errorDescription: String? { description }
}

extension ProbeError: LiveAssetsError {}
extension SizeTableError: LiveAssetsError {}
extension SizeTable.UnknownSelector: LiveAssetsError {}
extension PreflightError: LiveAssetsError {}
extension DecodeError: LiveAssetsError {}
extension EncodeError: LiveAssetsError {}
extension FitError: LiveAssetsError {}
