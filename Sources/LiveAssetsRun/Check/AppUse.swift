import LiveAssets

/// Where an app target's own code can show an image that a Live Activity shows too: the app draws it
/// at its own sizes, so `fit` leaves it as it is unless asked (`fit --app-images`), and says what to do
/// instead (give the Live Activity an image set of its own).
package struct AppUse: Sendable, Hashable {
    /// How the app's code shows it.
    package enum Evidence: Sendable, Hashable {
        /// It names the image: a literal, a generated symbol, or a computed name narrowed to it.
        case named
        /// A computed name it does not narrow may be the image.
        case mayName
        /// It holds the image's name outside any image call the reader knows (a string, an implicit
        /// member), which may be given to one.
        case mentions
        /// Some of its code was not read (Objective-C, a file too large, past the budget): it may name
        /// any image.
        case unread
    }

    /// The app targets that bundle the image or link a target that does, in project order.
    package var targets: [String]
    package var evidence: Evidence
    /// Where: "OnboardingView.swift:12" (``Evidence/unread``: what was not read, in a phrase).
    package var place: String
    /// The call, as written (empty for ``Evidence/unread``).
    package var call: String

    /// "the App target", "the App and Share targets", "the App, Share and 8 more targets".
    package var targetPhrase: String {
        guard targets.count > 1 else { return "the \(targets.first ?? "app") target" }
        let named = targets.count > 3 ? targets.prefix(2) + ["\(targets.count - 2) more"] : targets
        return "the \(named.spokenList()) targets"
    }

    /// The verb after ``targetPhrase``: "shows", or "show" for several.
    private func verb(_ singular: String, _ plural: String) -> String { targets.count > 1 ? plural : singular }

    /// What the app's code does with it, in a phrase: "the App target shows it too (`Image("logo")`,
    /// OnboardingView.swift:12)", "the App target may show it too: `UIImage(named: name)` (Loader.swift:8)
    /// computes a name that may be it", "the App target may show it too: its code was not all read
    /// (Legacy.m is Objective-C)".
    package var phrase: String {
        switch evidence {
        case .named: "\(targetPhrase) \(verb("shows", "show")) it too (`\(call)`, \(place))"
        case .mayName: "\(targetPhrase) may show it too: `\(call)` (\(place)) computes a name that may be it"
        case .mentions: "\(targetPhrase) may show it too: \(verb("its", "their")) code names it (`\(call)`, \(place)) outside an image call the reader follows"
        case .unread: "\(targetPhrase) may show it too: \(verb("its", "their")) code was not all read (\(place))"
        }
    }

    /// A few words for an overview: "the App target shows it too", "the App target may show it too".
    package var brief: String {
        evidence == .named ? "\(targetPhrase) \(verb("shows", "show")) it too" : "\(targetPhrase) may show it too"
    }
}

/// An image `fit` left as it is because an app target's code can show it too.
package struct AppImageLeft: Sendable, Hashable {
    /// The image's name and the path its findings give (its Contents.json, or the file).
    package var name: String
    package var path: String
    package var use: AppUse
}

extension FitRun {
    /// Why fit leaves an image the app shows too, and what to do, in one sentence without its subject:
    /// "the App target shows it too (...), and fitting it would shrink it there; give the Live Activity an
    /// image set of its own, or pass --app-images to fit it anyway".
    package static func leftForAppReason(_ use: AppUse) -> String {
        "\(use.phrase), and fitting it would shrink it there; give the Live Activity an image set of its own, or pass --app-images to fit it anyway"
    }
}
