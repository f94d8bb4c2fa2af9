import Foundation
import InspectorWire
import QuartzCore

extension InspectorRequest {
    /// Seconds the main thread has to take up a request that needs it.
    static let mainThreadTimeout = 2.0

    /// The reply body to `line` about `targets`, nil for a blank line.
    /// Errors are one line starting `error:`.
    static func reply(to line: String, targets: [InspectorTarget]) -> String? {
        do throws(Malformed) {
            guard let request = try parse(line) else { return nil }
            return request.reply(targets: targets)
        } catch {
            return "error: " + error.message
        }
    }

    /// Carries the request out and says what came of it.
    func reply(targets: [InspectorTarget]) -> String {
        switch self {
        case .help:
            return "Lamina inspector \(Self.protocolVersion), process \(InspectorDirectory.currentPID): one request per line\n"
                + Self.helpText
        case .version:
            return "lamina-inspector \(Self.protocolVersion)"
        case .tree, .stats:
            return Self.eachWindow(targets) { target in
                self == .tree ? target.renderServer.dumpRenderTree(timeout: 1) : target.renderServer.exitSummary()
            }
        case .hot(let seconds):
            return Self.eachWindow(targets) { $0.renderServer.layerCostReport(over: seconds, timeout: 2) }
        case .overdraw(let on):
            for target in targets { target.renderServer.setOverdraw(on) }
            return "overdraw " + (on ? "on: once blue, twice green, three times pink, more red" : "off")
        case .slow(let factor):
            MediaTimeScale.setFactor(factor)
            return factor == 1 ? "animations run at normal speed"
                               : "animations run \(LayerValueText.format(factor)) times slower (slow 1 restores them)"
        case .select, .get, .set:
            let request = self
            let windows = targets.compactMap(\.window)
            return MainThreadCall.run(timeout: Self.mainThreadTimeout) {
                request.replyOnMainThread(scenes: windows.map { window in
                    InspectedScene(root: window.rootLayer, highlight: window.renderServer.setHighlightedLayer)
                })
            }
                ?? "error: the app's main thread did not take the request within \(Int(Self.mainThreadTimeout)) s; nothing changed"
        }
    }

    /// `report` for each window, under its title when there are several.
    private static func eachWindow(_ targets: [InspectorTarget], _ report: (InspectorTarget) -> String) -> String {
        guard !targets.isEmpty else { return "no open windows" }
        return targets.map { target in
            "window \"\(printable(target.title))\"\n" + report(target)
        }.joined(separator: "\n")
    }

    /// The requests that read or change model layers, in `scenes` (one a
    /// window).
    @MainActor
    func replyOnMainThread(scenes: [InspectedScene]) -> String {
        let roots = scenes.map(\.root)
        func resolve(_ text: String) throws(Malformed) -> CALayer {
            try LayerPath(text).resolve(in: roots, text: text).get()
        }
        do throws(Malformed) {
            switch self {
            case .select(nil):
                for scene in scenes { scene.highlight(nil) }
                return "selection cleared"
            case .select(let text?):
                let layer = try resolve(text)
                let root = Self.root(of: layer)
                for scene in scenes { scene.highlight(scene.root === root ? layer.layerID : nil) }
                return "selected " + LayerPath.describe(layer)
            case .get(let text, let keyPath):
                let layer = try resolve(text)
                let model = try LayerValueText.value(of: layer, keyPath: keyPath).mapError(Self.malformed).get()
                let presented = layer.presentation().map { LayerValueText.value(of: $0, keyPath: keyPath) }
                return "model        " + LayerValueText.format(model) + "\n"
                    + "presentation " + ((try? presented?.get()).map(LayerValueText.format) ?? "(not yet on screen)")
            case .set(let text, let keyPath, let valueText):
                let layer = try resolve(text)
                let value = try LayerValueText.parse(valueText, forKeyPath: keyPath, on: layer).mapError(Self.malformed).get()
                let before = LayerValueText.format(try? LayerValueText.value(of: layer, keyPath: keyPath).get())
                // As app code would: an explicit transaction, so the
                // property's implicit animation runs.
                CATransaction.begin()
                let (_, messages) = CADiagnostics.capturing { layer.setValue(value, forKeyPath: keyPath) }
                CATransaction.commit()
                if let message = messages.first { throw Malformed(message: message) }
                let after = LayerValueText.format(try? LayerValueText.value(of: layer, keyPath: keyPath).get())
                return "\(LayerPath.describe(layer)) \(keyPath): \(before) -> \(after)"
            default:
                return "error: not a layer request"
            }
        } catch {
            return "error: " + error.message
        }
    }

    private static func malformed(_ failure: LayerValueText.Failure) -> Malformed { Malformed(message: failure.description) }

    @MainActor
    private static func root(of layer: CALayer) -> CALayer {
        var root = layer
        while let superlayer = root.superlayer { root = superlayer }
        return root
    }
}

/// A window's layer tree as the inspector's main-thread requests see it:
/// its root, and how to highlight one of its layers (by `layerID`; nil
/// clears it).
struct InspectedScene {
    let root: CALayer
    let highlight: (UInt64?) -> Void
}
