import QuartzCore

/// Duplicates a layer tree. CALayer has no `copy()`; apps archive the tree
/// and unarchive it, which keeps every property, sublayer and animation.
enum LayerCopier {
    static func archive(_ layer: CALayer) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: layer, requiringSecureCoding: true)
    }

    static func unarchive(_ data: Data) throws -> CALayer? {
        try NSKeyedUnarchiver.unarchivedObject(ofClass: CALayer.self, from: data)
    }

    static func copy(of layer: CALayer) throws -> CALayer? {
        try unarchive(archive(layer))
    }
}
