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
    func validate(_ plan: inout Plan) {
        var refused = Set<PathKey>()
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
        var texts: [PathKey: String] = [:]  // each Contents.json as the edits before leave it
        var refusedSets = Set<PathKey>()  // a Contents.json that cannot be read, or whose edit was refused: said once
        plan.variants.removeAll { variant in
            let key = PathKey(variant.contentsPath)
            guard !refusedSets.contains(key) else { return true }
            if texts[key] == nil {
                guard let bytes = FileBytes.read(variant.contentsPath) else {
                    refusedSets.insert(key)
                    plan.problems.append(FitError.write(file: variant.contentsPath, reason: "it could not be read").message)
                    return true
                }
                texts[key] = String(decoding: bytes, as: UTF8.self)
            }
            do throws(FitError) {
                texts[key] = try Self.edited(variant, contents: texts[key]!)
                return false
            } catch {
                refusedSets.insert(key)
                plan.problems.append(error.message)
                return true
            }
        }
    }
}
