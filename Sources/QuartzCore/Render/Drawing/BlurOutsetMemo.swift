/// The reach of the last two blur radii asked for (`ImageEffects.outset(forRadius:)`):
/// `BlurKernel`'s search for its three boxes is about a thousand
/// instructions, and the compositor asks for every blurred group's reach at
/// every frame. One per compositor, on its thread.
final class BlurOutsetMemo {
    private var recent: [(radius: Double, outset: Int)] = []

    func outset(forRadius radius: Double) -> Int {
        if let known = recent.first(where: { $0.radius == radius }) { return known.outset }
        let outset = ImageEffects.outset(forRadius: radius)
        if recent.count == 2 { recent.removeFirst() }
        recent.append((radius, outset))
        return outset
    }
}
