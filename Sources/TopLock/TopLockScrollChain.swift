import CTopLock
import CTopLockGtk
@_spi(Engine) import TopLockCore
import TopLockGObject

/// Scroll chaining: an outer GtkScrolledWindow as the host of an inner one it holds (docs/RULES.md C1 to C3).
///
/// The inner scrolls first. At its top, the rest of a downward drag scrolls the outer (its content moves
/// down with the pointer, 1:1, in the same gesture) until the outer reaches its own top, where the drag
/// moves nothing more and nothing overshoots; pushing back scrolls the outer back first, at once, then the
/// inner again. At the inner's bottom the same holds upward, mirrored (B1): the rest of an upward drag
/// scrolls the outer toward its bottom. Released with the outer moving, the outer flings on at the release
/// velocity; a fling of the inner that reaches an edge carries its velocity into the outer. A two-finger
/// touchpad sequence chains the same way, handed from the inner to the outer at the inner's edge. Both
/// scrolled windows have TopLock attached, so the outer keeps its own edge rules (its options): no
/// overshoot at a locked edge, anywhere in the chain. `TopLockChainOptions` (`.auto` or `.contain` at each
/// edge, after CSS `overscroll-behavior`) turns the chaining off and on.
///
/// Main actor only. Ownership: the app keeps the chain; the scrollers keep themselves (see
/// `TopLockScroller`) and hold the chain weakly, as the inner's host at the top, and the chain's bottom edge
/// weakly, as its host at the bottom (the chain keeps that one).
@MainActor
public final class TopLockScrollChain: TopLockHost {
  /// The inner scrolled window's scroller; the chain is its host.
  public let inner: TopLockScroller
  /// The outer scrolled window's scroller: its own, when it had one (it may have a host of its own).
  public let outer: TopLockScroller
  /// The options in force (`setOptions(_:)` changes them).
  public private(set) var options: TopLockChainOptions
  /// The inner's host at its bottom: the chain's own pull handling, at that edge.
  private let bottomEdge = ChainBottomEdge()
  /// The edge of the pull in progress and the outer's value when it began, px; `nil` between pulls.
  private var pullStart: (edge: ScrollEdge, outerValue: Double)?
  /// The outer's kinetic scrolling when the pull in progress began: held off during the pull, so that GTK
  /// flings nothing into the values the chain sets (another finger lifting on the inner list would fling
  /// the outer's own swipe).
  private var outerKineticAtPullStart: gboolean?

  /// Chains `inner` to `outer`, which must hold it in its content. Each gets TopLock attached with its
  /// options, unless it has a scroller already (the outer may be another chain's inner, or a sheet's list),
  /// which is then used as it is. Everything is checked before anything is attached: when it throws, both
  /// scrolled windows are left as they were.
  ///
  /// - Parameters:
  ///   - inner: the inner GtkScrolledWindow, inside `outer`'s content; its scroller must have no host at
  ///     either edge.
  ///   - outer: the outer GtkScrolledWindow.
  ///   - innerOptions: the inner scroller's options when it gets one (its edge policies are the chain's:
  ///     `.lockAndHandOff` for `.auto`, `.clamp` for `.contain`).
  ///   - outerOptions: the outer scroller's options when it gets one: its own edges.
  ///   - chainOptions: what the inner's edges do (`TopLockChainOptions`).
  /// - Throws: `TopLockError.invalidOption(name: "outer")` when `outer` does not hold `inner`;
  ///   `.alreadyAttached` when the inner's scroller has a host; whatever
  ///   `TopLockScroller.attach(to:options:host:)` throws for either.
  public init(
    inner: UnsafeMutablePointer<GtkWidget>, outer: UnsafeMutablePointer<GtkWidget>,
    innerOptions: TopLockOptions = TopLockOptions(), outerOptions: TopLockOptions = TopLockOptions(),
    chainOptions: TopLockChainOptions = TopLockChainOptions()
  ) throws(TopLockError) {
    try innerOptions.validate()
    try outerOptions.validate()
    guard toplock_is_object(inner) != 0, toplock_is_object(outer) != 0,
      gtk_widget_is_ancestor(inner, outer) != 0
    else {
      throw .invalidOption(
        name: "outer", reason: "must be a scrolled window holding the inner one in its content")
    }
    let existingInner = TopLockScroller.attached(to: inner)
    if let existingInner, existingInner.host != nil || existingInner.bottomHost != nil {
      throw .alreadyAttached
    }
    let existingOuter = TopLockScroller.attached(to: outer)
    let outerScroller: TopLockScroller
    if let existingOuter {
      outerScroller = existingOuter
    } else {
      outerScroller = try TopLockScroller.attach(to: outer, options: outerOptions)
    }
    let innerScroller: TopLockScroller
    if let existingInner {
      innerScroller = existingInner
    } else {
      do {
        innerScroller = try TopLockScroller.attach(
          to: inner, options: Self.innerOptions(innerOptions, for: chainOptions))
      } catch {
        if existingOuter == nil { outerScroller.detach() }
        throw error
      }
    }
    self.inner = innerScroller
    self.outer = outerScroller
    options = chainOptions
    bottomEdge.chain = self
    innerScroller.host = self
    innerScroller.bottomHost = bottomEdge
    applyEdgeBehaviors()
  }

  /// Changes what the inner's edges do; a pull in progress is given up when chaining turns off at its edge.
  public func setOptions(_ newOptions: TopLockChainOptions) {
    guard newOptions != options else { return }
    options = newOptions
    applyEdgeBehaviors()
  }

  // MARK: - TopLockHost, at the inner's top

  /// 0: every gesture on the inner starts with the inner.
  public var hostOffset: Double { 0 }

  /// How far the outer can still scroll toward its top, px.
  public var hostOffsetLimit: Double { outerRoom(toward: .top) }

  public func pullBegan() { beginPull(at: .top) }

  public func pullChanged(translation: Double, velocity: Double) {
    movePull(at: .top, translation: translation)
  }

  public func pullEnded(velocity: Double) { endPull(at: .top, velocity: velocity) }

  public func pullCancelled() { cancelPull() }

  public func listFlingReachedTop(velocity: Double) { carryFling(at: .top, velocity: velocity) }

  // MARK: - Either edge

  /// How far the outer can still scroll toward `edge`, px.
  fileprivate func outerRoom(toward edge: ScrollEdge) -> Double {
    outerMetrics?.room(toward: edge) ?? 0
  }

  fileprivate func beginPull(at edge: ScrollEdge) {
    outer.hostPressed()
    pullStart = outerMetrics.map { (edge, $0.value) }
    if let page = outer.scrolledWindow {
      outerKineticAtPullStart = gtk_scrolled_window_get_kinetic_scrolling(OpaquePointer(page))
      gtk_scrolled_window_set_kinetic_scrolling(OpaquePointer(page), 0)
    }
  }

  /// The pull at `edge` is `translation` px outward: the outer scrolls as far toward that edge.
  fileprivate func movePull(at edge: ScrollEdge, translation: Double) {
    guard let pullStart, pullStart.edge == edge, translation.isFinite else { return }
    setOuterValue(pullStart.outerValue - edge.outwardSign * translation)
  }

  /// Released at `velocity` px/s outward: the outer flings on toward `edge` at that speed.
  fileprivate func endPull(at edge: ScrollEdge, velocity: Double) {
    pullStart = nil
    restoreOuterKinetic()
    guard velocity.isFinite, velocity != 0 else { return }
    outer.fling(velocity: -edge.outwardSign * velocity)
  }

  fileprivate func cancelPull() {
    restoreOuterKinetic()
    guard let pullStart else { return }
    self.pullStart = nil
    setOuterValue(pullStart.outerValue)
  }

  /// The inner's fling reached `edge` at `velocity` px/s, negative toward it: the outer flings on.
  fileprivate func carryFling(at edge: ScrollEdge, velocity: Double) {
    outer.fling(velocity: edge.outwardSign * velocity)
  }

  // MARK: - Private

  private var outerAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
    outer.scrolledWindow.flatMap { gtk_scrolled_window_get_vadjustment(OpaquePointer($0)) }
  }

  private var outerMetrics: ScrollMetrics? { outerAdjustment.map { ScrollMetrics($0) } }

  /// Sets the outer's value to `value` px, held within its range (a value set in range never overshoots).
  private func setOuterValue(_ value: Double) {
    guard let adjustment = outerAdjustment else { return }
    let metrics = ScrollMetrics(adjustment)
    gtk_adjustment_set_value(adjustment, min(max(value, metrics.lower), metrics.maxValue))
  }

  private func restoreOuterKinetic() {
    guard let kinetic = outerKineticAtPullStart else { return }
    outerKineticAtPullStart = nil
    if let page = outer.scrolledWindow {
      gtk_scrolled_window_set_kinetic_scrolling(OpaquePointer(page), kinetic)
    }
  }

  /// `options` with the edge policies `chainOptions` asks of the inner: handed off to the chain, or clamped.
  private static func innerOptions(_ options: TopLockOptions, for chainOptions: TopLockChainOptions)
    -> TopLockOptions
  {
    var innerOptions = options
    innerOptions.topPolicy = chainOptions.top == .auto ? .lockAndHandOff : .clamp
    innerOptions.bottomPolicy = chainOptions.bottom == .auto ? .lockAndHandOff : .clamp
    return innerOptions
  }

  /// Gives the inner's edges the policies `options` asks.
  private func applyEdgeBehaviors() {
    try? inner.setOptions(Self.innerOptions(inner.options, for: options))
  }
}

/// The chain's bottom edge, as the inner scroller's `bottomHost`: the chain's own pull handling, at the
/// bottom. Holds the chain weakly (the chain keeps it).
@MainActor
private final class ChainBottomEdge: TopLockHost {
  weak var chain: TopLockScrollChain?

  var hostOffset: Double { 0 }

  var hostOffsetLimit: Double { chain?.outerRoom(toward: .bottom) ?? 0 }

  func pullBegan() { chain?.beginPull(at: .bottom) }

  func pullChanged(translation: Double, velocity: Double) {
    chain?.movePull(at: .bottom, translation: translation)
  }

  func pullEnded(velocity: Double) { chain?.endPull(at: .bottom, velocity: velocity) }

  func pullCancelled() { chain?.cancelPull() }

  func listFlingReachedTop(velocity: Double) { chain?.carryFling(at: .bottom, velocity: velocity) }
}
