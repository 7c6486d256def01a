/// What one round of `frames` scrolls: the stock widget (in two groups, A1 and A2, so that their ratio
/// shows the noise), or TopLock attached (B), with its callbacks timed or not.
enum RoundKind: String, Encodable, CaseIterable {
  /// A stock round whose frames are compared with A2 (the A/A noise) and pooled with it as "stock".
  case stockA1 = "stock-A1"
  /// The other stock group.
  case stockA2 = "stock-A2"
  /// TopLock attached, untimed: the rounds whose frames are compared with stock.
  case topLock = "toplock"
  /// TopLock attached with its callbacks timed (`HandlerCPUMeter`): the handler figure only, as the
  /// timing itself costs a little per callback.
  case topLockTimed = "toplock-timed"
  /// A round of each gesture before the measured ones, stock and TopLock in turn, discarded: the first
  /// scroll through the list faults in pages and fills GTK's caches, the first attach loads TopLock's
  /// stylesheet.
  case warmUpStock = "warm-up-stock"
  case warmUpTopLock = "warm-up-toplock"

  /// Whether TopLock is attached in this round.
  var attachesTopLock: Bool {
    switch self {
    case .topLock, .topLockTimed, .warmUpTopLock: true
    case .stockA1, .stockA2, .warmUpStock: false
    }
  }

  /// The rounds each segment plays in cycle `cycle`, alternating stock and TopLock: A1 B A2 B in even
  /// cycles, B A2 B A1 in odd ones, so that over each pair of cycles A1, A2 and B sit at the same mean
  /// position and a slow drift of the machine weighs on all three alike.
  static func order(inCycle cycle: Int) -> [RoundKind] {
    cycle % 2 == 0 ? [.stockA1, .topLock, .stockA2, .topLock] : [.topLock, .stockA2, .topLock, .stockA1]
  }
}
