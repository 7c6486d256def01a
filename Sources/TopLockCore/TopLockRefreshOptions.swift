/// How pull to refresh (`TopLockRefresh`, docs/RULES.md P1 to P4) answers a pull: how far it reveals its
/// indicator, where it starts a refresh, and the key that refreshes.
///
/// A value type, `Sendable`; check it with `validate()` (the refresh host's initializer does).
public struct TopLockRefreshOptions: Sendable, Equatable {
  /// The trigger distance when none is given, in px.
  public static let defaultTriggerDistance = 64.0
  /// The resistance past the trigger when none is given: half a px revealed per px pulled.
  public static let defaultResistance = 0.5
  /// The longest trigger distance accepted, in px: beyond any screen.
  public static let maximumTriggerDistance = 10_000.0

  /// The pull, in px, up to which the indicator is revealed 1:1 with the pointer, and at or past which a
  /// release refreshes; the height the indicator rests at while refreshing. From 1 to
  /// `maximumTriggerDistance`; 64 px by default.
  public var triggerDistance = defaultTriggerDistance
  /// The px of indicator revealed per px pulled past `triggerDistance` (and, while refreshing, per px of a
  /// further pull): above 0 and at most 1 (no resistance); 0.5 by default.
  public var resistance = defaultResistance
  /// A GTK shortcut trigger (`gtk_shortcut_trigger_parse_string`'s syntax: `"F5"`, `"<Control>r"`,
  /// `"F5|<Control>r"`) that starts a refresh while the focus is in the list; `nil` (the default): no key
  /// refreshes. Opt-in, because a list has no key of its own for it and the app's keys come first. The
  /// refresh host checks the syntax (`TopLockError.invalidOption`).
  public var keyboardShortcut: String?

  /// Options with the defaults above, changed by what is given.
  public init(
    triggerDistance: Double = defaultTriggerDistance, resistance: Double = defaultResistance,
    keyboardShortcut: String? = nil
  ) {
    self.triggerDistance = triggerDistance
    self.resistance = resistance
    self.keyboardShortcut = keyboardShortcut
  }

  /// Checks every number against its range.
  ///
  /// - Throws: `TopLockError.invalidOption` naming the first option out of range.
  public func validate() throws(TopLockError) {
    guard triggerDistance.isFinite, (1...Self.maximumTriggerDistance).contains(triggerDistance) else {
      throw .invalidOption(
        name: "triggerDistance",
        reason: "must be a number of px from 1 to \(Self.maximumTriggerDistance), got \(triggerDistance)")
    }
    guard resistance.isFinite, resistance > 0, resistance <= 1 else {
      throw .invalidOption(name: "resistance", reason: "must be above 0 and at most 1, got \(resistance)")
    }
  }

  /// The indicator's height, in px, for a pull `distance` px from rest (a refresh's pull counts from the
  /// trigger): 1:1 up to `triggerDistance`, then `resistance` px per px; 0 for a distance at or below 0.
  public func revealedHeight(forPullDistance distance: Double) -> Double {
    guard distance > 0 else { return 0 }
    guard distance > triggerDistance else { return distance }
    return triggerDistance + (distance - triggerDistance) * resistance
  }
}
