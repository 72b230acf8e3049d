import LiveAssetsPlatform

/// A value derived on first use and kept, for a struct whose copies share it (`Preflight`'s default
/// devices' limits): made only if asked for, at most once, and safe to ask for from several threads.
final class DerivedOnce<Value: Sendable>: @unchecked Sendable {
    private let derive: @Sendable () -> Value
    private var value: Value?
    /// Guards ``value``; on the heap, where it never moves.
    private let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    init(_ derive: @escaping @Sendable () -> Value) {
        self.derive = derive
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// The value, derived now if it is the first time.
    var wrappedValue: Value {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let value { return value }
        let derived = derive()
        value = derived
        return derived
    }
}
