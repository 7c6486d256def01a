import Testing
@_spi(Engine) import TopLockCore

@testable import TopLockCore

/// Rule R15 in the core: `.dragCancelled` also comes when the widget goes (unmapped, re-parented, destroyed,
/// detached) with no pointer drag running, and must end what no later input would.
struct WidgetGoneTests {
  private static let list = ScrollMetrics(value: 0, lower: 0, upper: 5000, pageSize: 600)

  @Test func R15_widgetGoneDuringTouchpadPull_cancelsThePull() {
    var arbiter = DragArbiter()
    let pull = arbiter.handle(
      .scrolled(deltaY: -20, source: .touchpad, time: 0, metrics: Self.list))
    #expect(pull.pull == .began(PullSample(translation: 20, velocity: 0)))

    let cancel = arbiter.handle(.dragCancelled)

    #expect(cancel.pull == .cancelled)
    #expect(arbiter.phase == .idle)
    #expect(arbiter.pullTranslation == 0)
  }

  @Test func R15_widgetGoneDuringTheCoresFling_stopsIt() {
    var arbiter = DragArbiter()
    var metrics = Self.list
    _ = arbiter.handle(.dragBegan(DragStart(x: 100, y: 300, time: 0, metrics: metrics)))
    var decision = ArbiterDecision()
    for (step, y) in [380.0, 250, 200, 150].enumerated() {
      decision = arbiter.handle(.dragMoved(x: 100, y: y, time: Double(step + 1) * 16, metrics: metrics))
      metrics.value = decision.newValue ?? metrics.value
    }
    let release = arbiter.handle(.dragEnded(x: 0, y: 150, time: 80, metrics: metrics))
    guard case .start = release.fling else {
      Issue.record("a pull pushed back and released moving up hands the content a fling: \(release)")
      return
    }

    let cancel = arbiter.handle(.dragCancelled)

    #expect(cancel.fling == .stop)
    #expect(arbiter.phase == .idle)
  }
}
