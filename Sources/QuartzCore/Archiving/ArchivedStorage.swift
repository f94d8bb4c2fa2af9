import Foundation

/// A key-value store (an animation's, an emitter cell's) in an archive,
/// each value through `ArchivedValue`.
enum ArchivedStorage {
    static let key = "QuartzCore.properties"

    /// Archives `storage`, leaving out the keys `excluding` names and what
    /// cannot be archived, each handed to `report` with its key and a message.
    static func encode(_ storage: [String: Any], with coder: NSCoder, excluding: Set<String> = [],
                       report: (_ key: String, _ message: String) -> Void) {
        var properties: [String: NSObject] = [:]
        for (key, value) in storage where !excluding.contains(key) {
            guard let encoded = ArchivedValue.encode(value) else {
                report(key, "a \(type(of: value)) cannot be archived; left out")
                continue
            }
            properties[key] = encoded
        }
        coder.encode(NSDictionary(dictionary: properties), forKey: key)
    }

    static func decode(from coder: NSCoder) -> [String: Any] {
        var storage: [String: Any] = [:]
        let properties = coder.decodeObject(of: ArchivedValue.classes, forKey: key) as? NSDictionary
        for (key, archived) in properties ?? [:] {
            guard let key = key as? String, let value = ArchivedValue.decode(archived) else { continue }
            storage[key] = value
        }
        return storage
    }
}

extension CAAnimation {
    func encodeArchivedState(with coder: NSCoder) {
        let keys = Set(storage.keys.filter { !shouldArchiveValue(forKey: $0) }).union(["delegate"])
        ArchivedStorage.encode(storage, with: coder, excluding: keys) { key, message in
            CADiagnostics.report("\(type(of: self)) at \(key): \(message)")
        }
    }

    func decodeArchivedState(from coder: NSCoder) {
        storage = ArchivedStorage.decode(from: coder)
    }
}
