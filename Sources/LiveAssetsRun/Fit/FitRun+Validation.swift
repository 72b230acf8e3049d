#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveAssets

// What fit can know before it writes anything, asked of every plan in every mode: a dry run is the
// run's own plan, so both say the same counts, the same problems (each once) and exit alike.
extension FitRun {
    /// Takes out of `plan` what the run would refuse, each refusal a problem said once: an image whose
    /// format or encoding no codec of this build decodes (its header says so: HEIF/HEIC, say) is neither
    /// fitted nor the source of a variant; a variant whose entry cannot be added to its image set's
    /// Contents.json (not laid out as Xcode writes it, say) is not added, nor is any later variant of that
    /// image set (the refusal said once). The edits are tried in the order the run makes them, each on
    /// the text the ones before it left.
    /// `refused`: the files already refused (by an earlier call on the same run): each is said once.
    func validate(_ plan: inout Plan, refused: inout Set<PathKey>) {
        func refusal(_ path: String) -> DecodeError? {
            guard let info = plan.headers[PathKey(path)] else { return nil }
            return ImageDecoder.refusal(of: info, file: path)
        }
        func refuse(_ path: String, _ error: DecodeError) {
            guard refused.insert(PathKey(path)).inserted else { return }
            plan.problems.append(FitError.decode(error).message)
        }
        plan.plans.removeAll { fitting in
            guard fitting.changes, let error = refusal(fitting.path) else { return false }
            refuse(fitting.path, error)
            return true
        }
        plan.variants.removeAll { variant in
            guard let error = refusal(variant.source) else { return false }
            refuse(variant.source, error)
            return true
        }
        var edits = ContentsEdits()
        plan.variants.removeAll { !edits.admits($0, problems: &plan.problems) }
    }
}

/// The edits fit makes to image sets' Contents.json, tried in the order it makes them, without writing:
/// each set's text as the edits before left it. A set whose Contents.json cannot be read, or whose edit
/// is refused (not laid out as Xcode writes it, say), takes no later edit; that is said once.
struct ContentsEdits {
    private var texts: [PathKey: String] = [:]
    private var refused = Set<PathKey>()

    /// Whether `variant`'s entry can be added; the first refusal of its set is appended to `problems`.
    mutating func admits(_ variant: VariantPlan, problems: inout [String]) -> Bool {
        guard let contentsPath = variant.contentsPath else { return true }  // a loose file's: no Contents.json
        let key = PathKey(contentsPath)
        guard !refused.contains(key) else { return false }
        if texts[key] == nil {
            guard let bytes = FileBytes.read(contentsPath) else {
                refused.insert(key)
                problems.append(FitError.write(file: contentsPath, reason: "it could not be read").message)
                return false
            }
            texts[key] = String(decoding: bytes, as: UTF8.self)
        }
        do throws(FitError) {
            texts[key] = try FitRun.edited(variant, contents: texts[key]!)
            return true
        } catch {
            refused.insert(key)
            problems.append(error.message)
            return false
        }
    }
}
