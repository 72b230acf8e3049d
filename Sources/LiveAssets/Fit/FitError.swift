/// Why a file could not be fitted. Every case names the file.
public enum FitError: Error, Sendable, Hashable {
    case decode(DecodeError)
    case encode(file: String, EncodeError)
    /// Writing the result failed; the original is untouched.
    case write(file: String, reason: String)

    package var file: String {
        switch self {
        case .decode(let error): error.file
        case .encode(let file, _), .write(let file, _): file
        }
    }

    /// One plain sentence that names the file and the cause.
    package var message: String {
        switch self {
        case .decode(let error): error.message
        case .encode(let file, let error): "\(file) could not be re-encoded: \(error.message.trimmingTrailingPeriods.lowercasedFirst)."
        case .write(let file, let reason): "\(file) could not be written (\(reason)); the original is untouched."
        }
    }
}

extension String {
    /// The first letter lowercased to continue a sentence, unless it starts an acronym ("JPEG", "PNG").
    var lowercasedFirst: String {
        let start = prefix(2)
        return start.count == 2 && start.allSatisfy(\.isUppercase) ? self : prefix(1).lowercased() + dropFirst()
    }
}

extension FitError: CustomStringConvertible {
    /// One plain sentence that names the file and the cause.
    public var description: String { message }
}
