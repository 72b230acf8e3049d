import ActivityKit

struct MatchAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var home: Int
        var away: Int
        var country: String
    }

    var league: League
}

/// The leagues the app follows: their badges are image sets of the same names.
enum League: String, Codable {
    case premier, laliga
}

extension MatchAttributes.ContentState {
    static let sample = MatchAttributes.ContentState(home: 2, away: 1, country: "fr")
}
