import LiveAssetsPlatform
import LiveAssetsCore

/// The system refused the memory for a pixel buffer: `bytes` were asked for. Nothing is wrong with the
/// image; a smaller one, or more memory, would do.
package struct PixelMemoryRefusal: Error, Sendable, Hashable {
    package var bytes: Int

    package init(bytes: Int) { self.bytes = bytes }
}

/// The one place pixel buffers are allocated, so that running out of memory is an error for one image
/// rather than the end of the process: a Swift array whose allocation fails stops the program, so the
/// system is asked first, through the C shim's `lasys_reserve` (a `malloc` the optimiser cannot see, and
/// so cannot remove with its `free` as it did once in the release build), and the array is made only
/// when that succeeded. The ask and the
/// array's allocation happen under one lock, so another pixel buffer cannot take the memory in between.
/// Other allocations still can, and with more than one job they are not small: another worker's codec
/// working memory (libjpeg's coefficient buffers for a progressive image, libpng's rows) and the
/// resampler's per-band scratch (asked for here through `extra`, but allocated after the lock is
/// released) are allocated outside this lock. So this makes a refusal likely to be reported rather
/// than certain: under memory pressure with `--jobs` above 1, a later allocation can still stop the
/// process. Fewer jobs narrow that window; one job leaves only allocations made after the ask.
package enum PixelMemory {
    /// Bytes asked beyond the samples: the array's header, and malloc's own bookkeeping.
    static let overhead = 64

    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    /// An array of `count` elements whose contents are unspecified (the caller writes every one before
    /// reading it), or `PixelMemoryRefusal` when the system would not give the memory. `extra` bytes are
    /// asked for beyond it, for scratch memory the caller allocates next.
    package static func uninitializedArray<T: BitwiseCopyable>(of type: T.Type, count: Int, extra: Int = 0)
        throws(PixelMemoryRefusal) -> [T]
    {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<T>.stride)
        guard !overflow, count >= 0, bytes <= Int.max - overhead - extra else {
            throw PixelMemoryRefusal(bytes: overflow ? Int.max : bytes)
        }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard let probe = lasys_reserve(bytes + extra + overhead) else { throw PixelMemoryRefusal(bytes: bytes) }
        lasys_release(probe)
        return [T](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// An array of `count` zeros, or `PixelMemoryRefusal`.
    package static func zeroedArray<T: BitwiseCopyable & Numeric>(of type: T.Type, count: Int)
        throws(PixelMemoryRefusal) -> [T]
    {
        var array = try uninitializedArray(of: type, count: count)
        array.withUnsafeMutableBytes { bytes in
            if let base = bytes.baseAddress { memset(base, 0, bytes.count) }
        }
        return array
    }
}
