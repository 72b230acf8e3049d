import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

import LiveAssetsPlatform

/// The batch commands over files and folders they may not read, and into folders they may not write,
/// run as an unprivileged user (root reads and writes whatever it likes): every such path is reported
/// by name, the rest of the work is done, and nothing is written or changed where it was refused.
@Suite(.enabled(if: CLIRunner.canRunUnprivileged, "skipped: running as root without /usr/bin/setpriv"))
struct PermissionTests {
    struct Tree {
        let folder: TemporaryDirectory
        let png: [UInt8]

        /// in/ok@3x.png (readable, oversized), in/secret@3x.png (mode 000), in/locked/ (mode 000, holds
        /// x@3x.png), ro/ (mode 555, empty) and rodir/ (mode 555, holds big@3x.png).
        init() throws {
            folder = try TemporaryDirectory()
            png = Array(try ImageEncoders.PNG().encode(.pattern(width: 300, height: 200, multiplier: 5, modulus: 253)))
            for name in ["in/ok@3x.png", "in/secret@3x.png", "in/locked/x@3x.png", "rodir/big@3x.png"] {
                try folder.write(name, png)
            }
            try FileManager.default.createDirectory(atPath: folder.path("ro"), withIntermediateDirectories: true)
            for (name, mode) in [("", 0o755), ("in", 0o755), ("in/secret@3x.png", 0), ("in/locked", 0), ("ro", 0o555), ("rodir", 0o555)] {
                #expect(chmod(name.isEmpty ? folder.url.path : folder.path(name), mode_t(mode)) == 0)
            }
        }

        func run(_ arguments: [String], inputs: [String] = ["in"]) throws -> CLIRunner.Outcome {
            try CLIRunner.run(arguments + ["--devices", "iphone-430x932", "--presentation", "compact-leading"] + inputs,
                              in: folder.url, unprivileged: true)
        }

        /// The names in a folder, hidden ones included.
        func names(_ name: String) -> [String] { FileTree.entries(of: folder.path(name), includingHidden: true) }

        /// Lets the temporary folder be removed whoever runs the tests.
        func unlock() {
            for name in ["in/secret@3x.png", "in/locked", "ro", "rodir"] { chmod(folder.path(name), 0o755) }
        }
    }

    @Test func checkReportsTheUnreadableFileAndFolderByNameAndChecksTheRest() throws {
        let tree = try Tree()
        defer { tree.unlock() }
        let one = try tree.run(["check", "--jobs", "1"])
        let many = try tree.run(["check", "--jobs", "4"])
        #expect(one.status == 2)
        #expect(one.output == many.output && one.error == many.error && many.status == 2)
        #expect(one.output.contains("in/locked:1:1: error: in/locked cannot be read: permission denied. [unreadable]\n"))
        #expect(one.output.contains("in/secret@3x.png:1:1: error: in/secret@3x.png cannot be read: permission denied. [unreadable]\n"))
        #expect(one.output.contains("in/ok@3x.png:1:1: error: ok@3x.png (300x200 px"))
        #expect(!one.output.contains("x@3x.png is"))
    }

    @Test func infoReportsTheUnreadableFolderAndFileAndDescribesTheRest() throws {
        let tree = try Tree()
        defer { tree.unlock() }
        let outcome = try CLIRunner.run(["info", "in"], in: tree.folder.url, unprivileged: true)
        #expect(outcome.status == 1)
        #expect(outcome.output.hasPrefix("in/ok@3x.png: PNG 300x200, 8-bit RGBA, alpha, "))
        #expect(outcome.output.split(separator: "\n").count == 1)
        #expect(outcome.error == """
            Error: in/locked cannot be read: permission denied.
            Error: in/secret@3x.png cannot be read: permission denied.

            """)
    }

    @Test func fitIntoAReadOnlyFolderFailsByNameAndWritesNothing() throws {
        let tree = try Tree()
        defer { tree.unlock() }
        let before = tree.png
        let outcome = try tree.run(["fit", "--out", "ro"])
        #expect(outcome.status == 1)
        #expect(outcome.error == """
            Error: in/locked cannot be read: permission denied.
            Error: in/secret@3x.png cannot be read: permission denied.
            Error: ro/in/ok@3x.png could not be written (its folder ro/in could not be created: Permission denied); the original is untouched.
            0 fitted, 0 already fitting, 3 failed

            """)
        #expect(tree.names("ro").isEmpty)
        #expect(FileManager.default.contents(atPath: tree.folder.path("in/ok@3x.png")) == Data(before))
    }

    @Test func fitInPlaceInAReadOnlyFolderLeavesTheOriginalAndNoTemporaryFile() throws {
        let tree = try Tree()
        defer { tree.unlock() }
        let outcome = try tree.run(["fit", "--in-place"], inputs: ["rodir"])
        #expect(outcome.status == 1)
        #expect(outcome.error == """
            Error: rodir/big@3x.png could not be written (Permission denied); the original is untouched.
            0 fitted, 0 already fitting, 1 failed

            """)
        #expect(tree.names("rodir") == ["big@3x.png"])
        #expect(FileManager.default.contents(atPath: tree.folder.path("rodir/big@3x.png")) == Data(tree.png))
    }

    @Test func aStampThatCannotBeWrittenFailsTheCheckByName() throws {
        let tree = try Tree()
        defer { tree.unlock() }
        let small = try ImageEncoders.PNG().encode(PixelBuffer(width: 10, height: 10, layout: .rgba))
        try tree.folder.write("fine/small@3x.png", Array(small))
        let outcome = try tree.run(["check", "--stamp", "ro/stamp"], inputs: ["fine"])
        #expect(outcome.status == 1)
        #expect(outcome.diagnostics.hasSuffix("Error: the stamp ro/stamp could not be written (Permission denied); give --stamp a path that can be written.\n"))
        #expect(tree.names("ro").isEmpty)
    }
}
