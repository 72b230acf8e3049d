import Foundation
import LiveAssetsRun
import LiveAssetsReports
import LiveAssetsTestSupport
import Testing

import LiveAssetsPlatform

/// What replacing a file keeps and what it never replaces: owner, group, extended attributes and ACLs
/// survive `fit --in-place`; only regular files are replaced; leftovers are removed only when their
/// process is gone; two runs over one tree both succeed.
@Suite struct InPlaceReplacementTests {
    static func status(_ path: String) -> stat {
        var status = stat()
        _ = lstat(path, &status)
        return status
    }

    @Test(.enabled(if: getuid() == 0, "only root may give a file to another user"))
    func inPlaceKeepsTheOwnerAndGroup() throws {
        let fixture = try FitFixture()
        let path = fixture.folder.path("art/badge@3x.png")
        try #require(chown(path, 65534, 65534) == 0 && chmod(path, 0o640) == 0)
        #expect(try fixture.run("fit", ["--in-place"]).status == 0)
        let after = Self.status(path)
        #expect((after.st_uid, after.st_gid, after.st_mode & 0o7777) == (65534, 65534, 0o640))
        #expect(try ImageProbe.probe(path: path).width == 135)
    }

    #if os(Linux)
    static func attribute(_ name: String, of path: String) -> [UInt8]? {
        var value = [UInt8](repeating: 0, count: 4096)
        let size = getxattr(path, name, &value, value.count)
        return size < 0 ? nil : Array(value.prefix(size))
    }

    /// An access ACL as Linux stores it in system.posix_acl_access: version 2, then (tag, permissions,
    /// id) entries in tag order: owner rw-, user 65534 r--, group r--, mask r--, others r--.
    static let accessList: [UInt8] = {
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        let none = UInt32.max
        let entries: [(UInt16, UInt16, UInt32)] = [(0x01, 6, none), (0x02, 4, 65534), (0x04, 4, none), (0x10, 4, none), (0x20, 4, none)]
        return le32(2) + entries.flatMap { le16($0.0) + le16($0.1) + le32($0.2) }
    }()

    /// Whether this file system takes user attributes and ACLs (tmpfs without them, some overlays).
    static let takesAttributes: Bool = {
        guard let folder = try? TemporaryDirectory(), let path = try? folder.write("probe", [1]) else { return false }
        return setxattr(path, "user.probe", [1], 1, 0) == 0 && setxattr(path, "system.posix_acl_access", accessList, accessList.count, 0) == 0
    }()

    @Test(.enabled(if: takesAttributes, "this file system takes no user attributes or ACLs"))
    func inPlaceKeepsExtendedAttributesAndTheACL() throws {
        let fixture = try FitFixture()
        let path = fixture.folder.path("art/badge@3x.png")
        let comment = Array("kept by fit".utf8)
        try #require(setxattr(path, "user.comment", comment, comment.count, 0) == 0)
        try #require(setxattr(path, "system.posix_acl_access", Self.accessList, Self.accessList.count, 0) == 0)
        let before = Self.status(path)
        #expect(try fixture.run("fit", ["--in-place"]).status == 0)
        #expect(Self.status(path).st_ino != before.st_ino)  // replaced, not rewritten
        #expect(Self.attribute("user.comment", of: path) == comment)
        #expect(Self.attribute("system.posix_acl_access", of: path) == Self.accessList)
        #expect(Self.status(path).st_mode & 0o7777 == before.st_mode & 0o7777)
    }

    /// A file capability (security.capability: version 2, CAP_NET_BIND_SERVICE permitted), which only a
    /// process with CAP_SETFCAP may set: as root here, to a file an unprivileged run then replaces.
    static let capability: [UInt8] = [0, 0, 0, 2, 0, 4, 0, 0] + [UInt8](repeating: 0, count: 12)

    static let canSetCapabilities: Bool = {
        guard getuid() == 0, CLIRunner.canRunUnprivileged, let folder = try? TemporaryDirectory(),
              let path = try? folder.write("probe", [1]) else { return false }
        return setxattr(path, "security.capability", capability, capability.count, 0) == 0
    }()

    @Test(.enabled(if: canSetCapabilities, "needs root, setpriv and a file system that takes file capabilities"))
    func anAttributeThatCannotBeKeptFailsTheWriteAndKeepsTheOriginal() throws {
        let fixture = try FitFixture()
        let path = fixture.folder.path("art/badge@3x.png")
        try #require(chmod(fixture.folder.path("art"), 0o777) == 0 && chown(path, 65534, 65534) == 0)
        try #require(setxattr(path, "security.capability", Self.capability, Self.capability.count, 0) == 0)
        let original = try fixture.bytes("art/badge@3x.png")
        let outcome = try CLIRunner.run(["fit", "--in-place"] + FitFixture.options + ["art/badge@3x.png"],
                                        in: fixture.folder.url, unprivileged: true)
        #expect(outcome.status == 1)
        #expect(outcome.error == "Error: art/badge@3x.png could not be written (its extended attribute security.capability could not be kept: Operation not permitted); the original is untouched.\n0 fitted, 0 already fitting, 1 failed\n")
        #expect(try fixture.bytes("art/badge@3x.png") == original)
        #expect(Self.attribute("security.capability", of: path) == Self.capability)
        #expect(FileTree.entries(of: fixture.folder.path("art"), includingHidden: true).allSatisfy { !$0.contains(".liveassets-") })
    }
    #endif

    @Test func outRefusesToReplaceAFIFOOrAFolderAndLeavesThem() throws {
        let fixture = try FitFixture()
        try FileManager.default.createDirectory(atPath: fixture.folder.path("fitted/art/photo.jpg"), withIntermediateDirectories: true)
        try #require(mkfifo(fixture.folder.path("fitted/art/badge@3x.png"), 0o644) == 0)
        let outcome = try fixture.run("fit", ["--out", "fitted"])
        #expect(outcome.status == 1)
        #expect(outcome.error.contains("Error: fitted/art/badge@3x.png could not be written (it is a FIFO, not a regular file, and only regular files are replaced); the original is untouched.\n"), "\(outcome.error)")
        #expect(outcome.error.contains("Error: fitted/art/photo.jpg could not be written (it is a folder, not a regular file, and only regular files are replaced); the original is untouched.\n"), "\(outcome.error)")
        #expect(Self.status(fixture.folder.path("fitted/art/badge@3x.png")).st_mode & S_IFMT == S_IFIFO)
        #expect(Self.status(fixture.folder.path("fitted/art/photo.jpg")).st_mode & S_IFMT == S_IFDIR)
    }

    /// The id of a process that has ended (and been reaped).
    static func endedProcess() throws -> Int32 {
        let process = try Process.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exit 0"])
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func inPlaceRemovesLeftoversOfEndedProcessesAndNeverThoseOfALiveOne() throws {
        let fixture = try FitFixture()
        let ended = try Self.endedProcess()
        let live = getpid()  // this test process: alive all along
        let dead = "art/.badge@3x.png.liveassets-\(ended)-Ab12Cd"
        let alive = ["art/.badge@3x.png.liveassets-\(live)-Zz99Yy", "art/.photo.jpg.liveassets-1-Qq11Rr"]  // pid 1 lives
        for name in [dead] + alive { try fixture.folder.write(name, [1, 2, 3]) }
        // Age does not matter for these: an hour-old temporary file of a live run is still in use.
        let hourAgo = Date().addingTimeInterval(-3600)
        for name in alive { try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: fixture.folder.path(name)) }
        let fit = try fixture.run("fit", ["--in-place"])
        #expect(fit.status == 0)
        #expect(fit.error.hasPrefix("Removed \(fixture.folder.url.resolvingSymlinksInPath().path)/\(dead), left by an interrupted run.\n"), "\(fit.error)")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path(dead)))
        for name in alive { #expect(FileManager.default.fileExists(atPath: fixture.folder.path(name)), "\(name)") }
    }

    @Test func outRemovesLeftoversOfEndedProcessesBesideItsResults() throws {
        let fixture = try FitFixture()
        let ended = try Self.endedProcess()
        let dead = "fitted/art/.badge@3x.png.liveassets-\(ended)-Ab12Cd"
        let alive = "fitted/art/.photo.jpg.liveassets-1-Qq11Rr"  // pid 1 lives
        for name in [dead, alive] { try fixture.folder.write(name, [1, 2, 3]) }
        let fit = try fixture.run("fit", ["--out", "fitted"])
        #expect(fit.status == 0)
        #expect(fit.error.hasPrefix("Removed \(dead), left by an interrupted run.\n"), "\(fit.error)")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path(dead)))
        #expect(FileManager.default.fileExists(atPath: fixture.folder.path(alive)))
    }

    @Test func aStampLeftoverOfAnEndedCheckIsRemoved() throws {
        let folder = try TemporaryDirectory()
        try folder.write("small.png", ImageBytes.png(width: 40, height: 40))
        let leftover = ".stamp.liveassets-\(try Self.endedProcess())-Ab12Cd"
        try folder.write(leftover, [1])
        let outcome = try CLIRunner.run(["check", "--devices", "iphone-430x932", "--stamp", "stamp", "small.png"], in: folder.url)
        #expect(outcome.status == 0)
        #expect(FileTree.entries(of: folder.url.path, includingHidden: true).sorted() == ["small.png", "stamp"])
    }

    /// Two `fit --in-place --backup` runs started together over one tree of 24 images: both succeed,
    /// every image is fitted once (its backup is the original) and no temporary file is left.
    @Test func twoInPlaceRunsOverOneTreeBothSucceed() throws {
        let folder = try TemporaryDirectory()
        var originals: [String: Data] = [:]
        for index in 0..<24 {
            let name = "art/image\(index)@3x.png"
            let pixels = PixelBuffer.pattern(width: 300, height: 200, modulus: 241 - index)
            originals[name] = try ImageEncoders.PNG().encode(pixels)
            try folder.write(name, Array(originals[name]!))
        }
        let arguments = ["fit", "--in-place", "--backup", "--jobs", "2"] + FitFixture.options + ["art"]
        let runs = (0..<2).map { _ in
            let process = CLIRunner.process(arguments, in: folder.url)
            process.standardOutput = Pipe()
            process.standardError = Pipe()
            return process
        }
        for run in runs { try run.run() }
        func read(_ pipe: Any?) -> String { String(decoding: (pipe as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        let outputs = runs.map { read($0.standardOutput) }, errors = runs.map { read($0.standardError) }
        for run in runs { run.waitUntilExit() }
        #expect(runs.map(\.terminationStatus) == [0, 0], "\(errors)")
        // Each image fitted by exactly one run; the other found it done, or (started later) already fitting.
        let lines = outputs.joined().split(separator: "\n")
        for name in originals.keys {
            let change = "\(name): 300x200 -> 135x90 px (fits 135x110), "
            #expect(lines.filter { $0.hasPrefix(change) && $0.contains(" bytes") && !$0.contains("meanwhile") }.count == 1, "\(name): \(outputs)")
            #expect(lines.filter { $0 == change + "done meanwhile by another run" }.count <= 1, "\(name): \(outputs)")
        }
        for (name, original) in originals {
            let info = try ImageProbe.probe(path: folder.path(name))
            #expect(info.height == 90 && info.width == 135, "\(name): \(info.width)x\(info.height)")
            #expect(try Data(contentsOf: folder.url.appendingPathComponent(name + ".orig")) == original, "\(name).orig")
        }
        #expect(FileTree.entries(of: folder.path("art"), includingHidden: true).allSatisfy { !$0.contains(".liveassets-") })
    }
}
