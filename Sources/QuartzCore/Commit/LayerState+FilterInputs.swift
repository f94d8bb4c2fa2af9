/// A numeric filter input an animation wrote into a presented state
/// (`filters.NAME.inputKey`, `backgroundFilters.NAME.inputKey`), held
/// inline in the `LayerState` instead of in its filter list.
///
/// The filter lists live in the state's shared extras (`LayerStateExtras`),
/// which the last frame's draw records also hold. Writing an input there
/// copied the extras, the list and the filter's dictionary of numbers on
/// every frame, and left the presented state unequal, field by field, to
/// the committed one. The kiosk menu's pulse (`filters.pulseFilter.inputIntensity`)
/// did that sixty times a second. One input inline covers the
/// usual single animated input; a second one at the same time is written
/// into its list as before.
///
/// Committed states never hold one: only evaluation writes it, and
/// `CompiledTarget.restore` clears it.
struct AnimatedFilterInput: Sendable, Equatable {
    /// Which of the layer's two filter lists.
    enum List: UInt8, Sendable {
        case filters, backgroundFilters
    }

    let list: List
    /// The filter's index in its list: the first filter with the name the
    /// key path gives, as key-value coding finds it.
    let index: Int
    /// The input's key (`inputIntensity`).
    let key: String
    var value: Double
}

extension LayerState {
    /// The filters of `list`, before any input an animation wrote inline.
    private func filterList(_ list: AnimatedFilterInput.List) -> [CIFilterSnapshot] {
        list == .filters ? filters : backgroundFilters
    }

    /// The numeric input `key` of the filter at `index` of `list`, as
    /// presented: an animated value, else the filter's own, else its default.
    func filterNumber(_ key: String, ofFilterAt index: Int, in list: AnimatedFilterInput.List) -> Double? {
        if let value = animatedFilterNumber(key, ofFilterAt: index, in: list) { return value }
        let filters = filterList(list)
        return filters.indices.contains(index) ? filters[index].number(key) : nil
    }

    /// The numeric input `key` of the filter at `index` of `list` when an
    /// animation presents it this frame; nil otherwise.
    func animatedFilterNumber(_ key: String, ofFilterAt index: Int, in list: AnimatedFilterInput.List) -> Double? {
        guard let input = animatedFilterInput, input.list == list, input.index == index, input.key == key else { return nil }
        return input.value
    }

    /// The blur radius of the filter at `index` of `filters` as presented
    /// (`CIFilterSnapshot.blurRadius`, or its animated value); nil for a
    /// filter that does not blur.
    func presentedBlurRadius(ofFilterAt index: Int) -> Double? {
        guard filters.indices.contains(index), let radius = filters[index].blurRadius else { return nil }
        return animatedFilterNumber("inputRadius", ofFilterAt: index, in: .filters) ?? radius
    }

    /// The numeric input `key` of the first filter named `name` in `list`;
    /// nil when there is no such filter or input.
    func filterNumber(_ key: String, ofFilterNamed name: String, in list: AnimatedFilterInput.List) -> Double? {
        guard let index = filterList(list).firstIndex(where: { $0.name == name }) else { return nil }
        return filterNumber(key, ofFilterAt: index, in: list)
    }

    /// Sets the numeric input `key` of the first filter named `name` in
    /// `list` to `value`; does nothing when there is no such filter (as
    /// key-value coding on a missing filter sets nothing).
    mutating func setFilterNumber(_ value: Double, forKey key: String, ofFilterNamed name: String,
                                  in list: AnimatedFilterInput.List) {
        guard let index = filterList(list).firstIndex(where: { $0.name == name }) else { return }
        if animatedFilterInput == nil {
            animatedFilterInput = AnimatedFilterInput(list: list, index: index, key: key, value: value)
        } else if let input = animatedFilterInput, input.list == list, input.index == index, input.key == key {
            animatedFilterInput?.value = value
        } else {
            // A second animated input this frame: into the list itself.
            var filters = filterList(list)
            var numbers = filters[index].numbers
            numbers[key] = value
            filters[index] = CIFilterSnapshot(filterName: filters[index].filterName, name: name, numbers: numbers)
            if list == .filters { self.filters = filters } else { backgroundFilters = filters }
        }
    }

    /// `filters` as presented, with the animated input applied: what the
    /// filter renderer draws. The list itself, not a copy, when no input
    /// of it is animated inline.
    var presentedFilters: [CIFilterSnapshot] { presented(.filters) }

    /// `backgroundFilters` as presented (see `presentedFilters`).
    var presentedBackgroundFilters: [CIFilterSnapshot] { presented(.backgroundFilters) }

    private func presented(_ list: AnimatedFilterInput.List) -> [CIFilterSnapshot] {
        var filters = filterList(list)
        guard let input = animatedFilterInput, input.list == list, filters.indices.contains(input.index) else {
            return filters
        }
        var numbers = filters[input.index].numbers
        numbers[input.key] = input.value
        filters[input.index] = CIFilterSnapshot(filterName: filters[input.index].filterName,
                                                name: filters[input.index].name, numbers: numbers)
        return filters
    }

    /// Whether the two states are equal but for `filters` (and an animated
    /// input of them). Nothing is copied when they share their extras, as a
    /// layer's presented states do between commits.
    func equalsIgnoringFilters(_ other: LayerState) -> Bool {
        func backgroundInput(of state: LayerState) -> AnimatedFilterInput? {
            state.animatedFilterInput?.list == .backgroundFilters ? state.animatedFilterInput : nil
        }
        guard backgroundInput(of: self) == backgroundInput(of: other) else { return false }
        var this = self
        this.animatedFilterInput = other.animatedFilterInput
        if extras.sharesStorage(with: other.extras) { return this == other }
        this.extras = other.extras
        var extrasWithOtherFilters = extras.value
        extrasWithOtherFilters.filters = other.filters
        return this == other && extrasWithOtherFilters == other.extras.value
    }
}
