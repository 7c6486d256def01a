/// The options of a bottom sheet (`TopLockSheet`): where it rests and how a release chooses among those
/// rests. Every field has a documented default, and `init()` gives them all.
public struct TopLockSheetOptions: Sendable, Equatable {
  /// The sheet's rest positions, lowest first by convention; a detent's index in this list is how the
  /// sheet's API names it. At least one must be visible. Default: a 96 px peek and fully open.
  public var detents: [SheetDetent] = [.height(96), .fraction(1)]
  /// The release speed, in px/s, from which a release is a flick: it settles at least one detent further in
  /// its direction. Default `SheetSettling.defaultFlickVelocity`.
  public var flickVelocity = SheetSettling.defaultFlickVelocity

  /// Momentum from the sheet into the list: from this release speed up, in px/s, a release that settles at
  /// the highest detent flings there with the fling's friction instead of springing, and the velocity it
  /// still has on arrival flings the list on, as if one surface. `nil` (the default) never.
  public var sheetToListMomentumVelocity: Double?
  /// Momentum from the list into the sheet: a fling of the list (no finger or button down) that reaches
  /// its top at least this fast, in px/s, moves the sheet down one visible detent. `nil` (the default)
  /// never.
  public var listToSheetMomentumVelocity: Double?

  /// Whether Page Up or Up on the list at its top moves the sheet down one visible detent. Default `false`:
  /// keys, like the wheel, never move the sheet.
  public var listKeysStepSheetDown = false

  /// The scrim: the background dims in proportion to how far the sheet is open above this detent (an
  /// index into `detents`), from none at it to `SheetDetentLayout.scrimOpacity` at the highest, and a
  /// click on the dimmed background collapses the sheet to its lowest visible detent. `nil` (the default):
  /// no scrim.
  public var scrimDetent: Int?

  /// The default options.
  public init() {}

  /// Options with `detents`, the rest at their defaults.
  public init(detents: [SheetDetent]) {
    self.detents = detents
  }

  /// Checks that every field is in range.
  ///
  /// - Throws: `TopLockError.invalidOption` for a detent out of range (`SheetDetent.validate()`), a list
  ///   without a visible detent (`detents`), a `scrimDetent` outside `detents`, or a `flickVelocity`, `sheetToListMomentumVelocity` or
  ///   `listToSheetMomentumVelocity` that is not a finite number of px/s > 0.
  public func validate() throws(TopLockError) {
    for detent in detents { try detent.validate() }
    if let scrimDetent, !detents.indices.contains(scrimDetent) {
      throw .invalidOption(
        name: "scrimDetent", reason: "must be an index into the \(detents.count) detents, got \(scrimDetent)")
    }
    guard detents.contains(where: \.isVisible) else {
      throw .invalidOption(name: "detents", reason: "needs at least one visible detent, got \(detents)")
    }
    let speeds = [
      ("flickVelocity", flickVelocity), ("sheetToListMomentumVelocity", sheetToListMomentumVelocity),
      ("listToSheetMomentumVelocity", listToSheetMomentumVelocity),
    ]
    for case (let name, let speed?) in speeds where !(speed.isFinite && speed > 0) {
      throw .invalidOption(name: name, reason: "must be a finite number of px/s > 0, got \(speed)")
    }
  }

  /// The velocity, px/s of the list's value (positive toward its bottom), at which a release of the sheet
  /// at `offset` px with `velocity` px/s (positive downward) flings the list on once it reaches the highest
  /// detent, at `highestOffset` px; `nil` when it does not: momentum off, too slow, not upward, or it would
  /// stop short of the detent (`SheetSettling.flingArrivalVelocity`).
  public func listFlingVelocity(releasedAt offset: Double, velocity: Double, highestOffset: Double) -> Double?
  {
    guard let threshold = sheetToListMomentumVelocity, velocity <= -threshold,
      let arrival = SheetSettling.flingArrivalVelocity(
        offset: offset, velocity: velocity, target: highestOffset)
    else { return nil }
    return -arrival
  }

  /// Whether a fling of the list that reaches its top at `velocity` px/s of value (negative toward the top)
  /// moves the sheet down one detent.
  public func listFlingStepsSheetDown(velocityAtTop velocity: Double) -> Bool {
    guard let threshold = listToSheetMomentumVelocity else { return false }
    return velocity <= -threshold
  }
}
