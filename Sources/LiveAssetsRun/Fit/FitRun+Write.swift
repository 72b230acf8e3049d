#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import LiveAssetsPlatform
import LiveAssets

// Writing fit's results: a new scale variant with its Contents.json entry, a fitted image where the
// destination says, under the file's lock when in place.
extension FitRun {
    /// Makes a missing scale variant from its source and records it in Contents.json, both written
    /// atomically (or under `--out`, both mirrored). In place, under Contents.json's lock (the lock image
    /// writes take): Contents.json is read again, a variant another run added meanwhile for the same
    /// scale, idiom and appearance is left to it (`false`), the new file is created only where its name
    /// is still free, and Contents.json is replaced only if nothing changed it since it was read.
    /// With --backup, Contents.json is kept as Contents.json.orig when `backsUpContents` (its first change
    /// in the run: the .orig is the user's original); a new file has nothing to back up.
    @discardableResult
    func addVariant(_ variant: VariantPlan, header: ImageInfo?, backsUpContents: Bool = true) throws(FitError) -> Bool {
        let data = try ImageFitter.fit(.file(variant.source), header: header, to: variant.target, options: options)
        guard let contentsPath = variant.contentsPath else { return try addLooseVariant(variant, data: data) }
        guard case .inPlace(let backup) = destination else {
            try addVariant(variant, data: data, contentsSource: mirroredContents(variant))
            return true
        }
        return try AtomicFile.whileLocked(contentsPath) { () throws(FitError) -> Bool in
            guard let identity = FileIdentity(path: contentsPath) else {
                throw .write(file: contentsPath, reason: AtomicFile.changedReason)
            }
            guard let bytes = FileBytes.read(contentsPath) else {
                throw .write(file: contentsPath, reason: "it could not be read again")
            }
            let entries = (try? ImageSetContents.entries(bytes)) ?? []
            if entries.contains(where: { $0.filename != nil && $0.scale == variant.scale && $0.idiom == variant.idiom
                && $0.appearance == variant.appearance && $0.traits == nil }) {
                return false  // added by another run meanwhile
            }
            guard !variant.fileName.isTakenOnAMac(by: Set(entries.compactMap(\.filename).flatMap(\.macNameKeys))) else {
                throw .write(file: variant.filePath, reason: "the image set's Contents.json lists that name meanwhile (or one a Mac takes for it), and fit never takes a listed name")
            }
            // link(2) refuses the exact name only: one a Mac takes for it (another case, another
            // normalization) that appeared meanwhile is refused here.
            let folder = variant.home.folder
            if let twin = FileTree.entries(of: folder, includingHidden: true).first(where: { variant.fileName.isTakenOnAMac(by: Set($0.macNameKeys)) }) {
                throw .write(file: variant.filePath, reason: "\(twin) appeared beside it meanwhile, the same name on a Mac, and fit never takes a name that is taken")
            }
            let edited = try Self.edited(variant, contents: String(decoding: bytes, as: UTF8.self))
            try AtomicFile.create(data, at: variant.filePath)
            let made = FileIdentity(path: variant.filePath)
            do throws(FitError) {
                try AtomicFile.write(Data(edited.utf8), to: contentsPath, backup: backup && backsUpContents, durable: true,
                                     followsLinks: false, unchangedSince: identity)
            } catch {
                // Made above by this run, and not left unlisted: removed while it is still the file made.
                if made != nil && FileIdentity(path: variant.filePath) == made { variant.filePath.systemUnlink() }
                throw error
            }
            return true
        }
    }

    /// A loose file's variant: created beside it in place under the source's lock, never over a name that
    /// is taken (also as a Mac compares names); under `--out`, at its mirrored place. False where a file of
    /// its name appeared meanwhile (another run's, or anyone's: never written over).
    private func addLooseVariant(_ variant: VariantPlan, data: Data) throws(FitError) -> Bool {
        guard case .inPlace = destination else {
            _ = try Self.write(data, for: variant.filePath, to: destination)
            return true
        }
        return try AtomicFile.whileLocked(variant.source) { () throws(FitError) -> Bool in
            if let twin = FileTree.entries(of: variant.home.folder, includingHidden: true).first(where: { variant.fileName.isTakenOnAMac(by: Set($0.macNameKeys)) }) {
                guard twin == variant.fileName else {
                    throw .write(file: variant.filePath, reason: "\(twin) appeared beside it meanwhile, the same name on a Mac, and fit never takes a name that is taken")
                }
                return false
            }
            try AtomicFile.create(data, at: variant.filePath)
            return true
        }
    }

    /// Under `--out`: the Contents.json an earlier variant of this run (or an earlier run) wrote there,
    /// which is edited; else the original.
    private func mirroredContents(_ variant: VariantPlan) -> String {
        let contentsPath = variant.contentsPath ?? ""
        var status = stat()
        if case .out(let tree) = destination, let mirrored = tree.output(for: contentsPath), mirrored.systemStat(into: &status) == 0 {
            return mirrored
        }
        return contentsPath
    }

    /// Writes a variant and its Contents.json where the destination says (`--out`, or a dry run).
    private func addVariant(_ variant: VariantPlan, data: Data, contentsSource: String) throws(FitError) {
        // Read as in place and as the plan's validation read it (bytes that are not UTF-8 as U+FFFD).
        let contentsPath = variant.contentsPath ?? ""
        guard let bytes = FileBytes.read(contentsSource) else {
            throw .write(file: contentsPath, reason: "it could not be read again")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let edited = try Self.edited(variant, contents: text)
        _ = try Self.write(data, for: variant.filePath, to: destination)
        _ = try Self.write(Data(edited.utf8), for: contentsPath, to: destination)
    }

    /// `contents` with the variant's entry added; for a variant of a single-scale entry, that entry made
    /// the source's scale first (an Individual Scales set, see ``ImageSetEdit/givingScale(_:toFile:idiom:appearance:in:)``).
    static func edited(_ variant: VariantPlan, contents: String) throws(FitError) -> String {
        do throws(ImageSetEdit.Problem) {
            var contents = contents
            if variant.givesSourceItsScale {
                contents = try ImageSetEdit.givingScale(variant.sourceScale, toFile: String(FileTree.lastComponent(variant.source)),
                                                        idiom: variant.idiom, appearance: variant.appearance, in: contents)
            }
            return try ImageSetEdit.addingFile(variant.fileName, scale: variant.scale, idiom: variant.idiom,
                                               appearance: variant.appearance, to: contents)
        } catch {
            throw .write(file: variant.contentsPath ?? variant.filePath, reason: error.reason)
        }
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
        return info.displaySize.fits(in: plan.box)
    }

    /// Writes a fitted image where the destination says; returns the path written. In place, through a
    /// link only when `followsLinks`, and only over the file `unchangedSince` names, as it was.
    static func write(_ data: Data, for path: String, to destination: FitDestination, followsLinks: Bool = false,
                      unchangedSince identity: FileIdentity? = nil) throws(FitError) -> String {
        switch destination {
        case .dryRun:
            return path
        case .inPlace(let backup):
            try AtomicFile.write(data, to: path, backup: backup, durable: true, followsLinks: followsLinks, unchangedSince: identity)
            return path
        case .out(let tree):
            // Every path written was placed before the first write (``OutTree/place(_:inputs:)``).
            guard let target = tree.output(for: path) else { throw .write(file: path, reason: "it has no place under --out \(tree.folder)") }
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
    /// The file the new variant is written to, beside its Contents.json or its loose source.
    package var filePath: String { home.folder + "/" + fileName }
}
