/// A subcommand as the top-level help, the completion scripts and the manual list it: its declaration and
/// its one-line summary.
struct Subcommand: Sendable {
    let spec: CommandSpec
    let summary: String

    init(_ spec: CommandSpec, _ summary: String) {
        self.spec = spec
        self.summary = summary
    }
}
