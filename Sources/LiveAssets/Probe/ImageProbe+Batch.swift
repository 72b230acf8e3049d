import Dispatch

extension ImageProbe {
    /// Probes many files in parallel; results come back in the order of `paths`, whatever `jobs` is.
    ///
    /// - parameters:
    ///   - paths: the files to probe.
    ///   - options: limits and verification, as for a single file.
    ///   - jobs: the number of files probed at once (at least 1).
    ///   - progress: called after each file, from the worker that read it.
    public static func probe(paths: [String], options: Options = Options(), jobs: Int,
                             progress: (@Sendable () -> Void)? = nil) -> [Result<ImageInfo, ProbeError>]
    {
        let results = UnsafeMutableBufferPointer<Result<ImageInfo, ProbeError>?>.allocate(capacity: paths.count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        nonisolated(unsafe) let slots = results
        let workers = max(1, min(jobs, paths.count))
        // Interleaved: worker w takes files w, w + workers, ...; each slot is written by one worker only.
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: paths.count, by: workers) {
                do throws(ProbeError) {
                    slots[index] = .success(try probe(path: paths[index], options: options))
                } catch {
                    slots[index] = .failure(error)
                }
                progress?()
            }
        }
        return results.map { $0! }
    }
}
