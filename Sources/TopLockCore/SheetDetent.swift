/// A rest position of a bottom sheet: how much of the sheet shows when it rests there.
///
/// A detent is a height, not an offset: the sheet turns it into an offset against the height available to
/// it (its area's height below its top inset) at every layout, so that after a resize it rests at the same
/// detent.
public enum SheetDetent: Sendable, Hashable {
  /// `px` px of the sheet show (a peek, say); held within the available height.
  case height(Double)
  /// This fraction of the available height shows, from just above 0 to 1 (fully open).
  case fraction(Double)
  /// Nothing shows (0 px). A drag down may settle there when the sheet allows it; only the API or the
  /// keyboard brings the sheet back, since nothing is left to drag.
  case hidden

  /// Whether some of the sheet shows at this detent (every detent but `.hidden`).
  public var isVisible: Bool { self != .hidden }

  /// The px of the sheet that show at this detent, when `availableHeight` px are available.
  public func visibleHeight(availableHeight: Double) -> Double {
    let available = max(0, availableHeight)
    switch self {
    case .height(let px): return min(px, available)
    case .fraction(let fraction): return fraction * available
    case .hidden: return 0
    }
  }

  /// The sheet's offset below fully open at this detent, in px, when `availableHeight` px are available.
  public func offset(availableHeight: Double) -> Double {
    max(0, availableHeight) - visibleHeight(availableHeight: availableHeight)
  }

  /// Checks that the detent is one a sheet can rest at.
  ///
  /// - Throws: `TopLockError.invalidOption` (named `detents`) for a height that is not a finite number of
  ///   px >= 0, or a fraction outside 0 < fraction <= 1.
  public func validate() throws(TopLockError) {
    switch self {
    case .height(let px) where !(px.isFinite && px >= 0):
      throw .invalidOption(name: "detents", reason: "a height must be a finite number of px >= 0, got \(px)")
    case .fraction(let fraction) where !(fraction > 0 && fraction <= 1):
      throw .invalidOption(
        name: "detents", reason: "a fraction must be above 0 and at most 1, got \(fraction)")
    default:
      return
    }
  }
}

extension SheetDetent: LosslessStringConvertible {
  /// A detent written as `96px` (a height), `50%` (a fraction of the available height) or `hidden`; `nil`
  /// for anything else. The value is not validated (`validate()` does that).
  public init?(_ description: String) {
    if description == "hidden" {
      self = .hidden
    } else if description.hasSuffix("px"), let px = Double(description.dropLast(2)) {
      self = .height(px)
    } else if description.hasSuffix("%"), let percent = Double(description.dropLast()) {
      self = .fraction(percent / 100)
    } else {
      return nil
    }
  }

  /// The detent as `init(_:)` reads it: `96px`, `50%` or `hidden`.
  public var description: String {
    switch self {
    case .height(let px): "\(Self.number(px))px"
    case .fraction(let fraction): "\(Self.number(fraction * 100))%"
    case .hidden: "hidden"
    }
  }

  /// `value` without a trailing `.0` when it is whole.
  private static func number(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
