import TopLockTestSupport

/// One gesture of `frames`' scripted real input: a jump to where it starts, then real XTest drags and
/// flings at a fixed pace, then time for what follows (a fling, a spring). Every round plays one segment.
///
/// A matched segment stays away from the top, where TopLock leaves every decision to GTK: stock and TopLock
/// must paint the same frames, so their per-frame figures compare like with like. The other segments cross
/// or push the top edge, where TopLock behaves otherwise by design (no glow, no spring, a claimed pull that
/// leaves the content still) and paints fewer frames.
///
/// Main actor only.
@MainActor
struct ScriptSegment {
  /// Where the matched segments start, in px of value: deep in the list, far from both edges.
  static let middleValue = 40_000.0
  /// The x of every press, in px of the scrolled window: the middle, clear of the scrollbar.
  static let pressX = 200.0
  /// The time given to a fling, in ms: GTK's deceleration (`e^(-4 t)`) has spent 98% of a fling's travel
  /// by then; the next press stops what is left.
  static let flingSettle = 1_000.0
  /// The time a drag's release is given to settle (an overshoot spring), in ms.
  static let dragSettle = 400.0
  /// Px per motion step of a drag (every 16 ms: 625 px/s).
  static let dragStep = 10.0
  /// The rest at the end of a drag before its release, in ms: long enough for a release without velocity.
  static let dragRest = 160.0

  /// The segments of the script, in the order each cycle plays them.
  static let all = [
    ScriptSegment(
      name: "drag-fling-down-middle", isMatched: true,
      steps: [
        .jump(to: middleValue), .stroke(drag(dy: -300), fromY: 550), .stroke(.fling(dy: -480), fromY: 620),
        .settle(milliseconds: flingSettle),
      ]),
    ScriptSegment(
      name: "drag-fling-up-middle", isMatched: true,
      steps: [
        .jump(to: middleValue), .stroke(drag(dy: 300), fromY: 150), .stroke(.fling(dy: 480), fromY: 100),
        .settle(milliseconds: flingSettle),
      ]),
    ScriptSegment(
      name: "fling-away-from-top", isMatched: true,
      steps: [.jump(to: 0), .stroke(.fling(dy: -480), fromY: 620), .settle(milliseconds: flingSettle)]),
    ScriptSegment(
      name: "fling-into-top", isMatched: false,
      steps: [.jump(to: 400), .stroke(.fling(dy: 480), fromY: 100), .settle(milliseconds: flingSettle)]),
    ScriptSegment(
      name: "pull-at-top", isMatched: false,
      steps: [.jump(to: 0), .stroke(drag(dy: 250), fromY: 150), .settle(milliseconds: dragSettle)]),
    ScriptSegment(
      name: "drag-through-top", isMatched: false,
      steps: [.jump(to: 200), .stroke(drag(dy: 450), fromY: 120), .settle(milliseconds: dragSettle)]),
  ]

  /// What the segment does, for the report.
  let name: String
  /// Whether stock and TopLock paint the same frames in it.
  let isMatched: Bool
  /// The steps, in order.
  let steps: [ScriptStep]

  /// Plays every step on `fixture`'s scrolled window with `input`.
  ///
  /// - Throws: what `StrokeInput.play` and `ScrolledListFixture.scroll(to:)` throw (the window is off
  ///   screen, frames stopped coming, the touch server went away).
  func play(on fixture: ScrolledListFixture, with input: some StrokeInput) throws {
    for step in steps {
      switch step {
      case .jump(let value):
        try fixture.scroll(to: value)
      case .stroke(let stroke, let y):
        try input.play(stroke, from: WidgetPoint(x: Self.pressX, y: y), in: fixture.scrolledWindow)
      case .settle(let milliseconds):
        MainLoopPump.run(forMilliseconds: milliseconds)
      }
    }
  }

  /// A steady drag of `dy` px at the script's pace.
  private static func drag(dy: Double) -> DragStroke {
    .drag(dy: dy, stepPixels: dragStep, holdBeforeReleaseMilliseconds: dragRest)
  }
}
