import ActivityKit

struct MatchAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var home: Int
        var away: Int
        /// "fr" or "de": the country whose flag the expanded view shows.
        var country: String
    }

    /// The team whose logo the minimal view shows: any of the app's teams.
    var team: String
}

/// The countries a match can be played in.
let countries = ["fr", "de"]
