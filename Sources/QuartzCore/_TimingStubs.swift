// TEMPORARY: replaced by the transform branch at merge.
extension CATransform3D {
    func fieldValue(_ field: String) -> Any? { nil }
    func settingField(_ field: String, to value: Any) -> CATransform3D? { nil }
}
