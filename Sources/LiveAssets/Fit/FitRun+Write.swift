#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Writing fit's results: a new scale variant with its Contents.json entry, a fitted image where the
// destination says, under the file's lock when in place.
extension FitRun {
    /// Makes a missing scale variant from its source and records it in Contents.json, both written
    /// atomically (or under `--out`, both mirrored).
    /// With --backup, the file is kept as FILE.orig only when it replaces one, and Contents.json only when
    /// `backsUpContents` (its first change in the run: the .orig is the user's original).
    func addVariant(_ variant: VariantPlan, header: ImageInfo?, backsUpContents: Bool = true) throws(FitError) {
        let data = try ImageFitter.fit(.file(variant.source), header: header, to: variant.target, options: options)
        var contentsSource = variant.contentsPath
        // Under --out, a Contents.json an earlier variant of this run (or an earlier run) wrote there is edited.
        if case .out(let tree) = destination, let mirrored = tree.paths[variant.contentsPath],
           FileManager.default.fileExists(atPath: mirrored) {
            contentsSource = mirrored
        }
        guard let text = try? String(contentsOfFile: contentsSource, encoding: .utf8) else {
            throw .write(file: variant.contentsPath, reason: "it could not be read again")
        }
        let edited: String
        do throws(ImageSetEdit.Problem) {
            edited = try ImageSetEdit.addingFile(variant.fileName, scale: variant.scale, idiom: variant.idiom,
                                                 appearance: variant.appearance, to: text)
        } catch {
            throw .write(file: variant.contentsPath, reason: error.reason)
        }
        // A file of that name not listed for this scale is a leftover of an interrupted run: replaced (and
        // kept with --backup); a new file has nothing to back up.
        var fileDestination = destination, contentsDestination = destination
        if case .inPlace(true) = destination {
            if !FileTree.exists(variant.filePath) { fileDestination = .inPlace(backup: false) }
            if !backsUpContents { contentsDestination = .inPlace(backup: false) }
        }
        _ = try Self.write(data, for: variant.filePath, to: fileDestination)
        _ = try Self.write(Data(edited.utf8), for: variant.contentsPath, to: contentsDestination)
    }

    /// Runs `body` for an in-place `plan` holding the file's lock, so that two runs over one tree take
    /// turns on it (the second then finds it fitted: see `fitsNow`); for other destinations, at once.
    static func whileLocked<T>(_ plan: FitPlan, for destination: FitDestination, _ body: () throws(FitError) -> T)
        throws(FitError) -> T
    {
        guard case .inPlace = destination else { return try body() }
        return try AtomicFile.whileLocked(plan.path, body)
    }

    /// Whether the file of `plan`, found changed since the scan, now fits its box (another run fitted it).
    static func fitsNow(_ plan: FitPlan) -> Bool {
        guard let info = try? ImageProbe.probe(path: plan.path) else { return false }
        return info.displayWidth <= plan.box.width && info.displayHeight <= plan.box.height
    }

    /// Writes a fitted image where the destination says; returns the path written.
    static func write(_ data: Data, for path: String, to destination: FitDestination) throws(FitError) -> String {
        switch destination {
        case .dryRun:
            return path
        case .inPlace(let backup):
            try AtomicFile.write(data, to: path, backup: backup, durable: true)
            return path
        case .out(let tree):
            // Every path written was placed before the first write (``OutTree/place(_:inputs:)``).
            guard let target = tree.paths[path] else { throw .write(file: path, reason: "it has no place under --out \(tree.folder)") }
            guard !AtomicFile.sameFile(target, path) else {
                throw .write(file: path, reason: "--out \(tree.folder) puts its result on the file itself; use --in-place to replace it")
            }
            let folder = String(target[..<target.lastIndex(of: "/")!])
            try AtomicFile.createFolder(folder, for: target)
            try AtomicFile.write(data, to: target)
            return target
        }
    }
}

extension VariantPlan {
    /// The file the new variant is written to, beside its Contents.json.
    package var filePath: String { String(contentsPath.dropLast("/Contents.json".count)) + "/" + fileName }
}
