import TopLock

/// An option a lifecycle test changes in the middle of a gesture.
enum OptionChange: CaseIterable, Sendable {
  /// Top policy `.clamp`: no host any more, so a running pull ends (cancelled).
  case topPolicyClamp
  /// Top policy `.stock`: no host any more, so a running pull ends (cancelled).
  case topPolicyStock
  /// Mouse drag off: a mouse drag in flight can no longer be followed, so it ends (cancelled if a pull).
  case mouseDragOff
  /// A larger drag threshold: only the next drag's decision changes.
  case largerThreshold
  /// Bottom policy `.clamp`: the pull goes on.
  case bottomPolicyClamp

  /// Whether the change ends a pull in progress.
  var endsAPull: Bool {
    switch self {
    case .topPolicyClamp, .topPolicyStock, .mouseDragOff: true
    case .largerThreshold, .bottomPolicyClamp: false
    }
  }

  /// `options` with the change made.
  func applied(to options: TopLockOptions) -> TopLockOptions {
    var changed = options
    switch self {
    case .topPolicyClamp: changed.topPolicy = .clamp
    case .topPolicyStock: changed.topPolicy = .stock
    case .mouseDragOff: changed.mouseDragEnabled = false
    case .largerThreshold: changed.dragThreshold = 30
    case .bottomPolicyClamp: changed.bottomPolicy = .clamp
    }
    return changed
  }
}
