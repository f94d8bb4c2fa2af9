/// Apple's string-valued option types, archived as their raw strings.
protocol ArchivableString {
    var archivedString: String { get }
}

/// Apple's option sets, archived as their bits.
protocol ArchivableBits {
    var archivedBits: UInt64 { get }
}

extension ArchivableString where Self: RawRepresentable, RawValue == String {
    var archivedString: String { rawValue }
}

extension ArchivableBits where Self: OptionSet, RawValue: FixedWidthInteger {
    var archivedBits: UInt64 { UInt64(truncatingIfNeeded: rawValue) }
}

extension CAValueFunctionName: ArchivableString {}
extension CAAnimationCalculationMode: ArchivableString {}
extension CAAnimationRotationMode: ArchivableString {}
extension CATransitionType: ArchivableString {}
extension CATransitionSubtype: ArchivableString {}
extension CAMediaTimingFunctionName: ArchivableString {}
extension CAMediaTimingFillMode: ArchivableString {}
extension CALayerContentsFormat: ArchivableString {}
extension CALayerContentsGravity: ArchivableString {}
extension CALayerContentsFilter: ArchivableString {}
extension CALayerCornerCurve: ArchivableString {}
extension CATextLayerTruncationMode: ArchivableString {}
extension CATextLayerAlignmentMode: ArchivableString {}
extension CAEmitterLayerEmitterShape: ArchivableString {}
extension CAEmitterLayerEmitterMode: ArchivableString {}
extension CAEmitterLayerRenderMode: ArchivableString {}
extension CAScrollLayerScrollMode: ArchivableString {}
extension CAShapeLayerFillRule: ArchivableString {}
extension CAShapeLayerLineCap: ArchivableString {}
extension CAShapeLayerLineJoin: ArchivableString {}
extension CAGradientLayerType: ArchivableString {}
extension CAAutoresizingMask: ArchivableBits {}
extension CACornerMask: ArchivableBits {}
extension CAEdgeAntialiasingMask: ArchivableBits {}

/// How an archive's type name becomes the value again.
enum ArchivableTypes {
    static let strings: [String: @Sendable (String) -> Any] = [
        "CAValueFunctionName": { CAValueFunctionName(rawValue: $0) },
        "CAAnimationCalculationMode": { CAAnimationCalculationMode(rawValue: $0) },
        "CAAnimationRotationMode": { CAAnimationRotationMode(rawValue: $0) },
        "CATransitionType": { CATransitionType(rawValue: $0) },
        "CATransitionSubtype": { CATransitionSubtype(rawValue: $0) },
        "CAMediaTimingFunctionName": { CAMediaTimingFunctionName(rawValue: $0) },
        "CAMediaTimingFillMode": { CAMediaTimingFillMode(rawValue: $0) },
        "CALayerContentsFormat": { CALayerContentsFormat(rawValue: $0) },
        "CALayerContentsGravity": { CALayerContentsGravity(rawValue: $0) },
        "CALayerContentsFilter": { CALayerContentsFilter(rawValue: $0) },
        "CALayerCornerCurve": { CALayerCornerCurve(rawValue: $0) },
        "CATextLayerTruncationMode": { CATextLayerTruncationMode(rawValue: $0) },
        "CATextLayerAlignmentMode": { CATextLayerAlignmentMode(rawValue: $0) },
        "CAEmitterLayerEmitterShape": { CAEmitterLayerEmitterShape(rawValue: $0) },
        "CAEmitterLayerEmitterMode": { CAEmitterLayerEmitterMode(rawValue: $0) },
        "CAEmitterLayerRenderMode": { CAEmitterLayerRenderMode(rawValue: $0) },
        "CAScrollLayerScrollMode": { CAScrollLayerScrollMode(rawValue: $0) },
        "CAShapeLayerFillRule": { CAShapeLayerFillRule(rawValue: $0) },
        "CAShapeLayerLineCap": { CAShapeLayerLineCap(rawValue: $0) },
        "CAShapeLayerLineJoin": { CAShapeLayerLineJoin(rawValue: $0) },
        "CAGradientLayerType": { CAGradientLayerType(rawValue: $0) },
    ]

    static let bits: [String: @Sendable (UInt64) -> Any] = [
        "CAAutoresizingMask": { CAAutoresizingMask(rawValue: UInt32(truncatingIfNeeded: $0)) },
        "CACornerMask": { CACornerMask(rawValue: UInt(truncatingIfNeeded: $0)) },
        "CAEdgeAntialiasingMask": { CAEdgeAntialiasingMask(rawValue: UInt32(truncatingIfNeeded: $0)) },
    ]
}
