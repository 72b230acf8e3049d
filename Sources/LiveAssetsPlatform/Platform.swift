// The one place where the C libraries of Linux and of Apple's platforms differ for LiveAssets. Every
// module of the package imports this one (one unconditional line) instead of choosing between Glibc and
// Darwin itself, and calls `Platform` where the same job takes different calls.
//
// The C library is re-exported to the package's own modules only: they import LiveAssetsPlatform with a
// plain import, which does not pass its names on to the apps that import LiveAssets or LiveAssetsCore.
// Darwin first: on Apple's platforms there is no Glibc, and on Linux `Tests/AppleTypecheck/run.sh` puts a
// stand-in Darwin on the import path to compile this file's Darwin branches.
#if canImport(Darwin)
@_exported import Darwin
#elseif canImport(Glibc)
@_exported import Glibc
#else
#error("LiveAssets builds on Linux (Glibc) and on Apple's platforms (Darwin) only")
#endif
@_exported import CLiveAssetsSystem  // the C library's headers Glibc leaves out

/// The calls that differ between Linux's C library and Apple's, each behind one name.
package enum Platform {
    /// The C library's `write(2)`: writes up to `count` bytes from `bytes` to `descriptor` and returns
    /// how many were written, or -1 with `errno` set. Named here so that types with a `write` method of
    /// their own can still reach it.
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// Makes the data written to `descriptor` durable; 0 on success, -1 with `errno` set. On Linux that
    /// is `fsync(2)`. On Apple's platforms `fsync` only hands the data to the drive, which may keep it in
    /// its cache, so `fcntl(F_FULLFSYNC)` asks the drive to write it through, with `fsync` where the
    /// file system does not support that (as SQLite does); any other failure is the answer.
    package static func synchronize(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
        guard errno == ENOTSUP || errno == ENOTTY || errno == EINVAL else { return -1 }
        #endif
        return fsync(descriptor)
    }

    /// When the file `status` describes was last modified, in nanoseconds since 1970 (the field is
    /// `st_mtim` on Linux and `st_mtimespec` on Apple's platforms).
    package static func modificationNanoseconds(_ status: stat) -> Int {
        #if canImport(Darwin)
        Int(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int(status.st_mtimespec.tv_nsec)
        #else
        Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
        #endif
    }

    /// When the file `status` describes was last modified, in whole seconds since 1970.
    package static func modificationSeconds(_ status: stat) -> Int {
        #if canImport(Darwin)
        Int(status.st_mtimespec.tv_sec)
        #else
        Int(status.st_mtim.tv_sec)
        #endif
    }

    /// The `errno` an extended attribute that does not exist gives: `ENODATA` on Linux, `ENOATTR` on
    /// Apple's platforms.
    package static var noSuchAttribute: Int32 {
        #if canImport(Darwin)
        ENOATTR
        #else
        ENODATA
        #endif
    }

    /// Whether an extended attribute that cannot be set (`EPERM`) is one the system manages itself
    /// and a replaced file may go without: on Apple's platforms the `com.apple.` ones the kernel keeps
    /// for itself (such as `com.apple.provenance`, which only the system writes); none on Linux.
    package static func systemManagesAttribute(_ name: String) -> Bool {
        #if canImport(Darwin)
        name.hasPrefix("com.apple.")
        #else
        false
        #endif
    }

    /// `listxattr(2)`: the names of the extended attributes of the file at `path` (links followed),
    /// each ending in a NUL, into `names`; the length written, or -1 with `errno` set. With `names`
    /// nil, the length the names need.
    package static func listAttributes(_ path: UnsafePointer<CChar>, _ names: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
        #if canImport(Darwin)
        listxattr(path, names, size, 0)
        #else
        listxattr(path, names, size)
        #endif
    }

    /// `getxattr(2)`: the value of the extended attribute `name` of the file at `path` (links followed)
    /// into `value`; its length, or -1 with `errno` set. With `value` nil, the length it needs.
    package static func attribute(_ path: UnsafePointer<CChar>, _ name: String, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        #if canImport(Darwin)
        getxattr(path, name, value, size, 0, 0)
        #else
        getxattr(path, name, value, size)
        #endif
    }

    /// `fsetxattr(2)`: gives the file open as `descriptor` the extended attribute `name` with `size`
    /// bytes of `value`, creating or replacing it; 0, or -1 with `errno` set.
    package static func setAttribute(_ descriptor: Int32, _ name: String, _ value: UnsafeRawPointer, _ size: Int) -> Int32 {
        #if canImport(Darwin)
        fsetxattr(descriptor, name, value, size, 0, 0)
        #else
        fsetxattr(descriptor, name, value, size, 0)
        #endif
    }
}

extension Platform {
    /// `RTLD_DEFAULT` for `dlsym(3)`: look a symbol up in every image loaded in the process (a null
    /// handle on Linux, -2 on Apple's platforms).
    nonisolated(unsafe) package static let everyLoadedImage: UnsafeMutableRawPointer? = {
        #if canImport(Darwin)
        UnsafeMutableRawPointer(bitPattern: -2)
        #else
        nil
        #endif
    }()
}

/// The C library's text for the error number `code`, as `strerror(3)` gives it ("No such file or
/// directory"), read through `strerror_r` (`lasys_strerror`, with a 256-byte buffer): `strerror` may
/// keep its text in one buffer for every thread, so this is the one to call on a worker thread. It
/// leaves `errno` as it was; pass `errno` itself as the argument, read before any other call.
package func systemErrorText(_ code: Int32) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
        lasys_strerror(code, buffer.baseAddress!, buffer.count)
        return String(cString: buffer.baseAddress!)
    }
}
