import Foundation
import TopLockRandom

/// A short random session of real touch, fixed by its seed: where the list starts (the sheet open) and one to
/// three actions, touch gestures and pauses. In a multi-finger sequence (`FuzzInput.multiFingerTouch`) every
/// gesture has two or three fingers, each landing up to 320 ms after the one before or with it, moving on its
/// own and lifting when its runs end: the landing and the lifting orders are random.
struct TouchFuzzSequence: CustomStringConvertible, Sendable {
  /// What runs.
  enum Action: CustomStringConvertible, Sendable {
    case gesture(TouchGesture)
    /// Nothing for `milliseconds` ms while flings and springs run.
    case pause(milliseconds: Double)

    var description: String {
      switch self {
      case .gesture(let gesture): gesture.description
      case .pause(let milliseconds): "pause \(Int(milliseconds)) ms"
      }
    }
  }

  /// The seed that produced the sequence.
  let seed: UInt64
  /// Whether every gesture has two or three fingers.
  let isMultiFinger: Bool
  /// Where the list starts.
  let startValue: FuzzSequence.StartValue
  /// What runs, in order.
  let actions: [Action]

  /// The sequence fixed by `seed` (multi-finger when `FuzzInput(seed:)` says so).
  init(seed: UInt64) {
    self.seed = seed
    isMultiFinger = FuzzInput(seed: seed) == .multiFingerTouch
    var random = SplitMix64(seed: seed)
    startValue = FuzzSequence.startValue(&random)
    let actionCount = random.chance(0.5) ? 1 : (random.chance(0.65) ? 2 : 3)
    let isMultiFinger = isMultiFinger
    actions = (0..<actionCount).map { _ in
      random.chance(0.1)
        ? .pause(milliseconds: Double.random(in: 30...300, using: &random))
        : .gesture(
          Self.gesture(fingerCount: isMultiFinger ? Int.random(in: 2...3, using: &random) : 1, &random))
    }
  }

  var description: String {
    "seed 0x\(String(seed, radix: 16)): \(isMultiFinger ? "multi-finger " : "")touch, start \(startValue); "
      + actions.map(\.description).joined(separator: "; ")
  }

  private static func gesture(fingerCount: Int, _ random: inout SplitMix64) -> TouchGesture {
    var landStep = 0
    let fingers = (0..<fingerCount).map { index in
      if index > 0, !random.chance(0.25) {
        landStep += Int.random(in: 1...20, using: &random)
      }
      return finger(landingOn: landStep, &random)
    }
    return TouchGesture(fingers: fingers)
  }

  /// A finger that taps or holds (no run), drags in one to three runs of any direction and pace (rests and
  /// reversals included), or flings.
  private static func finger(landingOn landStep: Int, _ random: inout SplitMix64) -> TouchGesture.Finger {
    var runs: [TouchGesture.Run] = []
    var holdSteps = random.chance(0.4) ? 0 : Int.random(in: 1...9, using: &random)
    switch Double.random(in: 0..<1, using: &random) {
    case ..<0.15:
      holdSteps = Int.random(in: 1...12, using: &random)
    case ..<0.35:
      let direction = random.chance(0.5) ? 1.0 : -1.0
      runs.append(
        TouchGesture.Run(
          steps: Int.random(in: 6...16, using: &random), dx: Double.random(in: -1...1, using: &random),
          dy: direction * Double.random(in: 20...45, using: &random)))
      holdSteps = 0
    default:
      runs = (0..<Int.random(in: 1...3, using: &random)).map { _ in run(&random) }
    }
    return TouchGesture.Finger(
      x: Double.random(in: 0.05...0.9, using: &random), y: Double.random(in: 0.05...0.95, using: &random),
      landStep: landStep, runs: runs, holdSteps: holdSteps)
  }

  /// A rest of 3 to 8 steps, or a straight run of 50 to 300 ms at 100 to 3,000 px/s, mostly vertical.
  private static func run(_ random: inout SplitMix64) -> TouchGesture.Run {
    if random.chance(0.25) {
      return TouchGesture.Run(steps: Int.random(in: 3...8, using: &random), dx: 0, dy: 0)
    }
    let speed = 100 * pow(30, Double.random(in: 0...1, using: &random))
    let steps = max(
      1, Int((Double.random(in: 0.05...0.3, using: &random) * 1000 / TouchGesture.stepMilliseconds)))
    let along = speed * TouchGesture.stepMilliseconds / 1000 * (random.chance(0.55) ? 1 : -1)
    let across = Double.random(in: -1.5...1.5, using: &random)
    return random.chance(0.15)
      ? TouchGesture.Run(steps: steps, dx: along, dy: across)
      : TouchGesture.Run(steps: steps, dx: across, dy: along)
  }
}
