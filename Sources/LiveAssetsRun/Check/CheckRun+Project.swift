#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import LiveAssetsProject
import LiveAssets

extension CheckRun {
    /// What the run says once of the projects it read: which target is the Live Activity, what it links
    /// from outside the repository (not read), what could not be read, and how many images no Live
    /// Activity target loads, by reason.
    func projectNotes(_ survey: Survey) -> [String] {
        var notes: [String] = []
        for group in survey.groups {
            for note in projectNotes(group) where !notes.contains(note) { notes.append(note) }
        }
        return notes
    }

    /// ``projectNotes(_:)`` of one group.
    func projectNotes(_ group: Group) -> [String] {
        let scope = group.project
        guard !scope.isEmpty else { return [] }
        var notes: [String] = []
        let names = scope.projects.map { FileTree.lastComponent($0.file) == "Package.swift" ? String(Self.shortPath($0.file)) : String(FileTree.lastComponent($0.file)) }
        let projects = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
        for (_, error) in scope.unreadable {
            notes.append("\(Self.shortPath(error.file)) could not be read (\(error.reason)); the images in its folder that no other project places may be shown in any presentation, and are checked in each, as warnings.")
        }
        for problem in scope.problems + scope.projects.flatMap(\.notes) {
            notes.append("\(problem); the images it would place are checked as any folder's.")
        }
        for project in scope.projects where !project.outsideRepository.isEmpty {
            let outside = project.outsideRepository
            let listed = outside.prefix(3).map { Self.shortPath($0) }.joined(separator: ", ") + (outside.count > 3 ? " and \(outside.count - 3) more" : "")
            notes.append("\(Self.shortPath(project.file)) names \(listed), outside the repository, which \(outside.count == 1 ? "was" : "were") not read.")
        }
        if let tuist = scope.tuistManifests.first {
            notes.append("\(Self.shortPath(tuist)) describes a Tuist project, which LiveAssets does not read; generate it (`tuist generate`) for what each target bundles to decide what is checked.")
        }
        if !scope.missing.isEmpty {
            let listed = scope.missing.prefix(3).map { Self.shortPath($0) }.joined(separator: ", ") + (scope.missing.count > 3 ? ", ..." : "")
            notes.append("A workspace lists \(listed), which \(scope.missing.count == 1 ? "is" : "are") not in the repository (a submodule not checked out, or CocoaPods' Pods.xcodeproj before `pod install`), so the code there was not read.")
        }
        if scope.hasLiveActivity {
            let targets = scope.liveActivityTargets
            var note = "The Live Activity of \(projects) is built by \(targets.count == 1 ? "the \(targets[0]) target" : "the targets \(targets.spokenList())")"
            if !scope.outsideCode.isEmpty {
                note += ", which links code that is not in the repository and was not read (\(scope.outsideCode.prefix(3).joined(separator: ", "))\(scope.outsideCode.count > 3 ? ", ..." : ""))"
            }
            notes.append(note + ".")
        } else if scope.isComplete && !scope.projects.isEmpty && !scope.projectInputs.isEmpty {
            notes.append("No Live Activity in \(projects): no Swift file of it declares an ActivityConfiguration, so its images are not held to Live Activity limits; state where they are shown (--presentation, or \"presentations\" in .liveassets.json) to check them.")
        }
        // The images no Live Activity target loads, by reason.
        var byReason: [(reason: ProjectScope.Reason, names: [String])] = []
        for (index, placement) in group.placements.enumerated() {
            guard case .notLoaded(let reason) = placement.origin else { continue }
            let name = group.scan.assets[index].name
            if let at = byReason.firstIndex(where: { $0.reason == reason }) { byReason[at].names.append(name) }
            else { byReason.append((reason, [name])) }
        }
        // Counted in files, as the summary counts them; named by image set.
        let files = byReason.map { entry in group.filesNotChecked { $0 == .notLoaded(entry.reason) }.count }
        let total = files.reduce(0, +)
        if total > 0 {
            let parts = zip(byReason, files).filter { $1 > 0 }.map { entry, count in
                "\(count.groupedDigits) \(entry.reason.phrase(count: count)): \(entry.names.prefix(3).joined(separator: ", "))\(entry.names.count > 3 ? ", ..." : "")"
            }
            notes.append("\(total.imageFiles) no Live Activity target loads \(total == 1 ? "was" : "were") not checked (\(parts.joined(separator: "; "))).")
        }
        return notes
    }

    /// `path` relative to the working directory when inside it.
    static func shortPath(_ path: String) -> String {
        let directory = FileManager.default.currentDirectoryPath
        return relative(path, to: directory, from: directory) ?? path
    }
}
