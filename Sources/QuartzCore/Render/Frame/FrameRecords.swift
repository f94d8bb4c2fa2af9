/// The third phase of a frame: each drawing's record (`DrawRecord`)
/// compared with the last frame's, the coverage of every one that changed,
/// appeared or went becoming damage (`DamageAccumulator`, target pixels).
///
/// Keeps the last frame's records, by drawing. The dictionary the frame
/// before last filled is emptied and filled again rather than allocated and
/// freed every frame.
struct FrameRecords {
    private var records: [DrawID: DrawRecord] = [:]
    /// The records of the frame before last, kept for their storage.
    private var spare: [DrawID: DrawRecord] = [:]

    /// Forgets the last frame: the next one damages everything.
    mutating func removeAll() { records.removeAll() }

    /// The number of drawings in the last frame.
    var count: Int { records.count }

    /// Whether the last frame had drawing `id`.
    func contains(_ id: DrawID) -> Bool { records[id] != nil }

    /// The last frame's records.
    var all: Dictionary<DrawID, DrawRecord>.Values { records.values }

    /// Takes `root`'s draw list as this frame's and returns the damage: the
    /// old and new coverage of every drawing whose record differs, that of
    /// drawings gone, and all of `bounds` for a first frame (background included).
    mutating func replace(with root: DrawNode?, bounds: PixelRect) -> [PixelRect] {
        var current = spare
        spare = [:]
        current.removeAll(keepingCapacity: true)
        current.reserveCapacity(records.count)  // no rehashing as a thousand layers go in
        if let root { Self.collect(root, into: &current) }
        var damage = DamageAccumulator(bounds: bounds)
        for (id, record) in current where records[id] != record {
            damage.add(records[id]?.coverage)
            damage.add(record.coverage)
        }
        for (id, record) in records where current[id] == nil { damage.add(record.coverage) }
        if records.isEmpty { damage.add(bounds) }
        spare = records
        records = current
        return damage.rects
    }

    /// Takes `node`'s record as this frame's for its drawing, the rest of
    /// the list being the last frame's (`DrawListReuse`), and adds its old
    /// and new coverage to `damage` when the record differs.
    mutating func update(with node: DrawNode, into damage: inout DamageAccumulator) {
        let record = node.record
        let old = records.updateValue(record, forKey: node.id)
        if old != record {
            damage.add(old?.coverage)
            damage.add(record.coverage)
        }
    }

    private static func collect(_ node: DrawNode, into records: inout [DrawID: DrawRecord]) {
        records[node.id] = node.record
        for child in node.children { collect(child, into: &records) }
        if let mask = node.mask { collect(mask, into: &records) }
    }
}
