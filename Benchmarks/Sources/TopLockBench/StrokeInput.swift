import CTopLockGtk
import Foundation
import TopLockTestSupport

/// What `frames` plays its strokes with: XTest's mouse on X11 (`XTestPointer`) or real touch through
/// Broadway (`TouchStrokeInput`). A stroke returns once its release is sent; GTK runs meanwhile.
///
/// Main actor only.
@MainActor
protocol StrokeInput {
  /// Plays `stroke` from `start`, in `scrolledWindow`'s px.
  func play(_ stroke: DragStroke, from start: WidgetPoint, in scrolledWindow: UnsafeMutablePointer<GtkWidget>)
    throws
  /// Lifts whatever is still down (a round that ended early).
  func liftAll()
}

extension XTestPointer: StrokeInput {
  func play(_ stroke: DragStroke, from start: WidgetPoint, in scrolledWindow: UnsafeMutablePointer<GtkWidget>)
    throws
  {
    try drag(stroke, from: start, in: scrolledWindow)
  }

  func liftAll() {
    releaseAllButtons()
  }
}

/// Real touch strokes on a Broadway display: `BroadwayTouchscreen` sends each finger's events at their
/// pace, sleeping between them, so it plays on a thread of its own while the main thread runs GTK (which
/// draws in this process) until the stroke is over. One stroke at a time drives the touchscreen.
///
/// Main actor only. Owns the touchscreen (its server stops with it).
@MainActor
final class TouchStrokeInput: StrokeInput {
  /// The longest a stroke may take, in ms.
  private static let strokeTimeout = 30_000.0

  private let touchscreen: BroadwayTouchscreen
  private let window: UnsafeMutablePointer<GtkWidget>
  private let surface: Int

  /// Touch on the surface of `window`, shown on `touchscreen`'s display; waits (running GTK) up to 5 s for
  /// the surface to show.
  ///
  /// - Throws: `TestSupportError.timedOut` when no surface shows.
  init(touchscreen: BroadwayTouchscreen, window: UnsafeMutablePointer<GtkWidget>) throws {
    self.touchscreen = touchscreen
    self.window = window
    var shown: Int?
    MainLoopPump.run(timeoutMilliseconds: 5_000) {
      shown = touchscreen.surfaces.values.filter(\.isVisible).map(\.id).max()
      return shown != nil
    }
    guard let shown else { throw TestSupportError.timedOut(waitingFor: "the window's Broadway surface") }
    surface = shown
  }

  func play(_ stroke: DragStroke, from start: WidgetPoint, in scrolledWindow: UnsafeMutablePointer<GtkWidget>)
    throws
  {
    let driver = TouchDriver(touchscreen: touchscreen)
    let point = surfacePoint(of: start, in: scrolledWindow)
    let thread = Thread { [surface] in driver.drag(stroke, from: point, on: surface) }
    thread.start()
    guard MainLoopPump.run(timeoutMilliseconds: Self.strokeTimeout, until: { driver.isDone }) else {
      throw TestSupportError.timedOut(waitingFor: "a touch stroke to end")
    }
    if let error = driver.error { throw error }
  }

  /// Each stroke lifts its finger before it returns.
  func liftAll() {}

  /// `point` in `widget`'s px, in the window surface's px.
  private func surfacePoint(of point: WidgetPoint, in widget: UnsafeMutablePointer<GtkWidget>) -> WidgetPoint
  {
    var bounds = graphene_rect_t()
    _ = gtk_widget_compute_bounds(widget, window, &bounds)
    var surfaceX = 0.0
    var surfaceY = 0.0
    gtk_native_get_surface_transform(OpaquePointer(window), &surfaceX, &surfaceY)
    return WidgetPoint(
      x: point.x + Double(bounds.origin.x) + surfaceX, y: point.y + Double(bounds.origin.y) + surfaceY)
  }
}

/// One touch stroke played on another thread: the touchscreen is used by that thread alone while the stroke
/// runs (the main thread waits on `isDone`), and the outcome is read under a lock.
private final class TouchDriver: @unchecked Sendable {
  private let touchscreen: BroadwayTouchscreen
  private let lock = NSLock()
  private var done = false
  private var failure: (any Error)?

  init(touchscreen: BroadwayTouchscreen) {
    self.touchscreen = touchscreen
  }

  var isDone: Bool { lock.withLock { done } }
  var error: (any Error)? { lock.withLock { failure } }

  func drag(_ stroke: DragStroke, from start: WidgetPoint, on surface: Int) {
    var outcome: (any Error)?
    do {
      try touchscreen.drag(stroke, from: start, on: surface)
    } catch {
      outcome = error
    }
    lock.withLock {
      failure = outcome
      done = true
    }
  }
}
