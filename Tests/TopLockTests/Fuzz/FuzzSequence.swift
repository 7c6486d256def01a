import Foundation
import TopLockRandom
import TopLockTestSupport

/// A short random session of real input, fixed by its seed: where it starts (scroll position, sheet open or
/// collapsed, a list that scrolls up and down only or both ways) and one to three actions. Replaying a seed replays the same input (the pace of the X server
/// and the frame clock still varies a little from run to run).
struct FuzzSequence: CustomStringConvertible, Sendable {
  /// Where the list is scrolled when the sequence starts.
  enum StartValue: Sendable {
    /// At `lower`.
    case top
    /// `px` below `lower`.
    case nearTop(px: Double)
    /// At `fraction` of the largest value.
    case middle(fraction: Double)
    /// `px` above the largest value.
    case nearBottom(px: Double)
  }

  /// The seed that produced the sequence.
  let seed: UInt64
  /// Where the list starts.
  let startValue: StartValue
  /// Whether the sheet starts collapsed.
  let startsCollapsed: Bool
  /// What runs, in order.
  let actions: [FuzzAction]
  /// Whether the list scrolls sideways too (drawn last, so that adding it left the other draws of a seed
  /// as they were).
  let scrollsBothWays: Bool

  /// The sequence fixed by `seed`.
  init(seed: UInt64) {
    self.seed = seed
    var random = SplitMix64(seed: seed)
    startValue = Self.startValue(&random)
    startsCollapsed = random.chance(0.25)
    let actionCount = random.chance(0.4) ? 1 : (random.chance(0.65) ? 2 : 3)
    actions = (0..<actionCount).map { _ in Self.action(&random) }
    scrollsBothWays = random.chance(0.25)
  }

  var description: String {
    "seed 0x\(String(seed, radix: 16)): start \(startValue), \(startsCollapsed ? "collapsed" : "open")"
      + (scrollsBothWays ? ", both ways; " : "; ")
      + actions.map(\.description).joined(separator: "; ")
  }

  /// The seed of sequence number `index` of a run started with `runSeed`: its three low bits are `index`
  /// modulo 8, so that the input a seed asks for (`FuzzInput`) keeps the same shares in any run of 8 or more.
  static func seed(ofSequence index: Int, runSeed: UInt64) -> UInt64 {
    var random = SplitMix64(seed: runSeed ^ (UInt64(index) &* 0xD6E8_FEB8_6659_FD93))
    return (random.next() & ~FuzzInput.seedMask) | UInt64(index % 8)
  }

  static func startValue(_ random: inout SplitMix64) -> StartValue {
    switch Double.random(in: 0..<1, using: &random) {
    case ..<0.4: .top
    case ..<0.6: .nearTop(px: Double.random(in: 1...250, using: &random).rounded())
    case ..<0.85: .middle(fraction: Double.random(in: 0.2...0.8, using: &random))
    default: .nearBottom(px: Double.random(in: 0...250, using: &random).rounded())
    }
  }

  private static func action(_ random: inout SplitMix64) -> FuzzAction {
    switch Double.random(in: 0..<1, using: &random) {
    case ..<0.45: .drag(drag(&random))
    case ..<0.6: .drag(fling(&random))
    case ..<0.72:
      .wheel(
        Bool.random(using: &random) ? .up : .down, clicks: Int.random(in: 1...4, using: &random),
        intervalMilliseconds: Double.random(in: 10...80, using: &random))
    case ..<0.82:
      .click(
        onHandle: random.chance(0.2), x: Double.random(in: 0.1...0.8, using: &random),
        y: Double.random(in: 0.05...0.95, using: &random),
        holdMilliseconds: Double.random(in: 10...120, using: &random))
    case ..<0.92: .key(keysym: FuzzAction.keys.randomElement(using: &random)!)
    default: .pause(milliseconds: Double.random(in: 30...300, using: &random))
    }
  }

  /// A drag of one to three segments in any direction, at any pace, with pauses and reversals. A segment
  /// lasts 50 to 300 ms at 100 to 3,000 px/s, so a slow segment is a short one.
  private static func drag(_ random: inout SplitMix64) -> FuzzAction.Drag {
    let segmentCount = random.chance(0.5) ? 1 : (random.chance(0.7) ? 2 : 3)
    let segments = (0..<segmentCount).map { _ in
      let speed = 100 * pow(30, Double.random(in: 0...1, using: &random))
      let interval = random.chance(0.5) ? 8.0 : 16.0
      let duration = Double.random(in: 0.05...0.3, using: &random)
      let along = min(max(speed * duration, 10), 300) * (random.chance(0.55) ? 1 : -1)
      let across = Double.random(in: -20...20, using: &random)
      let isHorizontal = random.chance(0.15)
      return FuzzAction.Segment(
        dx: isHorizontal ? along : across, dy: isHorizontal ? across : along,
        stepPixels: max(1, speed * interval / 1000), stepIntervalMilliseconds: interval,
        pauseMilliseconds: random.chance(0.6) ? 0 : Double.random(in: 40...120, using: &random))
    }
    return FuzzAction.Drag(
      x: pressX(&random), y: Double.random(in: 0.05...0.95, using: &random),
      pressHoldMilliseconds: random.chance(0.3) ? 0 : Double.random(in: 10...120, using: &random),
      segments: segments,
      holdBeforeReleaseMilliseconds: random.chance(0.4) ? 0 : Double.random(in: 10...150, using: &random))
  }

  /// A fast drag released in motion, up or down, sometimes after a slow start in the other direction.
  private static func fling(_ random: inout SplitMix64) -> FuzzAction.Drag {
    let direction = random.chance(0.5) ? 1.0 : -1.0
    var segments: [FuzzAction.Segment] = []
    if random.chance(0.3) {
      segments.append(
        FuzzAction.Segment(
          dx: 0, dy: -direction * Double.random(in: 20...120, using: &random), stepPixels: 6,
          stepIntervalMilliseconds: 16, pauseMilliseconds: 0))
    }
    segments.append(
      FuzzAction.Segment(
        dx: Double.random(in: -15...15, using: &random),
        dy: direction * Double.random(in: 150...450, using: &random),
        stepPixels: Double.random(in: 15...40, using: &random), stepIntervalMilliseconds: 8,
        pauseMilliseconds: 0))
    return FuzzAction.Drag(
      x: pressX(&random), y: Double.random(in: 0.1...0.9, using: &random),
      pressHoldMilliseconds: random.chance(0.5) ? 0 : DragStroke.defaultPressHoldMilliseconds,
      segments: segments, holdBeforeReleaseMilliseconds: 0)
  }

  /// Mostly inside the list; sometimes on the vertical scrollbar at the right edge.
  private static func pressX(_ random: inout SplitMix64) -> Double {
    random.chance(0.08) ? 0.99 : Double.random(in: 0.05...0.9, using: &random)
  }
}
