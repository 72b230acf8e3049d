import LiveAssetsReports
import LiveAssetsRun

/// What a shell offers for an option's value or for a command's arguments. It is declared with the option
/// or the command, beside what the parser reads, and the completion scripts and the manual are generated
/// from it (`liveassets completion`, `liveassets manual`), so that they cannot drift from the parser.
enum ValueCompletion: Sendable {
    /// Free text (a number, patterns): nothing is offered.
    case text
    /// Paths of files (and the folders on the way to them).
    case files
    /// Paths of folders.
    case directories
    /// One of these words.
    case word(@Sendable () -> [String])
    /// Words of this set, comma-separated: each is offered after the last comma.
    case list(@Sendable () -> [String])

    /// The words offered, for `word` and `list`; empty otherwise. Only words a shell needs no quoting for
    /// are kept (letters, digits, `.`, `_`, `-`).
    var words: [String] {
        switch self {
        case .word(let words), .list(let words):
            words().filter { word in !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) } }
        case .text, .files, .directories: []
        }
    }
}

extension ValueCompletion {
    /// The report formats `check --format` reads.
    static let reportFormats = ValueCompletion.word { ReportFormat.allCases.map(\.rawValue) }
    /// The presentation ids `--presentation` reads.
    static let presentations = ValueCompletion.list { Presentation.allCases.map(\.rawValue) }
    /// The device families and class ids of the bundled table, which `--devices` reads (model names too,
    /// which hold spaces and are not offered).
    static let devices = ValueCompletion.list {
        DeviceClass.Family.allCases.map(\.rawValue) + SizeTable.bundled.devices.map(\.id)
    }
    /// The rule ids `explain` reads.
    static let rules = ValueCompletion.word { Rule.allCases.map(\.rawValue) }
}
