// A stand-in for Darwin, for LiveAssetsPlatform's Darwin branches: Linux's C library (what the two share)
// and the Darwin-only declarations Platform.swift uses, as Swift imports them from the macOS SDK's
// usr/include headers. Declarations only: every body traps; nothing here is ever run.
// Sources: apple-oss-distributions/xnu's bsd/sys/xattr.h, errno.h, fcntl.h and stat.h, from which the SDK's
// usr/include/sys headers are generated (no SDK copy of them could be found in a public mirror).
@_exported import Glibc

/// sys/fcntl.h: `#define F_FULLFSYNC 51`
public var F_FULLFSYNC: Int32 { fatalError() }

/// sys/errno.h: `#define ENOATTR 93`
public var ENOATTR: Int32 { fatalError() }

extension stat {
    /// sys/stat.h (`__DARWIN_STRUCT_STAT64`, without `_POSIX_C_SOURCE`): `struct timespec st_mtimespec;`
    public var st_mtimespec: timespec { fatalError() }
}

/// sys/xattr.h: `ssize_t listxattr(const char *path, char *namebuff, size_t size, int options);`
/// (no nullability annotations: implicitly unwrapped pointers in Swift)
public func listxattr(_ path: UnsafePointer<CChar>!, _ namebuff: UnsafeMutablePointer<CChar>!, _ size: Int, _ options: Int32) -> Int {
    fatalError()
}

/// sys/xattr.h: `ssize_t getxattr(const char *path, const char *name, void *value, size_t size, u_int32_t position, int options);`
public func getxattr(_ path: UnsafePointer<CChar>!, _ name: UnsafePointer<CChar>!, _ value: UnsafeMutableRawPointer!, _ size: Int,
                     _ position: UInt32, _ options: Int32) -> Int {
    fatalError()
}

/// sys/xattr.h: `int fsetxattr(int fd, const char *name, const void *value, size_t size, u_int32_t position, int options);`
public func fsetxattr(_ fd: Int32, _ name: UnsafePointer<CChar>!, _ value: UnsafeRawPointer!, _ size: Int, _ position: UInt32,
                      _ options: Int32) -> Int32 {
    fatalError()
}
