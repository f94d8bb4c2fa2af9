import Foundation

/// What a layer's archive holds: every property set on it (through
/// `ArchivedValue`, those `shouldArchiveValue(forKey:)` allows), its
/// sublayers and its animations by key. The delegate, the layout manager
/// and values that are not data (closures, arbitrary objects) are left out,
/// each reported once, as Apple archives only what it can.
extension CALayer {
    private enum ArchiveKey {
        static let sublayers = "QuartzCore.sublayers"
        static let animationKeys = "QuartzCore.animationKeys"
        static let animations = "QuartzCore.animations"
    }

    /// Keys never archived: references to objects outside the tree.
    private static let unarchivedKeys: Set<String> = ["delegate", "layoutManager"]

    func encodeArchivedState(with coder: NSCoder) {
        let excluded = Self.unarchivedKeys.union(storage.keys.filter { !shouldArchiveValue(forKey: $0) })
        ArchivedStorage.encode(storage, with: coder, excluding: excluded) { key, message in
            CADiagnostics.report(layer: self, keyPath: key, message)
        }
        coder.encode(NSArray(array: sublayerList ?? []), forKey: ArchiveKey.sublayers)
        let named = animationEntries.filter { !$0.isAnonymous }
        coder.encode(NSArray(array: named.map { NSString(string: $0.key) }), forKey: ArchiveKey.animationKeys)
        coder.encode(NSArray(array: named.map(\.animation)), forKey: ArchiveKey.animations)
    }

    func decodeArchivedState(from coder: NSCoder) {
        // As set, without actions: a layer read from an archive is new.
        storage = ArchivedStorage.decode(from: coder)
        (storage["mask"] as? CALayer)?.maskOwnerReference = self
        // What the layer draws itself (a text layer's string) is drawn again
        // at the next display, as setting those keys would ask for.
        if storage.keys.contains(where: { type(of: self).needsDisplay(forKey: $0) }) { setNeedsDisplay() }
        let sublayers = coder.decodeObject(of: ArchivedValue.classes, forKey: ArchiveKey.sublayers) as? [Any] ?? []
        for case let sublayer as CALayer in sublayers { addSublayer(sublayer) }
        let keys = coder.decodeObject(of: ArchivedValue.classes, forKey: ArchiveKey.animationKeys) as? [Any] ?? []
        let animations = coder.decodeObject(of: ArchivedValue.classes, forKey: ArchiveKey.animations) as? [Any] ?? []
        for case let (key as String, animation as CAAnimation) in zip(keys, animations) { add(animation, forKey: key) }
    }
}
