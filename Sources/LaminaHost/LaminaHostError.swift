/// Why a window could not be put on screen. Every description is one line
/// that says what to do, fit for printing to stderr before exiting.
public enum LaminaHostError: Error, CustomStringConvertible, Equatable, Sendable {
    /// No X server answered at the display name given (or `DISPLAY`'s).
    /// `name` is nil when neither was set.
    case cannotOpenDisplay(name: String?)
    /// The screen has no 24-bit TrueColor visual with 8-bit red, green, blue
    /// channels, the only pixel format the compositor writes.
    case unsupportedVisual(depth: Int)
    /// The X server refused to create the window.
    case windowCreationFailed(String)
    /// The X thread did not report back in time (a display that accepts the
    /// connection but never answers).
    case displayNotResponding(name: String)

    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name?):
            return "cannot open X display \"\(name)\"; check DISPLAY and that an X server (or Xvfb) is running there"
        case .cannotOpenDisplay(nil):
            return "cannot open an X display: DISPLAY is not set (start an X server or Xvfb and set DISPLAY, e.g. DISPLAY=:99)"
        case .unsupportedVisual(let depth):
            return "the X screen's default visual (depth \(depth)) is not 24-bit TrueColor; run the X server at depth 24"
        case .windowCreationFailed(let reason):
            return "the X server refused to create the window: \(reason)"
        case .displayNotResponding(let name):
            return "the X server at DISPLAY \"\(name)\" does not answer"
        }
    }
}
