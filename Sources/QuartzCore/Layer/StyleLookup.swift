/// Apple's `style` dictionaries, shared by `CALayer` and `CAEmitterCell`:
/// a key missing from an object's own values is looked up in its `style`,
/// then in the `style` nested in that, and so on.
enum StyleLookup {
    /// The value the `style` in `storage` (or a style nested in it) gives `key`.
    static func value(forKey key: String, in storage: [String: Any]) -> Any? {
        guard key != "style", storage["style"] != nil else { return nil }
        var style = storage["style"] as? [AnyHashable: Any]
        while let current = style {
            if let value = current[key] { return value }
            style = current["style"] as? [AnyHashable: Any]
        }
        return nil
    }
}
