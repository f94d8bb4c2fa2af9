enum LayerContentRenderer {
    static func render(key: LayerContent.Key) -> LayerContent? { nil }
}
