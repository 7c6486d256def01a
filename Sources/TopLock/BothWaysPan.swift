import CTopLockGtk
import TopLockCore

/// TopLock's own pan of a horizontal drag in a scrolled window that scrolls both ways, and the fling after
/// it (`ContentPan`). GTK's drag there moves both axes at once, so a sideways drag that drifts down at the
/// top would carry the content past the locked top edge; denying GTK's drag instead would stop the
/// sideways scrolling too. Both axes follow the pointer 1:1 and stop at their edges.
///
/// Main actor only. The scrolled window is not retained: its scroller stops the pan before it detaches.
@MainActor
final class BothWaysPan {
  private let scrolledWindow: UnsafeMutablePointer<GtkWidget>
  private var pan: ContentPan?
  private var fling: ContentPanFling?
  private var flingTicks: ElapsedFrameTicks?

  /// Whether GTK's drag on `scrolledWindow` would move its content sideways as well as up and down. GTK 4.8
  /// moves the horizontal axis whenever its scrollbar is visible or the policy is EXTERNAL (`may_hscroll` in
  /// gtkscrolledwindow.c), so under ALWAYS and EXTERNAL it does even for content no wider than the page, and
  /// its drag then carries the vertical axis past the top with no `value-changed`. Under AUTOMATIC the
  /// scrollbar shows when the content is wider than the page.
  static func scrollsBothWays(_ scrolledWindow: UnsafeMutablePointer<GtkWidget>) -> Bool {
    var horizontalPolicy = GTK_POLICY_NEVER
    gtk_scrolled_window_get_policy(OpaquePointer(scrolledWindow), &horizontalPolicy, nil)
    switch horizontalPolicy {
    case GTK_POLICY_ALWAYS, GTK_POLICY_EXTERNAL:
      return true
    case GTK_POLICY_AUTOMATIC:
      guard let horizontal = gtk_scrolled_window_get_hadjustment(OpaquePointer(scrolledWindow)) else {
        return false
      }
      let metrics = ScrollMetrics(horizontal)
      return metrics.maxValue > metrics.lower
    default:
      return false
    }
  }

  /// Starts panning a drag pressed at (`x`, `y`) px (root coordinates) at `time` ms, when the content
  /// stood at `horizontalAtPress` and `verticalAtPress` px.
  init(
    scrolledWindow: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double, time: Double,
    horizontalAtPress: Double, verticalAtPress: Double
  ) {
    self.scrolledWindow = scrolledWindow
    pan = ContentPan(
      pressX: x, pressY: y, time: time, horizontalAtPress: horizontalAtPress, verticalAtPress: verticalAtPress
    )
  }

  /// Whether the drag is still being panned (it has not been released or stopped).
  var isDragging: Bool { pan != nil }

  /// The pointer moved to (`x`, `y`) px at `time` ms: both axes follow.
  func move(x: Double, y: Double, time: Double) {
    guard var pan, let (horizontal, vertical) = adjustments else { return }
    let values = pan.move(
      x: x, y: y, time: time, horizontal: ScrollMetrics(horizontal), vertical: ScrollMetrics(vertical))
    self.pan = pan
    gtk_adjustment_set_value(horizontal, values.horizontal)
    gtk_adjustment_set_value(vertical, values.vertical)
  }

  /// The pointer was released at (`x`, `y`) px at `time` ms: the content flings on with the pointer's
  /// velocity, if it had any.
  func release(x: Double, y: Double, time: Double) {
    guard var pan, let (horizontal, vertical) = adjustments else { return }
    self.pan = nil
    let fling = pan.release(
      x: x, y: y, time: time, horizontal: ScrollMetrics(horizontal), vertical: ScrollMetrics(vertical))
    guard fling.isRunning else { return }
    self.fling = fling
    flingTicks = ElapsedFrameTicks(on: scrolledWindow) { [weak self] elapsed in
      self?.flingFrame(elapsed: elapsed) ?? false
    }
  }

  /// Ends the drag and the fling where they are; safe to call twice.
  func stop() {
    pan = nil
    fling = nil
    flingTicks?.remove()
    flingTicks = nil
  }

  private var adjustments: (UnsafeMutablePointer<GtkAdjustment>, UnsafeMutablePointer<GtkAdjustment>)? {
    guard let horizontal = gtk_scrolled_window_get_hadjustment(OpaquePointer(scrolledWindow)),
      let vertical = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolledWindow))
    else { return nil }
    return (horizontal, vertical)
  }

  /// One frame of the fling; returns whether to keep ticking.
  private func flingFrame(elapsed: Double) -> Bool {
    guard var fling, let (horizontal, vertical) = adjustments else { return false }
    let values = fling.frame(
      elapsed: elapsed, horizontal: ScrollMetrics(horizontal), vertical: ScrollMetrics(vertical))
    self.fling = fling
    if let value = values.horizontal { gtk_adjustment_set_value(horizontal, value) }
    if let value = values.vertical { gtk_adjustment_set_value(vertical, value) }
    if !fling.isRunning {
      self.fling = nil
      flingTicks = nil
    }
    return fling.isRunning
  }
}
