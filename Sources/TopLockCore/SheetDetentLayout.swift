/// A sheet's detents laid out against the height available to it: their offsets below fully open, in px,
/// and the moves between them (a release, a step up or down). Pure maths, no GTK; the sheet builds one at
/// each use, so that every answer follows the current allocation.
public struct SheetDetentLayout: Sendable, Equatable {
  /// The detents, in the order the sheet's options give them; answers are indices into this list.
  public let detents: [SheetDetent]
  /// Each detent's offset below fully open, in px (`SheetDetent.offset(availableHeight:)`).
  public let offsets: [Double]

  /// `detents` laid out against `availableHeight` px (negative counts as 0). `detents` must be valid
  /// (`TopLockSheetOptions.validate()`): at least one of them visible.
  public init(detents: [SheetDetent], availableHeight: Double) {
    precondition(detents.contains(where: \.isVisible), "a sheet needs a visible detent")
    self.detents = detents
    offsets = detents.map { $0.offset(availableHeight: availableHeight) }
  }

  /// The highest detent (the smallest offset; the lower index on a tie).
  public var highestDetent: Int {
    offsets.indices.min { offsets[$0] < offsets[$1] } ?? 0
  }

  /// The lowest visible detent (the largest offset but `.hidden`'s; the lower index on a tie).
  public var lowestVisibleDetent: Int {
    visibleIndices.min { offsets[$0] > offsets[$1] } ?? 0
  }

  /// The offsets a pull may take the sheet to, in px: from the highest detent to the lowest (`.hidden`'s
  /// when the detents have it).
  public var offsetRange: ClosedRange<Double> {
    (offsets.min() ?? 0)...(offsets.max() ?? 0)
  }

  /// The detent a release at `offset` px with `velocity` px/s (positive downward) settles on
  /// (`SheetSettling.restingDetent`).
  public func restingDetent(offset: Double, velocity: Double, flickVelocity: Double) -> Int {
    SheetSettling.restingDetent(
      offset: offset, velocity: velocity, detentOffsets: offsets, flickVelocity: flickVelocity)
      ?? highestDetent
  }

  /// The detent nearest `offset` px.
  public func nearestDetent(to offset: Double) -> Int {
    SheetSettling.index(in: offsets, nearest: offset) ?? highestDetent
  }

  /// The visible detent just above `index` (the largest offset smaller than its own); `nil` from the top.
  public func detent(above index: Int) -> Int? {
    let offset = offsets[index]
    return visibleIndices.filter { offsets[$0] < offset }.min { offsets[$0] > offsets[$1] }
  }

  /// The detent just below `index` (the smallest offset larger than its own), `.hidden` only when
  /// `includingHidden`; `nil` from the bottom.
  public func detent(below index: Int, includingHidden: Bool) -> Int? {
    let offset = offsets[index]
    let candidates = includingHidden ? Array(offsets.indices) : visibleIndices
    return candidates.filter { offsets[$0] > offset }.min { offsets[$0] < offsets[$1] }
  }

  /// Where a click on the handle takes a sheet resting at `index`: one visible detent up, and from the
  /// highest one back to the lowest visible one.
  public func detentAfterHandleActivation(from index: Int) -> Int {
    detent(above: index) ?? lowestVisibleDetent
  }

  /// The scrim's opacity at its darkest (the sheet at its highest detent), 0 to 1.
  public static let scrimOpacity = 0.4

  /// How far a sheet at `offset` px is open above detent `index`, from 0 (at it or below) to 1 (at the
  /// highest detent): what the scrim's opacity follows. 0 when `index` is the highest.
  public func openFraction(offset: Double, above index: Int) -> Double {
    let start = offsets[index]
    let top = offsets[highestDetent]
    guard start > top else { return 0 }
    return min(max((start - offset) / (start - top), 0), 1)
  }

  private var visibleIndices: [Int] {
    detents.indices.filter { detents[$0].isVisible }
  }
}
