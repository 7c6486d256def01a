/// The options of a bottom sheet (`TopLockSheet`): where it rests and how a release chooses among those
/// rests. Every field has a documented default, and `init()` gives them all.
public struct TopLockSheetOptions: Sendable, Equatable {
  /// The sheet's rest positions, lowest first by convention; a detent's index in this list is how the
  /// sheet's API names it. At least one must be visible. Default: a 96 px peek and fully open.
  public var detents: [SheetDetent] = [.height(96), .fraction(1)]
  /// The release speed, in px/s, from which a release is a flick: it settles at least one detent further in
  /// its direction. Default `SheetSettling.defaultFlickVelocity`.
  public var flickVelocity = SheetSettling.defaultFlickVelocity

  /// The default options.
  public init() {}

  /// Options with `detents`, the rest at their defaults.
  public init(detents: [SheetDetent]) {
    self.detents = detents
  }

  /// Checks that every field is in range.
  ///
  /// - Throws: `TopLockError.invalidOption` for a detent out of range (`SheetDetent.validate()`), a list
  ///   without a visible detent (`detents`), or a `flickVelocity` that is not a finite number of px/s > 0.
  public func validate() throws(TopLockError) {
    for detent in detents { try detent.validate() }
    guard detents.contains(where: \.isVisible) else {
      throw .invalidOption(name: "detents", reason: "needs at least one visible detent, got \(detents)")
    }
    guard flickVelocity.isFinite && flickVelocity > 0 else {
      throw .invalidOption(
        name: "flickVelocity", reason: "must be a finite number of px/s > 0, got \(flickVelocity)")
    }
  }
}
