import CTopLock
import CTopLockGtk
@_spi(Engine) import TopLockCore
import TopLockGObject

/// Scroll chaining: an outer GtkScrolledWindow as the host of an inner one it holds (docs/RULES.md C1 to C3).
///
/// The inner scrolls first. At its top, the rest of a downward drag scrolls the outer (its content moves
/// down with the pointer, 1:1, in the same gesture) until the outer reaches its own top, where the drag
/// moves nothing more and nothing overshoots; pushing back scrolls the outer back first, at once, then the
/// inner again. Released with the outer moving, the outer flings on at the release velocity; a fling of the
/// inner that reaches its top carries its velocity into the outer. A two-finger touchpad pull chains the
/// same way, its sequence handed from the inner to the outer at the inner's top. Both scrolled windows have
/// TopLock attached, so the outer keeps its own edge rules (its options): no overshoot at a locked edge,
/// anywhere in the chain. `TopLockChainOptions.top` (`.auto` or `.contain`, after CSS `overscroll-behavior`)
/// turns the chaining off and on.
///
/// Main actor only. Ownership: the app keeps the chain; the scrollers keep themselves (see
/// `TopLockScroller`) and hold the chain weakly, as the inner's host.
@MainActor
public final class TopLockScrollChain: TopLockHost {
  /// The inner scrolled window's scroller; the chain is its host.
  public let inner: TopLockScroller
  /// The outer scrolled window's scroller: its own, when it had one (it may have a host of its own).
  public let outer: TopLockScroller
  /// The options in force (`setOptions(_:)` changes them).
  public private(set) var options: TopLockChainOptions
  /// The outer's value when the pull in progress began, px; `nil` between pulls.
  private var outerValueAtPullStart: Double?
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
  ///   - inner: the inner GtkScrolledWindow, inside `outer`'s content; its scroller must have no host.
  ///   - outer: the outer GtkScrolledWindow.
  ///   - innerOptions: the inner scroller's options when it gets one (its top policy is the chain's:
  ///     `.lockAndHandOff` for `.auto`, `.clamp` for `.contain`).
  ///   - outerOptions: the outer scroller's options when it gets one: its own edges.
  ///   - chainOptions: what the inner's top does (`TopLockChainOptions`).
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
    if let existingInner, existingInner.host != nil { throw .alreadyAttached }
    let existingOuter = TopLockScroller.attached(to: outer)
    var chaining = innerOptions
    chaining.topPolicy = .lockAndHandOff
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
        innerScroller = try TopLockScroller.attach(to: inner, options: chaining)
      } catch {
        if existingOuter == nil { outerScroller.detach() }
        throw error
      }
    }
    self.inner = innerScroller
    self.outer = outerScroller
    options = chainOptions
    innerScroller.host = self
    applyTopBehavior()
  }

  /// Changes what the inner's top does; a pull in progress is given up when chaining turns off.
  public func setOptions(_ newOptions: TopLockChainOptions) {
    guard newOptions != options else { return }
    options = newOptions
    applyTopBehavior()
  }

  // MARK: - TopLockHost

  /// 0: every gesture on the inner starts with the inner.
  public var hostOffset: Double { 0 }

  /// How far the outer can still scroll toward its top, px.
  public var hostOffsetLimit: Double {
    guard let metrics = outerMetrics else { return 0 }
    return max(0, metrics.value - metrics.lower)
  }

  public func pullBegan() {
    outer.hostPressed()
    outerValueAtPullStart = outerMetrics?.value
    if let page = outer.scrolledWindow {
      outerKineticAtPullStart = gtk_scrolled_window_get_kinetic_scrolling(OpaquePointer(page))
      gtk_scrolled_window_set_kinetic_scrolling(OpaquePointer(page), 0)
    }
  }

  public func pullChanged(translation: Double, velocity: Double) {
    guard let start = outerValueAtPullStart, translation.isFinite else { return }
    setOuterValue(start - translation)
  }

  public func pullEnded(velocity: Double) {
    outerValueAtPullStart = nil
    restoreOuterKinetic()
    guard velocity.isFinite, velocity != 0 else { return }
    outer.fling(velocity: -velocity)
  }

  public func pullCancelled() {
    restoreOuterKinetic()
    guard let start = outerValueAtPullStart else { return }
    outerValueAtPullStart = nil
    setOuterValue(start)
  }

  public func listFlingReachedTop(velocity: Double) {
    outer.fling(velocity: velocity)
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

  /// The inner's top policy for `options.top`: handed off to the chain, or clamped.
  private func applyTopBehavior() {
    var innerOptions = inner.options
    innerOptions.topPolicy = options.top == .auto ? .lockAndHandOff : .clamp
    try? inner.setOptions(innerOptions)
  }
}
