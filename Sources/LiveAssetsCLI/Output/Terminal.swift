import Dispatch
import LiveAssetsRun
import LiveAssetsReports

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import LiveAssetsPlatform

/// What the output streams are connected to, and what that allows.
struct Terminal {
    /// Standard output is a terminal and this is not CI: a person is reading.
    let isInteractive: Bool
    /// Standard error is a terminal and this is not CI: a redrawn progress line works.
    let showsProgress: Bool
    /// Colour is allowed: a terminal, and NO_COLOR is not set.
    let usesColour: Bool

    static var current: Terminal {
        let environment = ProcessInfo.processInfo.environment
        let ci = environment["CI"] != nil || environment["GITHUB_ACTIONS"] != nil
        let stdoutTTY = isatty(STDOUT_FILENO) == 1, stderrTTY = isatty(STDERR_FILENO) == 1
        let dumb = environment["TERM"] == "dumb"
        return Terminal(
            isInteractive: stdoutTTY && !ci, showsProgress: stderrTTY && !ci && !dumb,
            usesColour: stdoutTTY && stderrTTY && environment["NO_COLOR"] == nil && !dumb)
    }
}

/// "Checking 120 of 2000 files, 1.4 s", redrawn in place on standard error.
final class ProgressLine: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)  // held while the line is counted and drawn
    private let started: Date
    private var done = 0
    private var lastDraw = Date.distantPast
    private var drawn = false

    private let verb: String

    init(started: Date, verb: String = "Checking") {
        self.started = started
        self.verb = verb
    }

    private var total = 0

    /// One more file read out of `total` (inputs under different configurations are read in turns, each
    /// with its own total).
    func advance(total: Int) {
        lock.wait()
        defer { lock.signal() }
        if total != self.total {
            self.total = total
            done = 0
        }
        done += 1
        let now = Date()
        guard total >= 20, now.timeIntervalSince(lastDraw) >= 0.1 || done == total else { return }
        lastDraw = now
        drawn = true
        let tenths = Int((now.timeIntervalSince(started) * 10).rounded())
        var errors = StandardStream.error
        errors.write("\r\(verb) \(done) of \(total) files, \(tenths / 10).\(tenths % 10) s\u{1B}[K")
    }

    /// Clears the line.
    func finish() {
        lock.wait()
        defer { lock.signal() }
        var errors = StandardStream.error
        if drawn { errors.write("\r\u{1B}[K") }
    }
}

/// The short table a person sees after the findings.
enum SummaryTable {
    /// The table, the verdict, the report's notes, and what the command line offers for its findings:
    /// `fit` for oversized images (with `fitArguments`: check's own options that fit shares, and its
    /// inputs), `sizes` for images not checked, `explain` for any rule.
    static func render(_ report: CheckReport, fitArguments: [String], colour: Bool) -> String {
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var lines = [""]
        if !report.countsByRule.isEmpty {
            lines.append("rule".padding(26) + "errors".padding(8) + "warnings")
            for row in report.countsByRule {
                lines.append(row.rule.rawValue.padding(26) + String(row.errors).padding(8) + String(row.warnings))
            }
        }
        let verdict = report.errorCount > 0 ? paint("✗", "31") : (report.warningCount > 0 ? paint("!", "33") : paint("✓", "32"))
        lines.append("\(verdict) \(report.summaryLine)")
        lines += report.notes.map { "note: " + $0.visible }
        let rules = Set(report.countsByRule.map(\.rule))
        if rules.contains(.oversized) {
            let words = (["liveassets", "fit", "--dry-run"] + fitArguments).map(\.shellQuoted).joined(separator: " ").visible
            lines.append("hint: `\(words)` lists the size each oversized image would be fitted to; --out DIR or --in-place writes them.")
        }
        if rules.contains(.notChecked) { lines.append("hint: `liveassets sizes` lists the presentations each device shows.") }
        if !rules.isEmpty { lines.append("hint: `liveassets explain <rule>` tells why a rule matters and what to do.") }
        return lines.joined(separator: "\n") + "\n"
    }
}

