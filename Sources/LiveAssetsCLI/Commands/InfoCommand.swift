import LiveAssetsRun

import LiveAssetsPlatform

/// `liveassets info`: what each file is, read from its header.
enum InfoCommand {
    static let spec = CommandSpec(
        name: "info",
        abstract: "Show what each image file is, read from its header without decoding the pixels.",
        discussion: """
            The format is recognised by its bytes, never by the file name. Folders are searched \
            recursively for image files; files are probed in parallel and listed in argument order.
            Exit status: 0 every file was read, 1 some file could not be read, 64 bad usage.
            """,
        arguments: "<path> ...",
        argumentHelp: "Image files or folders.",
        options: [
            json.spec, verify.spec, jobs.spec,
        ] + CheckOptions.limitSpecs)

    static let json = Option.flag("--json", help: "Print one JSON array with an object per file.")
    static let verify = Option.flag("--verify", help: "Also decode the pixel data to prove it is intact (slower).")
    static let jobs = Option.jobs("Files probed")

    static func run(_ parsed: ParsedArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream)
        throws(CommandLineError) -> ExitCode
    {
        let limits = try CheckOptions.limits(parsed)
        let jobs = try parsed[Self.jobs]
        guard !parsed.positionals.isEmpty else {
            throw CommandLineError(message: "Missing expected argument '<path> ...'", command: spec)
        }

        let options = ImageProbe.Options(limits: limits, verifiesPixelData: try parsed[Self.verify], findsTruncation: false)
        // Each argument is probed as it is (no separate look at what it is); those that turn out to be
        // folders are walked, and their images take the folder's place.
        var listing = FileTree.Listing()
        var results: [Result<ImageInfo, ProbeError>] = []
        var found: [Bool] = []  // whether each file was found in a folder rather than named
        for (argument, result) in zip(parsed.positionals, ImageProbe.probe(paths: parsed.positionals, options: options, jobs: jobs)) {
            guard case .failure(.isDirectory) = result else {
                listing.files.append(argument)
                results.append(result)
                found.append(false)
                continue
            }
            let start = listing.files.count
            FileTree.imageFiles(inFolder: argument, into: &listing)
            results += ImageProbe.probe(paths: Array(listing.files[start...]), options: options, jobs: jobs)
            found += Array(repeating: true, count: listing.files.count - start)
        }
        /// A file of a format LiveAssets recognises but does not measure (a catalog's PDF or SVG), met in a
        /// folder: listed as not measured, as `check` warns of it, and no failure. Named, it is an error.
        func notMeasured(_ index: Int) -> ImageFormat? {
            guard found[index], case .failure(.unsupportedFormat(_, let format)) = results[index] else { return nil }
            return format
        }
        let files = listing.files
        // Names that are not UTF-8 are read and said (a warning); names LiveAssets cannot open are errors.
        let (undecodable, reserved) = (listing.undecodable, listing.reserved)
        guard !files.isEmpty || !listing.unlistable.isEmpty || !reserved.isEmpty else {
            print("Error: no image files were found in \(parsed.positionals.joined(separator: ", ")).", to: &errors)
            return .failure
        }

        var failed = !listing.unlistable.isEmpty || !reserved.isEmpty
        if try parsed[Self.json] {
            func name(_ path: String, _ kind: String, _ code: String, _ message: String) -> JSONValue {
                .object([("path", .string(path)), (kind, .object([("code", .string(code)), ("message", .string(message))]))])
            }
            let folders = listing.unlistable.map { $0.jsonObject(path: $0.file) }
                + reserved.map { name($0.path, "error", "reserved-name", $0.message) }
                + undecodable.map { name($0.path, "warning", "undecodable-name", $0.message) }
            let objects = folders + files.indices.map { index -> JSONValue in
                let path = files[index]
                if let format = notMeasured(index) {
                    return name(path, "warning", "unsupported-format", Self.notMeasuredMessage(path, format))
                }
                switch results[index] {
                case .success(let info): return info.jsonObject(path: path)
                case .failure(let error):
                    failed = true
                    return error.jsonObject(path: path)
                }
            }
            print(JSONValue.array(objects).serialized(), to: &output)
        } else {
            var lines = ""
            var problems = listing.unlistable.map { "Error: \($0.message.replacingNewlines)\n" }.joined()
                + reserved.map { "Error: \($0.message.replacingNewlines)\n" }.joined()
                + undecodable.map { "Warning: \($0.message.replacingNewlines)\n" }.joined()
            for (index, (path, result)) in zip(files, results).enumerated() {
                if let format = notMeasured(index) {
                    lines += "\(path.replacingNewlines): \(format.displayName), not measured (LiveAssets measures PNG, JPEG and HEIF)\n"
                    continue
                }
                switch result {
                case .success(let info): lines += info.summaryLine(path: path.replacingNewlines) + "\n"
                case .failure(let error):
                    failed = true
                    problems += "Error: \(error.message.replacingNewlines)\n"
                }
            }
            output.writeVisible(lines)
            errors.write(problems)
        }
        return failed ? .failure : .success
    }

    /// What `--json` says of a file not measured.
    static func notMeasuredMessage(_ path: String, _ format: ImageFormat) -> String {
        "\(path) is a \(format.displayName) file, which LiveAssets does not measure; use PNG or JPEG to have it checked."
    }
}
