import CTopLockGtk
import TopLock
import TopLockGObject

/// `lag`'s positive control: a host that moves a frame late on purpose. Each pull translation waits for two
/// ticks of the frame clock before it becomes the widget's top margin, so its move is painted one frame after
/// a move made at once would be: the probe must count one frame more for it than for TopLock's sheet.
///
/// Main actor only. Moves `widget` (not owned) by its top margin, px.
@MainActor
final class FrameLateHost: TopLockHost {
  /// Ticks a translation waits: the first comes in the frame that would paint it at once.
  private static let ticksToWait = 2

  private let widget: UnsafeMutablePointer<GtkWidget>
  private var ticks: TickCallback?
  private(set) var hostOffset = 0.0

  init(moving widget: UnsafeMutablePointer<GtkWidget>) {
    self.widget = widget
  }

  func pullBegan() {}

  func pullChanged(translation: Double, velocity: Double) {
    ticks?.remove()
    var ticksLeft = Self.ticksToWait
    ticks = TickCallback(on: widget) { [weak self] _ in
      ticksLeft -= 1
      guard ticksLeft == 0 else { return true }
      self?.move(to: translation)
      return false
    }
  }

  func pullEnded(velocity: Double) {}

  func pullCancelled() {}

  /// Removes a pending move.
  func stop() {
    ticks?.remove()
    ticks = nil
  }

  private func move(to offset: Double) {
    hostOffset = offset
    gtk_widget_set_margin_top(widget, Int32(offset.rounded()))
  }
}
