import CTopLockGtk
import TopLockGObject

/// Measures a `GtkScrolledWindow`'s overshoot frame by frame: which frames draw the top or bottom glow, the
/// vertical adjustment's value at each frame, and how often `edge-overshot` fires per edge.
///
/// Installing adds `OvershootMarkerStylesheet` (marker colours at USER priority), a tick callback on the
/// scrolled window, and an `after-paint` handler on its frame clock. The tick keeps the frame clock running, so
/// every frame is sampled, idle ones included. The sample is taken after the paint: the scrolled window is
/// rendered through `gtk_widget_paintable_new` and `gdk_paintable_snapshot`, which yields the render node GTK
/// has just painted, and the tree is searched for colour nodes of the marker colours. (At tick time, before
/// layout and paint, a widget that was queued for redraw has no render node yet, so a tick-time sample would
/// miss exactly the frames that change.)
///
/// Main actor only. The counter holds references on the scrolled window and its frame clock until `remove()`;
/// call `remove()` before destroying the window so the callbacks, handlers and stylesheet go with it.
@MainActor
public final class GlowFrameCounter {
  private static let microsecondsPerMillisecond = 1000.0

  private let scrolledWindow: UnsafeMutablePointer<GtkWidget>
  private var stylesheet: OvershootMarkerStylesheet?
  private var tickRegistration: TickCallback?
  private var edgeOvershotConnection: SignalConnection?
  private var afterPaintClock: OpaquePointer?
  private var afterPaintConnection: SignalConnection?

  /// One sample per frame since installation or the last `reset()`, oldest first.
  public private(set) var samples: [GlowFrameSample] = []
  /// `edge-overshot` emissions for `GTK_POS_TOP` since installation or the last `reset()`.
  public private(set) var topOvershotCount = 0
  /// `edge-overshot` emissions for `GTK_POS_BOTTOM` since installation or the last `reset()`.
  public private(set) var bottomOvershotCount = 0
  /// Called with each frame's sample right after `samples` has it. One observer at a time: whoever sets it
  /// clears it when done.
  public var onSample: ((GlowFrameSample) -> Void)?

  /// Frames sampled.
  public var frameCount: Int { samples.count }
  /// Frames that drew the top glow.
  public var topGlowFrameCount: Int { samples.count { $0.showsTopGlow } }
  /// Frames that drew the bottom glow.
  public var bottomGlowFrameCount: Int { samples.count { $0.showsBottomGlow } }
  /// Whether the counter is still installed (`remove()` not yet called).
  public var isInstalled: Bool { stylesheet != nil }

  /// Installs the counter on `scrolledWindow`, which must be a `GtkScrolledWindow` (traps otherwise). GTK must
  /// be started. Sampling starts with the next frame of a mapped window.
  public init(scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
    precondition(
      GObjectType.isInstance(scrolledWindow, of: gtk_scrolled_window_get_type()),
      "GlowFrameCounter needs a GtkScrolledWindow")
    self.scrolledWindow = scrolledWindow
    g_object_ref(scrolledWindow)
    stylesheet = OvershootMarkerStylesheet()
    tickRegistration = TickCallback(on: scrolledWindow) { [weak self] frameClock in
      guard let self else { return false }
      self.observePaints(of: frameClock)
      return true
    }
    edgeOvershotConnection = SignalConnection.connect(scrolledWindow, .edgeOvershot) {
      [weak self] rawPosition in
      self?.recordEdgeOvershot(GtkPositionType(rawValue: rawPosition))
    }
  }

  /// Forgets the samples and `edge-overshot` counts so far; keeps counting from the next frame.
  public func reset() {
    samples.removeAll()
    topOvershotCount = 0
    bottomOvershotCount = 0
  }

  /// Removes the tick callback, the signal handler and the stylesheet, and drops the reference on the scrolled
  /// window. The recorded figures stay readable. Safe to call twice.
  public func remove() {
    guard let stylesheet else { return }
    tickRegistration?.remove()
    tickRegistration = nil
    edgeOvershotConnection?.disconnect()
    edgeOvershotConnection = nil
    stopObservingPaints()
    stylesheet.remove()
    self.stylesheet = nil
    g_object_unref(scrolledWindow)
  }

  /// Connects the `after-paint` handler to `frameClock` unless it is already there; the scrolled window's clock
  /// changes when it moves to another window.
  private func observePaints(of frameClock: OpaquePointer) {
    if frameClock == afterPaintClock { return }
    stopObservingPaints()
    g_object_ref(UnsafeMutableRawPointer(frameClock))
    afterPaintClock = frameClock
    afterPaintConnection = SignalConnection.connect(UnsafeMutableRawPointer(frameClock), .afterPaint) {
      [weak self] in self?.recordFrame(frameClock: frameClock)
    }
  }

  private func stopObservingPaints() {
    guard let afterPaintClock else { return }
    afterPaintConnection?.disconnect()
    afterPaintConnection = nil
    g_object_unref(UnsafeMutableRawPointer(afterPaintClock))
    self.afterPaintClock = nil
  }

  private func recordFrame(frameClock: OpaquePointer) {
    let glows = drawnGlows()
    let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolledWindow))
    let sample = GlowFrameSample(
      frameTimeMilliseconds: Double(gdk_frame_clock_get_frame_time(frameClock))
        / Self.microsecondsPerMillisecond,
      adjustmentValue: gtk_adjustment_get_value(adjustment),
      showsTopGlow: glows.top,
      showsBottomGlow: glows.bottom)
    samples.append(sample)
    onSample?(sample)
  }

  /// Which glows the scrolled window's last painted render node holds; none when it has no node (not drawn).
  private func drawnGlows() -> (top: Bool, bottom: Bool) {
    let paintable = gtk_widget_paintable_new(scrolledWindow)
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let snapshot = gtk_snapshot_new()
    gdk_paintable_snapshot(
      paintable, snapshot, Double(gtk_widget_get_width(scrolledWindow)),
      Double(gtk_widget_get_height(scrolledWindow)))
    guard let node = gtk_snapshot_free_to_node(snapshot) else { return (false, false) }
    defer { gsk_render_node_unref(node) }
    let present = RenderNodeColorSearch.colorsPresent(
      [OvershootMarkerStylesheet.topGlowColor, OvershootMarkerStylesheet.bottomGlowColor], under: node)
    return (present[0], present[1])
  }

  private func recordEdgeOvershot(_ position: GtkPositionType) {
    if position == GTK_POS_TOP { topOvershotCount += 1 }
    if position == GTK_POS_BOTTOM { bottomOvershotCount += 1 }
  }
}
