/// Where a gesture is when a lifecycle test strikes.
enum LifecyclePhase: CaseIterable, Sendable {
  /// The button is down and GTK scrolls the list (owner: content).
  case midDrag
  /// The button is down and the host follows a pull at the top (owner: host).
  case midPull
  /// Released: GTK's kinetic fling runs mid-list.
  case midFling
  /// Released: TopLock's own fling runs, after a pull was pushed back and the list scrolled on.
  case midTopLockFling
  /// Released: the sheet springs toward a rest position after a pull.
  case midSettle
}
