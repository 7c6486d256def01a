import CTopLockGtk
import TopLock
@_spi(Engine) import TopLockCore
import TopLockGObject
import TopLockTestSupport

/// Stands between a scroller and its host while real input runs, and records every invariant that slips
/// (`Check` names them):
///
/// - the top edge never overshoots: no frame draws the top glow (read from a `GlowFrameCounter`, when given
///   one) and GTK never emits a top `edge-overshot`. These are the checks a stock scrolled window fails;
/// - on every input (`onStateChange`) and every frame (a tick callback), as a sanity check only, the value is
///   never below `lower`: a GtkAdjustment clamps, so a stock scrolled window passes it while it glows;
/// - on every input and every frame, while the host owns the drag, the value does not change;
/// - the pull events form well-made pulls: `began`, then `changed`s, then one `ended` or `cancelled`;
/// - a pull does not end (nor is cancelled) while the drag the driver runs is down: between `pressed` and
///   `releasing` (with several fingers, the driver reports the finger that owns the drag, the first one down);
/// - the host translation follows the pointer (or the owning finger): its travel since the press minus content travel, within
///   1 px, checked at the checkpoints the driver reports and at the release. The check is skipped for a
///   drag whose content moved before the drag had an owner (the end of a fling the press stops, a row that
///   took focus on the press scrolled into view: whether the host should count that travel is moot), and
///   for one that reached the bottom (what the content cannot take there is dropped, by design).
///
/// Main actor only. Installs itself as the scroller's host and state observer, and forwards every pull event
/// to `host` (held weakly, as the scroller would); `remove()` puts the host back. `init(stockScrolledWindow:
/// glowCounter:)` watches a scrolled window without TopLock instead, with the frame checks only. The monitor
/// holds no widget, and takes the glow counter's `onSample` until `remove()`.
///
/// The driver's positions (`pressed`, `checkpoint`, `releasing`) are vertical positions in px in any one
/// frame that does not move with the window (the X root window, a Broadway surface): only their differences
/// count.
@MainActor
public final class InvariantMonitor: TopLockHost {
  /// The largest accepted difference between the host translation and the pointer, in px (rule R6).
  public static let pointerTolerance = 1.0

  /// The invariants the monitor checks; each violation counts under one. The raw value names it in reports.
  public enum Check: String, CaseIterable, Hashable, Sendable {
    /// A frame drew the top glow: counted once per run of glowing frames.
    case topGlow
    /// GTK emitted `edge-overshot` for the top edge (its private overshoot reached 100 px).
    case topEdgeOvershot
    /// Sanity only, since a GtkAdjustment clamps: the value was below `lower`.
    case valueBelowLowerSanity
    /// The value changed while the host owned the drag.
    case valueMovedUnderHost
    /// The pull events were out of order or carried a non-finite figure.
    case pullEvents
    /// A pull ended or was cancelled while the drag the driver runs was down (before `releasing`).
    case pullEndedWhileDown
    /// The host translation strayed from the pointer by more than `pointerTolerance`.
    case translation
  }

  /// The drag the driver runs: the press and what the monitor learnt since.
  private struct DragRecord {
    var pressY: Double
    var lastValue: Double?
    var contentTravel = 0.0
    var movedBeforeOwner = false
    var reachedBottom = false
    var releaseY: Double?
  }

  private weak var scroller: TopLockScroller?
  private weak var host: (any TopLockHost)?
  /// The scrolled window of `init(stockScrolledWindow:glowCounter:)`; a scroller's is read from the scroller,
  /// which lets go of it before it tells `onStateChange` of its destruction.
  private var stockScrolledWindow: WeakObjectReference?
  private weak var glowCounter: GlowFrameCounter?
  private var frameChecks: TickCallback?
  private var edgeOvershotConnection: SignalConnection?
  /// Whether the last frame sampled drew the top glow.
  private var lastFrameShowedTopGlow = false
  private var drag: DragRecord?
  /// Whether a pull is in progress (began, not yet ended or cancelled).
  public private(set) var isPulling = false
  private var lastTranslation = 0.0
  private var valueWhileHostOwns: Double?

  /// What went wrong, one line each, prefixed with `context` at the time.
  public private(set) var violations: [String] = []
  private var violationCounts: [Check: Int] = [:]
  /// What the driver is doing, for the violation lines.
  public var context = ""
  /// Pulls begun since installation.
  public private(set) var pullsBegan = 0
  /// Pulls that ended with a release.
  public private(set) var pullsEnded = 0
  /// Pulls that were cancelled.
  public private(set) var pullsCancelled = 0
  /// Translation checks made (checkpoints and releases during pulls).
  public private(set) var translationChecks = 0
  /// Translation checks skipped: the content moved before the drag had an owner, or reached the bottom.
  public private(set) var translationChecksSkipped = 0

  /// Watches `scroller`, forwarding pull events to `host`; checks the frames `glowCounter` samples for the
  /// top glow when given one.
  public init(
    scroller: TopLockScroller, forwardingTo host: any TopLockHost, glowCounter: GlowFrameCounter? = nil
  ) {
    self.scroller = scroller
    self.host = host
    scroller.host = self
    scroller.onStateChange = { [weak self] _ in self?.inputHandled() }
    if let widget = scroller.scrolledWindow {
      watchFrames(of: widget, glowCounter: glowCounter)
    }
  }

  /// Watches `scrolledWindow`, a `GtkScrolledWindow` with no TopLock, frame by frame: the overshoot checks
  /// on the frames `glowCounter` samples and on `edge-overshot`, and the value's sanity check.
  public init(
    stockScrolledWindow scrolledWindow: UnsafeMutablePointer<GtkWidget>, glowCounter: GlowFrameCounter
  ) {
    stockScrolledWindow = WeakObjectReference(scrolledWindow)
    watchFrames(of: scrolledWindow, glowCounter: glowCounter)
  }

  private func watchFrames(of widget: UnsafeMutablePointer<GtkWidget>, glowCounter: GlowFrameCounter?) {
    frameChecks = TickCallback(on: widget) { [weak self] _ in
      self?.frameStarted()
      return true
    }
    edgeOvershotConnection = SignalConnection.connect(widget, .edgeOvershot) { [weak self] rawPosition in
      if GtkPositionType(rawValue: rawPosition) == GTK_POS_TOP {
        self?.record(.topEdgeOvershot, "GTK emitted edge-overshot at the top")
      }
    }
    glowCounter?.onSample = { [weak self] sample in self?.frameSampled(sample) }
    self.glowCounter = glowCounter
  }

  /// Gives the scroller its host back and stops watching. Safe to call twice.
  public func remove() {
    frameChecks?.remove()
    frameChecks = nil
    edgeOvershotConnection?.disconnect()
    edgeOvershotConnection = nil
    glowCounter?.onSample = nil
    glowCounter = nil
    guard let scroller else { return }
    scroller.onStateChange = nil
    if scroller.host === self {
      scroller.host = host
    }
  }

  /// The violations recorded under `check` so far.
  public func violationCount(_ check: Check) -> Int {
    violationCounts[check, default: 0]
  }

  // MARK: - The driver's reports

  /// The driver pressed (put the owning finger down) at y `pointerY` px.
  public func pressed(pointerY: Double) {
    drag = DragRecord(pressY: pointerY, lastValue: metrics?.value)
  }

  /// The pointer rests at y `pointerY` px and GTK has seen it: the translation must match.
  public func checkpoint(pointerY: Double) {
    guard isPulling else { return }
    checkTranslation(lastTranslation, pointerY: pointerY, when: "at a checkpoint")
  }

  /// The driver is about to release (lift the owning finger) at y `pointerY` px; the pull's end is checked
  /// against it.
  public func releasing(pointerY: Double) {
    drag?.releaseY = pointerY
  }

  // MARK: - TopLockHost

  public var hostOffset: Double { host?.hostOffset ?? 0 }

  public func pullBegan() {
    if isPulling { record(.pullEvents, "pullBegan while a pull is in progress") }
    isPulling = true
    pullsBegan += 1
    host?.pullBegan()
  }

  public func pullChanged(translation: Double, velocity: Double) {
    if !isPulling { record(.pullEvents, "pullChanged(\(translation)) outside a pull") }
    if !translation.isFinite || !velocity.isFinite {
      record(.pullEvents, "pullChanged with translation \(translation), velocity \(velocity)")
    }
    lastTranslation = translation
    host?.pullChanged(translation: translation, velocity: velocity)
  }

  public func pullEnded(velocity: Double) {
    if !isPulling { record(.pullEvents, "pullEnded outside a pull") }
    checkDragReleased(before: "pullEnded")
    if !velocity.isFinite { record(.pullEvents, "pullEnded with velocity \(velocity)") }
    if let releaseY = drag?.releaseY {
      checkTranslation(lastTranslation, pointerY: releaseY, when: "at the release")
    }
    isPulling = false
    pullsEnded += 1
    host?.pullEnded(velocity: velocity)
  }

  public func pullCancelled() {
    if !isPulling { record(.pullEvents, "pullCancelled outside a pull") }
    checkDragReleased(before: "pullCancelled")
    isPulling = false
    pullsCancelled += 1
    host?.pullCancelled()
  }

  public func listFlingReachedTop(velocity: Double) {
    if isPulling { record(.pullEvents, "listFlingReachedTop(\(velocity)) during a pull") }
    if !(velocity < 0) || !velocity.isFinite {
      record(.pullEvents, "listFlingReachedTop with velocity \(velocity), not toward the top")
    }
    host?.listFlingReachedTop(velocity: velocity)
  }

  // MARK: - Checks

  private var metrics: ScrollMetrics? {
    guard
      let widget = scroller?.scrolledWindow.map(UnsafeMutableRawPointer.init) ?? stockScrolledWindow?.object,
      let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(widget))
    else { return nil }
    return ScrollMetrics(
      value: gtk_adjustment_get_value(adjustment), lower: gtk_adjustment_get_lower(adjustment),
      upper: gtk_adjustment_get_upper(adjustment), pageSize: gtk_adjustment_get_page_size(adjustment))
  }

  private func inputHandled() {
    guard let metrics else { return }
    checkValue(metrics, when: "after an input")
    if var drag {
      if let lastValue = drag.lastValue, lastValue != metrics.value {
        drag.contentTravel += lastValue - metrics.value
        drag.movedBeforeOwner = drag.movedBeforeOwner || scroller?.owner == DragOwner.none
      }
      drag.lastValue = metrics.value
      drag.reachedBottom = drag.reachedBottom || metrics.isAtBottom
      self.drag = drag
    }
    guard scroller?.owner == .host else {
      valueWhileHostOwns = nil
      return
    }
    if valueWhileHostOwns == nil {
      valueWhileHostOwns = metrics.value
    }
  }

  private func frameStarted() {
    guard let metrics else { return }
    checkValue(metrics, when: "at a frame")
  }

  private func frameSampled(_ sample: GlowFrameSample) {
    if sample.showsTopGlow, !lastFrameShowedTopGlow {
      record(.topGlow, "top glow drawn (value \(sample.adjustmentValue))")
    }
    lastFrameShowedTopGlow = sample.showsTopGlow
  }

  private func checkValue(_ metrics: ScrollMetrics, when moment: String) {
    if metrics.value < metrics.lower {
      record(.valueBelowLowerSanity, "sanity: value \(metrics.value) below lower \(metrics.lower) \(moment)")
    }
    if scroller?.owner == .host, let valueWhileHostOwns, metrics.value != valueWhileHostOwns {
      record(
        .valueMovedUnderHost,
        "value moved from \(valueWhileHostOwns) to \(metrics.value) under the host's drag \(moment)")
    }
  }

  private func checkDragReleased(before event: String) {
    if let drag, drag.releaseY == nil {
      record(.pullEndedWhileDown, "\(event) while the drag was still down")
    }
  }

  private func checkTranslation(_ translation: Double, pointerY: Double, when moment: String) {
    guard let drag else { return }
    guard !drag.movedBeforeOwner, !drag.reachedBottom else {
      translationChecksSkipped += 1
      return
    }
    translationChecks += 1
    let expected = (pointerY - drag.pressY) - drag.contentTravel
    if abs(translation - expected) > Self.pointerTolerance {
      record(
        .translation,
        "translation \(translation) px \(moment), expected \(expected) px (pointer travel "
          + "\(pointerY - drag.pressY), content travel \(drag.contentTravel))")
    }
  }

  private func record(_ check: Check, _ violation: String) {
    violationCounts[check, default: 0] += 1
    violations.append(context.isEmpty ? violation : "\(context): \(violation)")
  }
}
