/// Groups layer-tree changes into atomic updates for the render server:
/// Apple's `CATransaction`.
///
/// Transactions are per thread. A change outside any explicit transaction
/// opens an *implicit* transaction, committed when the thread's run loop next
/// turns (on the main thread, also when the main dispatch queue next runs);
/// explicit `begin()`/`commit()` pairs nest, and only the outermost commit
/// reaches the render server.
public final class CATransaction {
    private init() {}

    /// Opens a transaction nested in the current one.
    public static func begin() { current.begin(isImplicit: false) }

    /// Closes the innermost explicit transaction; the outermost commit sends
    /// every change to the render server.
    public static func commit() { current.commitExplicit() }

    /// Commits the implicit transaction now, or as soon as the explicit
    /// transactions open inside it are committed.
    public static func flush() { current.flush() }

    private static let globalLock = NSRecursiveLock()

    /// Takes the global Core Animation lock (recursive).
    public static func lock() { globalLock.lock() }

    /// Releases the global Core Animation lock.
    public static func unlock() { globalLock.unlock() }

    /// The default duration of animations added in this transaction: 0.25 s.
    public static func animationDuration() -> CFTimeInterval {
        value(forKey: kCATransactionAnimationDuration).flatMap(LayerProperty.number) ?? 0.25
    }

    public static func setAnimationDuration(_ dur: CFTimeInterval) {
        setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function of implicit animations in this transaction; nil
    /// (the default) means `CAMediaTimingFunction(name: .default)`.
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes in this transaction skip their actions.
    public static func disableActions() -> Bool {
        value(forKey: kCATransactionDisableActions).flatMap(LayerProperty.number).map { $0 != 0 } ?? false
    }

    public static func setDisableActions(_ flag: Bool) {
        setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The block run on the main thread once every animation added to this
    /// transaction after the block was set has finished or been removed.
    public static func completionBlock() -> (() -> Void)? {
        value(forKey: kCATransactionCompletionBlock) as? () -> Void
    }

    public static func setCompletionBlock(_ block: (() -> Void)?) {
        setValue(block, forKey: kCATransactionCompletionBlock)
    }

    /// The value of `key` in the innermost transaction that sets it.
    public static func value(forKey key: String) -> Any? { current.value(forKey: key) }

    /// Sets `key` for the innermost transaction (opening an implicit one if none is open).
    public static func setValue(_ anObject: Any?, forKey key: String) { current.setValue(anObject, forKey: key) }

    /// This thread's transaction state.
    static var current: TransactionState { TransactionState.forCurrentThread() }
}

public let kCATransactionAnimationDuration = "animationDuration"
public let kCATransactionDisableActions = "disableActions"
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
public let kCATransactionCompletionBlock = "completionBlock"
