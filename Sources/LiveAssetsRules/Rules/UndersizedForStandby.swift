import LiveAssetsCore

extension RuleDescription {
    /// `undersized-for-standby`: off by default, since Apple's two statements pull opposite ways.
    static let undersizedForStandby = RuleDescription(
        .undersizedForStandby, title: "Undersized for StandBy", severity: .off,
        summary: "An image smaller than the Lock Screen presentation doubled for StandBy, so StandBy upscales it.",
        rationale: """
            In StandBy an iPhone shows the Lock Screen presentation "scaled up by 2x to fill the screen", and \
            Apple asks for assets with "a high-enough resolution for StandBy"; yet an image larger than the \
            Lock Screen presentation may keep the Live Activity from starting. Apple does not say which wins, \
            so `oversized` keeps the normal size as the hard limit and this rule, off unless a configuration \
            turns it on, names the images StandBy shows upscaled, for teams that want to weigh the trade-off. \
            The 2x figure is the HIG's; that StandBy's size is not a limit is our reading.
            """,
        sources: [.understandConstraints, .liveActivitiesHIG],
        fix: "Accept the upscaling, or test a larger image on a device in StandBy before shipping it: it may be refused.",
        triggering: RuleExample(
            "photo.png, 800x300 px, on the Lock Screen of iPhone 16 Pro, with {\"rules\": {\"undersized-for-standby\": \"warning\"}} in .liveassets.json",
            message: "photo.png fits the Lock Screen, so StandBy, which doubles the Lock Screen, shows it upscaled 2x on iPhone 16 Pro; Apple asks for assets with a resolution high enough for StandBy.",
            options: ["--devices", "iPhone 16 Pro", "--presentation", "lock-screen"],
            files: [(".liveassets.json", .text(#"{"rules": {"undersized-for-standby": "warning"}}"#)),
                    ("photo.png", .png(width: 800, height: 300))]),
        nonTriggering: RuleExample(
            "the same photo.png on the Lock Screen of iPad Pro 11-inch (4th generation), which has no StandBy",
            options: ["--devices", "iPad Pro 11-inch (4th generation)", "--presentation", "lock-screen"],
            files: [(".liveassets.json", .text(#"{"rules": {"undersized-for-standby": "warning"}}"#)),
                    ("photo.png", .png(width: 800, height: 300))]))
}

extension AssetChecker {
    /// The finding of `variant`, which fits the Lock Screen of the devices at `indices` in `limits`, each
    /// with StandBy, which doubles that view.
    static func undersizedForStandby(_ variant: AssetVariant, devices indices: [Int], limits: DeviceLimits) -> Finding {
        let devices = limits.classes, first = indices[0]
        return Finding(
            rule: .undersizedForStandby, path: variant.reportPath, line: variant.reportLine,
            column: variant.reportColumn, device: devices[first].id, presentation: .lockScreen,
            actual: variant.info.map(\.displaySize),
            limit: limits.devices[first].standby, scale: variant.scale,
            message: "\(variant.fileName) fits the Lock Screen, so StandBy, which doubles the Lock Screen, shows it upscaled 2x on \(deviceList(indices, of: limits.names, standby: true)); Apple asks for assets with a resolution high enough for StandBy.",
            usesInferredLimit: true, image: variant.path, model: limits.names.standbyModels[first])
    }
}
