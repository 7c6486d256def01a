import Testing
@_spi(Engine) import TopLockCore
import TopLockRandom

/// Pull to refresh's state (rules P1 to P3) against a model worked out here: the indicator's height is
/// found by walking the pull a quarter px at a time, each step revealing a quarter px below the trigger and
/// `resistance` quarters past it; a refresh starts at a release at or past the trigger of a pull that began
/// and ended with no refresh running. Default options: a 64 px trigger, resistance 0.5.
struct RefreshIndicatorTests {
  private static let options = TopLockRefreshOptions()

  /// The height a pull `distance` px from rest reveals, walked a quarter px at a time.
  private static func walkedHeight(distance: Double, options: TopLockRefreshOptions = options) -> Double {
    var height = 0.0
    var walked = 0.0
    while walked + 0.25 <= distance {
      height += walked < options.triggerDistance ? 0.25 : 0.25 * options.resistance
      walked += 0.25
    }
    return height
  }

  /// Runs the spring the indicator holds to its rest, 1/60 s a frame; returns the heights it showed.
  private static func settle(_ indicator: inout RefreshIndicator) -> [Double] {
    var heights: [Double] = []
    var frame = 1.0
    while indicator.advance(to: frame / 60), frame < 600 {
      heights.append(indicator.revealedHeight)
      frame += 1
    }
    heights.append(indicator.revealedHeight)
    return heights
  }

  private static func pulled(
    to translation: Double,
    from indicator: RefreshIndicator = RefreshIndicator(
      options: options)
  ) -> RefreshIndicator {
    var indicator = indicator
    indicator.pullBegan()
    indicator.pullChanged(translation: translation)
    return indicator
  }

  @Test(arguments: [0.0, 1, 12.5, 40, 63.75, 64, 64.25, 80, 200, 1_000])
  func P1_pull_revealsOneToOneToTheTrigger_thenWithTheResistance(distance: Double) {
    #expect(isClose(Self.pulled(to: distance).revealedHeight, to: Self.walkedHeight(distance: distance)))
  }

  @Test(arguments: [(20.0, 1.0), (20, 0.25), (100, 1), (100, 0.1)])
  func P1_otherTriggersAndResistances_followTheSameWalk(trigger: Double, resistance: Double) {
    let options = TopLockRefreshOptions(triggerDistance: trigger, resistance: resistance)
    for distance in stride(from: 0.0, through: 300, by: 12.5) {
      var indicator = RefreshIndicator(options: options)
      indicator.pullBegan()
      indicator.pullChanged(translation: distance)
      #expect(isClose(indicator.revealedHeight, to: Self.walkedHeight(distance: distance, options: options)))
    }
  }

  @Test func P1_pushingThePullBack_hidesTheIndicatorByTheSameWalk() {
    var indicator = Self.pulled(to: 150)
    for translation in stride(from: 150.0, through: -20, by: -10) {
      indicator.pullChanged(translation: translation)
      #expect(isClose(indicator.revealedHeight, to: Self.walkedHeight(distance: max(0, translation))))
    }
    #expect(indicator.revealedHeight == 0)
  }

  @Test(arguments: [64.0, 64.5, 90, 400])
  func P2_releaseAtOrPastTheTrigger_startsOneRefresh_andRestsAtTheTriggersHeight(distance: Double) {
    var indicator = Self.pulled(to: distance)
    let started = indicator.pullEnded(velocity: 300)
    #expect(started)
    #expect(indicator.isRefreshing)
    let heights = Self.settle(&indicator)
    #expect(indicator.revealedHeight == 64)
    #expect(indicator.motion == .still)
    #expect(heights.allSatisfy { $0 >= 0 })
    #expect(indicator.hostOffset == 0, "at rest while refreshing, the list scrolls freely")
    let startedAgain = indicator.pullEnded(velocity: 0)
    #expect(!startedAgain, "no pull, no second start")
  }

  @Test(arguments: [0.0, 10, 63.5])
  func P2_releaseShortOfTheTrigger_springsBackToZero_andStartsNothing(distance: Double) {
    var indicator = Self.pulled(to: distance)
    let started = indicator.pullEnded(velocity: 0)
    #expect(!started)
    #expect(!indicator.isRefreshing)
    let heights = Self.settle(&indicator)
    #expect(indicator.revealedHeight == 0)
    #expect(heights.allSatisfy { $0 >= 0 && $0 <= max(distance, 0) + 0.5 })
  }

  @Test func P2_cancelledPull_springsBack_andStartsNothing() {
    var indicator = Self.pulled(to: 200)
    indicator.pullCancelled()
    #expect(!indicator.isRefreshing)
    _ = Self.settle(&indicator)
    #expect(indicator.revealedHeight == 0)
  }

  @Test func P3_pullWhileRefreshing_meetsTheResistanceAtOnce_andStartsNoOtherRefresh() {
    var indicator = Self.pulled(to: 100)
    let started = indicator.pullEnded(velocity: 0)
    #expect(started)
    _ = Self.settle(&indicator)
    indicator = Self.pulled(to: 40, from: indicator)
    #expect(isClose(indicator.revealedHeight, to: Self.walkedHeight(distance: 64 + 40)))
    let startedAgain = indicator.pullEnded(velocity: 800)
    #expect(!startedAgain)
    #expect(indicator.isRefreshing)
    _ = Self.settle(&indicator)
    #expect(indicator.revealedHeight == 64)
  }

  @Test func P3_pushingBackWhileRefreshing_neverHidesTheIndicator() {
    var indicator = Self.pulled(to: 100)
    _ = indicator.pullEnded(velocity: 0)
    _ = Self.settle(&indicator)
    indicator = Self.pulled(to: -50, from: indicator)
    #expect(indicator.revealedHeight == 64)
  }

  @Test func P3_refreshEndedDuringAPull_thatPullsReleaseStartsNothing() {
    var indicator = Self.pulled(to: 100)
    _ = indicator.pullEnded(velocity: 0)
    _ = Self.settle(&indicator)
    indicator = Self.pulled(to: 60, from: indicator)
    let ended = indicator.endRefreshing()
    #expect(ended)
    indicator.pullChanged(translation: 80)
    let started = indicator.pullEnded(velocity: 0)
    #expect(!started)
    #expect(!indicator.isRefreshing)
    _ = Self.settle(&indicator)
    #expect(indicator.revealedHeight == 0)
  }

  @Test func P3_endRefreshing_springsBack_andOnlyOnce() {
    var indicator = RefreshIndicator(options: Self.options)
    let endedBeforeAStart = indicator.endRefreshing()
    #expect(!endedBeforeAStart, "nothing to end")
    let began = indicator.beginRefreshing()
    #expect(began)
    let beganAgain = indicator.beginRefreshing()
    #expect(!beganAgain, "one at a time")
    _ = Self.settle(&indicator)
    #expect(indicator.revealedHeight == 64)
    let ended = indicator.endRefreshing()
    #expect(ended)
    let endedAgain = indicator.endRefreshing()
    #expect(!endedAgain)
    _ = Self.settle(&indicator)
    #expect(indicator.revealedHeight == 0)
  }

  @Test func P1_pressCatchingTheSpringBack_startsFromWhereTheIndicatorIs() {
    var indicator = Self.pulled(to: 50)
    _ = indicator.pullEnded(velocity: 0)
    _ = indicator.advance(to: 0.05)
    let caught = indicator.revealedHeight
    #expect(caught > 0 && caught < 50)
    #expect(isClose(indicator.hostOffset, to: caught), "below the trigger, height and distance are 1:1")
    indicator.pullBegan()
    indicator.pullChanged(translation: 0)
    #expect(isClose(indicator.revealedHeight, to: caught))
    indicator.pullChanged(translation: -caught)
    #expect(indicator.revealedHeight == 0)
  }

  @Test func P1_hostOffsetPastTheTrigger_isThePullDistanceNotTheHeight() {
    var indicator = Self.pulled(to: 164)
    _ = indicator.pullEnded(velocity: 0)
    #expect(isClose(indicator.revealedHeight, to: 114))
    #expect(isClose(indicator.hostOffset, to: 100), "164 px of pull less the 64 px the refresh rests at")
  }

  /// The refresh host behind the core's hand-off (the core's model scroller, its pull events fed to the
  /// indicator): a pull at the top reveals it 1:1, pushing back hides it and then scrolls the list, and
  /// pulling down again in the same drag brings the list back to the top and the indicator out again.
  @Test func P1_midDragHandOff_bothWays_throughTheCore() {
    var scroller = SimulatedScroller()
    var indicator = RefreshIndicator(options: Self.options)
    func move(to y: Double) {
      switch scroller.perform(.move(y: y)).pull {
      case .began(let sample)?:
        indicator.pullBegan()
        indicator.pullChanged(translation: sample.translation)
      case .changed(let sample)?: indicator.pullChanged(translation: sample.translation)
      default: break
      }
    }
    scroller.perform(.press(y: 300))
    move(to: 380)
    #expect(isClose(indicator.revealedHeight, to: Self.walkedHeight(distance: 80)))
    move(to: 250)
    #expect(indicator.revealedHeight == 0)
    #expect(scroller.value == 50)
    move(to: 330)
    #expect(scroller.value == 0)
    #expect(isClose(indicator.revealedHeight, to: 30))
    if case .ended(let velocity)? = scroller.perform(.release).pull {
      let started = indicator.pullEnded(velocity: velocity)
      #expect(!started, "30 px is short of the trigger")
    } else {
      Issue.record("the release ends the pull")
    }
    #expect(scroller.violations.isEmpty)
  }

  /// Random pulls, releases, cancels, ends and programmatic starts: the state agrees with the model's count
  /// of refreshes and its height at every step.
  @Test(arguments: 0..<16)
  func P1_P3_randomSequences_agreeWithTheModel(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
    var indicator = RefreshIndicator(options: Self.options)
    var modelRefreshing = false
    var modelStarts = 0
    var starts = 0
    var pull: (start: Double, mayRefresh: Bool, translation: Double)?
    for _ in 0..<400 {
      switch random.next() % 6 {
      case 0 where pull == nil:
        let start = indicator.hostOffset + (modelRefreshing ? 64 : 0)
        indicator.pullBegan()
        pull = (start, !modelRefreshing, 0)
      case 1 where pull != nil:
        let translation = Double(random.next() % 4_000) / 10 - 100
        indicator.pullChanged(translation: translation)
        pull?.translation = translation
        let floor = modelRefreshing ? 64.0 : 0
        let distance = max(floor, pull!.start + translation)
        #expect(isClose(indicator.revealedHeight, to: Self.walkedHeight(distance: distance), within: 0.3))
      case 2 where pull != nil:
        let height = indicator.revealedHeight
        if indicator.pullEnded(velocity: Double(random.next() % 2_000) - 1_000) { starts += 1 }
        if pull!.mayRefresh && !modelRefreshing && height >= 64 {
          modelRefreshing = true
          modelStarts += 1
        }
        pull = nil
      case 3 where pull != nil:
        indicator.pullCancelled()
        pull = nil
      case 4:
        if indicator.endRefreshing() != modelRefreshing { Issue.record("end disagrees") }
        if modelRefreshing, pull != nil { pull?.mayRefresh = false }
        modelRefreshing = false
      case 5:
        _ = indicator.advance(to: Double(random.next() % 100) / 100)
      default:
        continue
      }
      #expect(indicator.isRefreshing == modelRefreshing)
      #expect(starts == modelStarts)
      #expect(indicator.revealedHeight >= 0)
    }
  }

  @Test(arguments: [
    TopLockRefreshOptions(triggerDistance: 0), TopLockRefreshOptions(triggerDistance: .nan),
    TopLockRefreshOptions(triggerDistance: 20_000), TopLockRefreshOptions(resistance: 0),
    TopLockRefreshOptions(resistance: 1.5), TopLockRefreshOptions(resistance: .infinity),
  ])
  func P1_optionsOutOfRange_areATypedError(options: TopLockRefreshOptions) {
    #expect(throws: TopLockError.self) { try options.validate() }
  }
}
