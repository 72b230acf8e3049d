import ActivityKit

struct MatchAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var home: Int
        var away: Int
        /// The country whose flag the expanded view shows.
        var country: Country
    }

    /// The team whose logo the minimal view shows: any of the app's teams.
    var team: String
}

/// The countries a match can be played in.
enum Country: String, Codable {
    case fr, de
}
