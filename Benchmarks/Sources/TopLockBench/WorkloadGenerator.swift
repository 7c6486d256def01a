@_spi(Engine) import TopLockCore
import TopLockRandom

/// Builds the inputs `toplock-bench core` times: a seeded, reproducible mix of what a user does to a list in
/// a bottom sheet (pulls at the top, scrolling drags with their hand-offs and flings, taps, horizontal and
/// scrollbar drags, cancels, wheel bursts, touchpad scrolls and pulls, keys, content changes).
///
/// Each input is fed, as it is made, to a reference `DragArbiter` whose decision is applied to a
/// `WorkloadScroller`, so every input carries the metrics and host offset GTK would report at that moment.
struct WorkloadGenerator {
  /// One straight stretch of a drag: `travelX` and `travelY` px over `moves` motion events.
  private struct Leg {
    var travelX: Double
    var travelY: Double
    var moves: Int
  }

  /// The gestures of the mix, each with its share of the gestures made.
  private enum Gesture: CaseIterable {
    case pullAtTop
    case scrollingDrag
    case tap
    case horizontalDrag
    case scrollbarDrag
    case wheel
    case touchpad
    case key
    case contentChange

    /// The gesture's relative weight in the mix.
    var weight: Int {
      switch self {
      case .pullAtTop: 16
      case .scrollingDrag: 28
      case .tap: 10
      case .horizontalDrag: 4
      case .scrollbarDrag: 3
      case .wheel: 16
      case .touchpad: 14
      case .key: 7
      case .contentChange: 2
      }
    }
  }

  /// The inputs made so far, in order; never more than the count asked for.
  private(set) var inputs: [ArbiterInput] = []
  /// The checksum of the reference arbiter's decisions for `inputs`: a replay must give the same.
  private(set) var checksum = DecisionChecksum()
  private let eventCount: Int
  private var random: SplitMix64
  private var arbiter = DragArbiter()
  private var scroller = WorkloadScroller(rowCount: WorkloadTuning.rowCounts[0])
  /// The event clock, in ms.
  private var time = 0.0

  /// Makes `eventCount` inputs from `seed` into an array allocated once, up front.
  init(eventCount: Int, seed: UInt64) {
    self.eventCount = eventCount
    random = SplitMix64(seed: seed)
    inputs.reserveCapacity(eventCount)
    while inputs.count < eventCount {
      perform(pickGesture())
    }
  }

  // MARK: - Feeding the reference arbiter

  /// Feeds one input to the reference arbiter, applies its decision and records both (while there is
  /// room: a gesture cut short by the end of the array runs on unrecorded).
  @discardableResult
  private mutating func emit(_ input: ArbiterInput) -> ArbiterDecision {
    let decision = arbiter.handle(input)
    if inputs.count < eventCount {
      inputs.append(input)
      checksum.fold(decision)
    }
    scroller.apply(decision, at: time)
    return decision
  }

  /// Moves the value as GTK does on its own, telling the core through `value-changed`.
  private mutating func gtkScroll(to value: Double) {
    if scroller.scrollTo(value) {
      emit(.valueChanged(scroller.metrics))
    }
  }

  private mutating func wait(_ milliseconds: Double) {
    time += milliseconds
  }

  // MARK: - Gestures

  private mutating func pickGesture() -> Gesture {
    let totalWeight = Gesture.allCases.reduce(0) { $0 + $1.weight }
    var roll = Int.random(in: 0..<totalWeight, using: &random)
    for gesture in Gesture.allCases {
      if roll < gesture.weight { return gesture }
      roll -= gesture.weight
    }
    preconditionFailure("the roll is below the total weight")
  }

  private mutating func perform(_ gesture: Gesture) {
    wait(Double.random(in: WorkloadTuning.gesturePause, using: &random))
    switch gesture {
    case .pullAtTop: pullAtTop()
    case .scrollingDrag: scrollingDrag()
    case .tap: tap()
    case .horizontalDrag: horizontalDrag()
    case .scrollbarDrag: scrollbarDrag()
    case .wheel: wheelBurst()
    case .touchpad: touchpadScroll()
    case .key: pressKey()
    case .contentChange: changeContent()
    }
    runFlings()
  }

  /// A drag down from the top (rules R5, R6), often pushed back up past the sheet's rest (R9).
  private mutating func pullAtTop() {
    gtkScroll(to: scroller.metrics.lower)
    let pull = Double.random(in: WorkloadTuning.pullTravel, using: &random)
    var legs = [Leg(travelX: 0, travelY: pull, moves: moves(in: WorkloadTuning.pullMoves))]
    if random.chance(WorkloadTuning.pushBackChance) {
      let pushBack = pull + Double.random(in: WorkloadTuning.scrollTravel, using: &random)
      legs.append(Leg(travelX: 0, travelY: -pushBack, moves: moves(in: WorkloadTuning.scrollMoves)))
    }
    drag(target: .content, legs: legs)
  }

  /// An ordinary drag wherever the content is, sometimes started near the top so that it scrolls into the
  /// top and hands off (R8), sometimes reversed.
  private mutating func scrollingDrag() {
    if random.chance(WorkloadTuning.startNearTopChance) {
      gtkScroll(to: Double.random(in: WorkloadTuning.nearTop, using: &random))
    }
    let travel = random.signed(Double.random(in: WorkloadTuning.scrollTravel, using: &random))
    var legs = [Leg(travelX: 0, travelY: travel, moves: moves(in: WorkloadTuning.scrollMoves))]
    if random.chance(WorkloadTuning.reverseChance) {
      let back = Double(
        signOf: -travel, magnitudeOf: Double.random(in: WorkloadTuning.scrollTravel, using: &random))
      legs.append(Leg(travelX: 0, travelY: back, moves: moves(in: WorkloadTuning.scrollMoves)))
    }
    drag(target: .content, legs: legs)
  }

  /// A press that stays under the drag threshold: a click on a row's button (R10).
  private mutating func tap() {
    let wobble = WorkloadTuning.tapWobble
    let leg = Leg(
      travelX: random.signed(wobble), travelY: random.signed(wobble),
      moves: moves(in: WorkloadTuning.tapMoves))
    drag(target: .content, legs: [leg])
  }

  /// A drag the core denies (R11): mostly sideways.
  private mutating func horizontalDrag() {
    let leg = Leg(
      travelX: random.signed(Double.random(in: WorkloadTuning.horizontalTravel, using: &random)),
      travelY: random.signed(Double.random(in: WorkloadTuning.horizontalDrift, using: &random)),
      moves: moves(in: WorkloadTuning.horizontalMoves))
    drag(target: .content, legs: [leg])
  }

  /// A drag on the scrollbar, left to it (R11).
  private mutating func scrollbarDrag() {
    let leg = Leg(
      travelX: 0, travelY: random.signed(Double.random(in: WorkloadTuning.scrollbarTravel, using: &random)),
      moves: moves(in: WorkloadTuning.scrollbarMoves))
    drag(target: .scrollbar, legs: [leg])
  }

  /// Presses, moves along `legs` at the touchscreen's rate, then releases (or, rarely, loses the grab), with
  /// GTK scrolling the content whenever the core has not claimed the drag.
  private mutating func drag(target: PressTarget, legs: [Leg]) {
    scroller.gtkFling = nil
    let pressX = Double.random(in: WorkloadTuning.pressX, using: &random)
    let pressY = Double.random(in: WorkloadTuning.pressY, using: &random)
    let valueAtPress = scroller.metrics.value
    let start = DragStart(
      x: pressX, y: pressY, time: time, metrics: scroller.metrics, hosts: .top(offset: scroller.sheetOffset),
      target: target)
    emit(.dragBegan(start))
    var x = pressX
    var y = pressY
    var isClaimed = false
    var gtkIsDragging = false
    var lastStepY = 0.0
    for leg in legs where leg.moves > 0 {
      lastStepY = leg.travelY / Double(leg.moves)
      for _ in 0..<leg.moves {
        wait(WorkloadTuning.motionInterval + random.jitter(WorkloadTuning.motionJitter))
        x += leg.travelX / Double(leg.moves) + random.jitter(WorkloadTuning.pointerWobble)
        y += lastStepY
        let decision = emit(.dragMoved(x: x, y: y, time: time, metrics: scroller.metrics))
        isClaimed = isClaimed || decision.gesture == .claim
        gtkIsDragging = gtkIsDragging || max(abs(x - pressX), abs(y - pressY)) > start.threshold
        guard gtkIsDragging, !isClaimed else { continue }
        let travel = y - pressY
        gtkScroll(to: target == .scrollbar ? valueAtPress + travel * scrollbarRatio : valueAtPress - travel)
      }
    }
    if random.chance(WorkloadTuning.cancelChance) {
      emit(.dragCancelled)
      return
    }
    if random.chance(WorkloadTuning.restChance) {
      wait(WorkloadTuning.restBeforeRelease)
      lastStepY = 0
    }
    wait(WorkloadTuning.motionInterval)
    emit(.dragEnded(x: x, y: y, time: time, metrics: scroller.metrics))
    if gtkIsDragging && !isClaimed && target == .content {
      startGTKFling(velocity: -lastStepY / WorkloadTuning.motionInterval * 1000)
    }
  }

  /// How far the value moves per px of scrollbar travel.
  private var scrollbarRatio: Double { scroller.metrics.upper / scroller.metrics.pageSize }

  /// A burst of wheel clicks, often starting at the top (R3, R13: the wheel never pulls).
  private mutating func wheelBurst() {
    scroller.gtkFling = nil
    if random.chance(WorkloadTuning.startAtTopChance) {
      gtkScroll(to: scroller.metrics.lower)
    }
    let direction = random.chance(WorkloadTuning.wheelUpChance) ? -1.0 : 1.0
    for _ in 0..<Int.random(in: WorkloadTuning.wheelClicks, using: &random) {
      wait(Double.random(in: WorkloadTuning.wheelClickInterval, using: &random))
      scrollBy(direction * WorkloadTuning.wheelStep, source: .wheel)
    }
  }

  /// A two-finger scroll, often a pull at the top (R13), sometimes reversed, ended by lifting the fingers.
  private mutating func touchpadScroll() {
    scroller.gtkFling = nil
    let startsAtTop = random.chance(WorkloadTuning.startAtTopChance)
    if startsAtTop {
      gtkScroll(to: scroller.metrics.lower)
    }
    var direction = startsAtTop ? -1.0 : random.signed(1)
    let deltaCount = Int.random(in: WorkloadTuning.touchpadDeltas, using: &random)
    let reversal = random.chance(WorkloadTuning.reverseChance) ? deltaCount / 2 : deltaCount
    var lastDelta = 0.0
    for index in 0..<deltaCount {
      if index == reversal { direction = -direction }
      wait(WorkloadTuning.touchpadInterval)
      lastDelta = direction * Double.random(in: WorkloadTuning.touchpadDelta, using: &random)
      scrollBy(lastDelta, source: .touchpad)
    }
    if random.chance(WorkloadTuning.restChance) {
      lastDelta = 0
    }
    let velocity = lastDelta / WorkloadTuning.touchpadInterval * 1000
    let decision = emit(.touchpadScrollEnded(velocityY: velocity, metrics: scroller.metrics))
    if decision.pull == nil {
      startGTKFling(velocity: velocity)
    }
  }

  /// One wheel click or touchpad delta of `deltaY` px of value; GTK scrolls unless the core consumes it.
  private mutating func scrollBy(_ deltaY: Double, source: ScrollSource) {
    let decision = emit(
      .scrolled(
        deltaY: deltaY, source: source, time: time, metrics: scroller.metrics,
        hosts: .top(offset: scroller.sheetOffset)))
    if decision.scroll == .propagate {
      gtkScroll(to: scroller.metrics.value + deltaY)
    }
  }

  /// Home, End, Page Up or Page Down: the value jumps, as GTK's scroll bindings set it.
  private mutating func pressKey() {
    let metrics = scroller.metrics
    let targets = [
      metrics.lower, metrics.maxValue, metrics.value - metrics.pageSize, metrics.value + metrics.pageSize,
    ]
    gtkScroll(to: targets[Int.random(in: targets.indices, using: &random)])
  }

  /// The list gets another length (rows loaded or filtered away), sometimes shorter than the page (R14).
  private mutating func changeContent() {
    let rowCounts = WorkloadTuning.rowCounts
    scroller.resize(rowCount: rowCounts[Int.random(in: rowCounts.indices, using: &random)])
    emit(.contentSizeChanged(scroller.metrics))
  }

  // MARK: - Flings

  private mutating func startGTKFling(velocity: Double) {
    guard abs(velocity) >= Tuning.minimumFlingVelocity else { return }
    let decay = KineticDecay(startPosition: scroller.metrics.value, startVelocity: velocity)
    scroller.gtkFling = WorkloadScroller.Fling(decay: decay, startTime: time)
  }

  /// Runs the flings a gesture started, a frame at a time, until they stop or the user touches the list.
  private mutating func runFlings() {
    for _ in 0..<WorkloadTuning.maxFlingFrames {
      guard scroller.isFlinging, !random.chance(WorkloadTuning.flingInterruptChance) else { return }
      wait(WorkloadTuning.frameInterval)
      if let fling = scroller.coreFling {
        emit(.flingFrame(elapsed: (time - fling.startTime) / 1000, metrics: scroller.metrics))
      } else if let fling = scroller.gtkFling {
        runGTKFrame(fling)
      }
    }
  }

  /// One frame of GTK's kinetic scrolling: it stops at an edge or when it has slowed down.
  private mutating func runGTKFrame(_ fling: WorkloadScroller.Fling) {
    let elapsed = (time - fling.startTime) / 1000
    let position = fling.decay.position(after: elapsed)
    gtkScroll(to: position)
    if scroller.metrics.value != position || fling.decay.isFinished(after: elapsed) {
      scroller.gtkFling = nil
    }
  }

  private mutating func moves(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &random)
  }
}
