/// Pull to refresh's state: the indicator's height, whether a refresh runs, and the spring that moves the
/// indicator on its own (docs/RULES.md P1 to P4). Pure maths and state, no GTK: `TopLockRefresh` feeds it the
/// pull events its scroller gives it and the frames of its spring, and lays the indicator out at
/// `revealedHeight`.
///
/// A pull's **distance** is how far it is from an indicator at rest in px, the unit of the pull's
/// translation; a refresh's pull counts from the trigger, so that a further pull while refreshing meets the
/// resistance at once. The indicator's height follows `TopLockRefreshOptions.revealedHeight(forPullDistance:)`.
@_spi(Engine)
public struct RefreshIndicator: Sendable, Equatable {
  /// What the indicator does.
  public enum Motion: Sendable, Equatable {
    /// Still at `revealedHeight`.
    case still
    /// Following a pull that began `startDistance` px from rest; `mayRefresh` when it began with no refresh
    /// running, so that its release may start one.
    case pulling(startDistance: Double, mayRefresh: Bool)
    /// Springing on its own, `elapsed` s after the spring's start.
    case springing(CriticallyDampedSpring, elapsed: Double)
  }

  /// The options in force.
  public private(set) var options: TopLockRefreshOptions
  /// Whether a refresh runs: from a release past the trigger (or `beginRefreshing()`) to `endRefreshing()`.
  public private(set) var isRefreshing = false
  /// What the indicator does now.
  public private(set) var motion = Motion.still
  /// The indicator's height now, in px.
  public private(set) var revealedHeight = 0.0

  /// An indicator at rest, hidden, not refreshing.
  public init(options: TopLockRefreshOptions) {
    self.options = options
  }

  /// The distance, in px, the indicator rests at: the trigger while refreshing, 0 otherwise.
  public var restingDistance: Double { isRefreshing ? options.triggerDistance : 0 }

  /// How far the host is from its rest, in px of pull (`TopLockHost.hostOffset`): 0 at rest, and while
  /// refreshing at the refresh's height, so that the list scrolls freely under a refresh; the distance
  /// the indicator still has to go back while it springs toward its rest.
  public var hostOffset: Double { max(0, distance(forRevealedHeight: revealedHeight) - restingDistance) }

  /// Changes the options; a refresh in progress rests at the new trigger's height on its next spring.
  public mutating func setOptions(_ newOptions: TopLockRefreshOptions) {
    options = newOptions
  }

  /// A pull began: the indicator stops where it is and follows the pull from there.
  public mutating func pullBegan() {
    motion = .pulling(startDistance: restingDistance + hostOffset, mayRefresh: !isRefreshing)
  }

  /// The pull moved to `translation` px from its press (positive downward); sets the height.
  public mutating func pullChanged(translation: Double) {
    guard case .pulling(let startDistance, _) = motion else { return }
    revealedHeight = options.revealedHeight(
      forPullDistance: max(restingDistance, startDistance + translation))
  }

  /// The pull was released at `velocity` px/s (positive downward). Returns `true` when this release starts a
  /// refresh (the app's handler is due, once): the indicator was at or past the trigger, and no refresh ran
  /// from the pull's start to its release. The indicator springs to its rest: the trigger's height while
  /// refreshing, 0 otherwise.
  public mutating func pullEnded(velocity: Double) -> Bool {
    guard case .pulling(_, let mayRefresh) = motion else { return false }
    let startsRefresh = mayRefresh && !isRefreshing && revealedHeight >= options.triggerDistance
    if startsRefresh { isRefreshing = true }
    spring(velocity: velocity * revealPerDistance(atHeight: revealedHeight))
    return startsRefresh
  }

  /// The pull was taken away: the indicator springs back to its rest, and nothing starts.
  public mutating func pullCancelled() {
    guard case .pulling = motion else { return }
    spring(velocity: 0)
  }

  /// Starts a refresh from code: the indicator springs to the trigger's height. Returns `false`, and changes
  /// nothing, when a refresh already runs.
  public mutating func beginRefreshing() -> Bool {
    guard !isRefreshing else { return false }
    isRefreshing = true
    if case .pulling(let startDistance, _) = motion {
      // The pull holds the indicator; it springs to the refresh's height at its release, which starts nothing.
      motion = .pulling(startDistance: startDistance, mayRefresh: false)
      return true
    }
    spring(velocity: 0)
    return true
  }

  /// Ends the refresh: the indicator springs back to 0, unless a pull holds it (it goes back at that pull's
  /// release, which starts no refresh). Returns `false`, and changes nothing, when no refresh runs.
  public mutating func endRefreshing() -> Bool {
    guard isRefreshing else { return false }
    isRefreshing = false
    if case .pulling = motion { return true }
    spring(velocity: 0)
    return true
  }

  /// Moves the spring to `elapsed` s after its start. Returns whether it still moves; once at rest the
  /// indicator is still at its resting height.
  public mutating func advance(to elapsed: Double) -> Bool {
    guard case .springing(let spring, _) = motion else { return false }
    guard !spring.isSettled(after: elapsed) else {
      revealedHeight = spring.target
      motion = .still
      return false
    }
    // Critically damped, the spring passes its target at most once: held at or above 0, the indicator
    // never shows a negative height.
    revealedHeight = max(0, spring.position(after: elapsed))
    motion = .springing(spring, elapsed: elapsed)
    return true
  }

  /// Springs from where the indicator is to its resting height (after an option change), unless a pull
  /// holds it or it is there already.
  public mutating func springToRest() {
    if case .pulling = motion { return }
    guard revealedHeight != options.revealedHeight(forPullDistance: restingDistance) else { return }
    spring(velocity: 0)
  }

  /// Jumps to the end of a spring in progress (animations off, or the widget not shown).
  public mutating func finishSpring() {
    guard case .springing(let spring, _) = motion else { return }
    revealedHeight = spring.target
    motion = .still
  }

  /// Springs from the current height toward the resting height, starting at `velocity` px/s of height.
  private mutating func spring(velocity: Double) {
    let target = options.revealedHeight(forPullDistance: restingDistance)
    let spring = CriticallyDampedSpring(
      from: revealedHeight, target: target, velocity: SheetSettling.releaseVelocity(velocity))
    motion = .springing(spring, elapsed: 0)
  }

  /// The pull distance, in px, that reveals `height` px: the inverse of the options' height.
  private func distance(forRevealedHeight height: Double) -> Double {
    guard height > options.triggerDistance else { return max(0, height) }
    return options.triggerDistance + (height - options.triggerDistance) / options.resistance
  }

  /// px of height per px of pull at `height` px.
  private func revealPerDistance(atHeight height: Double) -> Double {
    height > options.triggerDistance ? options.resistance : 1
  }
}
