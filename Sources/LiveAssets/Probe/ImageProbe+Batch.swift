import LiveAssetsCore

extension ImageProbe {
    /// Probes many files in parallel; results come back in the order of `paths`, whatever `jobs` is.
    ///
    /// - parameters:
    ///   - paths: the files to probe.
    ///   - options: limits and verification, as for a single file.
    ///   - jobs: the number of files probed at once (at least 1).
    ///   - progress: called after each file, from the worker that read it.
    package static func probe(paths: [String], options: Options = Options(), jobs: Int,
                             progress: (@Sendable () -> Void)? = nil) -> [Result<ImageInfo, ProbeError>]
    {
        paths.concurrentMap(jobs: jobs) { path in
            defer { progress?() }
            return result(path: path, options: options)
        }
    }

    /// ``probe(path:options:)`` as a value.
    package static func result(path: String, options: Options) -> Result<ImageInfo, ProbeError> {
        Result { () throws(ProbeError) in try probe(path: path, options: options) }
    }
}
