import CPixman

/// Apple's compositing filter names as pixman operators.
enum BlendModes {
    /// The operator for `name`; nil (reported once) when the compositor
    /// cannot draw it, and the layer is drawn source-over.
    static func operation(forFilterName name: String) -> pixman_op_t? {
        let mode = CompositingOperator(filterName: name)
        if mode.pixmanOperator == nil {
            CADiagnostics.report("compositingFilter \"\(name)\" is not drawn by the compositor; drawn source-over")
        }
        return mode.pixmanOperator
    }
}
