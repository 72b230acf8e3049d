#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import LiveAssetsCore
import LiveAssets

/// What each configuration changed about what the run checks, said once per run (see
/// ``ConfigurationNotice``): never a finding, never a failure.
extension CheckRun {
    /// The notices of every configuration the run read, in the order the groups were met, each
    /// configuration's in the order of its lines.
    package func notices(_ survey: Survey) -> [ConfigurationNotice] {
        var notices: [ConfigurationNotice] = []
        var said = Set<PathKey>()
        // Named as findings name files: relative to the working directory when inside it (GitHub and
        // SARIF link a relative path to the repository's file).
        let directory = FileManager.default.currentDirectoryPath
        for group in survey.groups {
            guard let file = group.configuration.path, said.insert(PathKey(file)).inserted else { continue }
            notices += self.notices(of: group, file: Self.relative(file, to: directory, from: directory) ?? file)
        }
        return notices
    }

    func notices(of group: Group, file: String) -> [ConfigurationNotice] {
        let configuration = group.configuration, lines = configuration.lines
        var notices: [ConfigurationNotice] = []
        func say(_ line: Int?, _ effect: String) { notices.append(ConfigurationNotice(file: file, line: line ?? 1, effect: effect)) }
        func listed(_ names: [String], of count: Int) -> String {
            names.map { "`\($0)`" }.joined(separator: ", ") + (count > names.count ? ", ..." : "")
        }

        // Rules turned off or lowered, in rule order.
        for rule in Rule.allCases {
            guard let severity = configuration.severities[rule], severity > rule.defaultSeverity else { continue }
            say(lines.rules[rule], severity == .off
                ? "turns the rule `\(rule.rawValue)` off, so its findings are not reported."
                : "lowers the rule `\(rule.rawValue)` from \(rule.defaultSeverity.rawValue) to \(severity.rawValue), so its findings do not fail the run (but under --strict).")
        }
        if lines.strict != nil && !configuration.strict && !strict {
            say(lines.strict, "sets \"strict\" to false, so warnings do not fail the run.")
        }
        // What its exclude patterns left out.
        for (index, pattern) in configuration.exclude.enumerated() where group.excludeMatches.used[index] {
            let count = group.excludeMatches.counts[index]
            say(lines.exclude.indices.contains(index) ? lines.exclude[index] : nil, "excludes \"\(pattern)\", which leaves out \(count == 1 ? "1 path" : "\(count) paths") (\(listed(group.excludeMatches.examples[index], of: count))): nothing there is checked.")
        }
        // Presentations stated over what the code says, or emptied.
        if presentations == nil {
            // Named by image set (or loose file), counted in image files as every count of images is.
            var decided = [[String]](repeating: [], count: configuration.presentations.count)
            var files = [Set<PathKey>](repeating: [], count: configuration.presentations.count)
            for (index, placement) in group.placements.enumerated()
            where placement.origin == .patterns || placement.origin == .outsideLiveActivity {
                let asset = group.scan.assets[index]
                for pattern in placement.patterns {
                    decided[pattern].append(String(FileTree.lastComponent(Self.patternPaths(of: asset)[0])))
                    files[pattern].formUnion(asset.variants.map { PathKey($0.path) })
                }
            }
            for (index, rule) in configuration.presentations.enumerated() where !decided[index].isEmpty {
                let names = decided[index], count = files[index].count
                say(lines.presentations.indices.contains(index) ? lines.presentations[index] : nil, rule.presentations.isEmpty
                    ? "puts \(count.imageFiles) in no Live Activity with the pattern \"\(rule.glob)\": [] (\(listed(Array(names.prefix(3)), of: names.count))), so \(count == 1 ? "it is" : "they are") not checked."
                    : "states where \(count.imageFiles) \(count == 1 ? "is" : "are") shown with the pattern \"\(rule.glob)\" (\(rule.presentations.map(\.rawValue).joined(separator: ", "))): \(listed(Array(names.prefix(3)), of: names.count))\(group.sources == nil ? "" : ", over what the Swift code says").")
            }
        }
        if configuration.declaresSmallFamily {
            say(lines.supplementalFamilies, "declares the small activity family (\"supplementalFamilies\": [\"small\"]), so the Apple Watch Smart Stack and CarPlay are checked against the small view, not the compact ones.")
        }
        // Devices narrowed: a device class checked by default that the configuration's selection leaves out.
        if devices == nil, let selectors = configuration.devices {
            let left = table.defaultDevices.filter { device in !group.devices.contains { $0.id == device.id } }
            if !left.isEmpty {
                say(lines.devices, "selects the devices \(selectors.map { "\"\($0)\"" }.joined(separator: ", ")), leaving out \(left.count) of the \(table.defaultDevices.count) device classes checked by default (\(left.prefix(2).map(\.displayName).joined(separator: ", "))\(left.count > 2 ? ", ..." : "")).")
            }
        }
        if !configuration.sources.isEmpty {
            say(lines.sources, "adds the Swift sources \(configuration.sources.map { "\"\($0)\"" }.joined(separator: ", ")), read for where each image is shown.")
        }
        // In the file's order, as a person reads it.
        return notices.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }
}
