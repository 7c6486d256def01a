@_spi(Engine) import TopLockCore

/// The GTK side of one TopLock scroller, reduced to what the core's inputs carry: the vertical adjustment,
/// GTK's kinetic scrolling, the core's own fling, and a bottom sheet (the host) that follows pull events.
/// `apply(_:at:)` does with a decision what the binding does, so the next input carries the metrics and host
/// offset GTK would report then.
struct WorkloadScroller {
  /// A fling in progress: its curve and the time it started, in ms.
  struct Fling {
    var decay: KineticDecay
    var startTime: Double
  }

  /// The vertical adjustment, in px.
  var metrics: ScrollMetrics
  /// The sheet's offset from open, in px (0 open, `WorkloadTuning.collapsedSheetOffset` collapsed).
  private(set) var sheetOffset = 0.0
  /// GTK's kinetic scrolling, fed to the core as `valueChanged` frames.
  var gtkFling: Fling?
  /// The core's fling, fed to the core as `flingFrame`s.
  private(set) var coreFling: Fling?
  private var sheetOffsetBeforePull = 0.0

  /// An open sheet over a list of `rowCount` rows, scrolled to its top.
  init(rowCount: Int) {
    metrics = ScrollMetrics(
      value: 0, lower: 0, upper: Double(rowCount) * WorkloadTuning.rowHeight,
      pageSize: WorkloadTuning.pageSize)
  }

  /// Whether either fling runs.
  var isFlinging: Bool { gtkFling != nil || coreFling != nil }

  /// Applies a decision as the binding does, `time` ms being the time of the input that caused it.
  mutating func apply(_ decision: ArbiterDecision, at time: Double) {
    if let newValue = decision.newValue {
      metrics.value = newValue
    }
    if decision.stopsKinetic {
      gtkFling = nil
    }
    switch decision.pull {
    case nil:
      break
    case .began(let sample):
      sheetOffsetBeforePull = sheetOffset
      sheetOffset = max(0, sheetOffsetBeforePull + sample.translation)
    case .changed(let sample):
      sheetOffset = max(0, sheetOffsetBeforePull + sample.translation)
    case .ended(let velocity):
      settleSheet(velocity: velocity)
    case .cancelled:
      sheetOffset = sheetOffsetBeforePull
    }
    switch decision.fling {
    case nil:
      break
    case .start(let decay):
      coreFling = Fling(decay: decay, startTime: time)
    case .startPan, .stop:
      coreFling = nil
    }
  }

  /// Sets the value as GTK does, clamped to the adjustment's range; returns whether it changed (and so
  /// whether GTK emits `value-changed`).
  mutating func scrollTo(_ value: Double) -> Bool {
    let clamped = metrics.clamped(value)
    guard clamped != metrics.value else { return false }
    metrics.value = clamped
    return true
  }

  /// Changes the list's length to `rowCount` rows, keeping the value in range as GtkAdjustment does.
  mutating func resize(rowCount: Int) {
    metrics.upper = Double(rowCount) * WorkloadTuning.rowHeight
    metrics.value = metrics.clamped(metrics.value)
  }

  /// Settles the released sheet open or collapsed, whichever is nearer to where `velocity` px/s carries it.
  private mutating func settleSheet(velocity: Double) {
    let projected = sheetOffset + velocity * WorkloadTuning.sheetProjection
    sheetOffset =
      projected > WorkloadTuning.collapsedSheetOffset / 2 ? WorkloadTuning.collapsedSheetOffset : 0
  }
}
