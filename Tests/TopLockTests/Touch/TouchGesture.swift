/// Fingers on a touchscreen along a timeline of `stepMilliseconds` ms steps: each lands at its step, moves in
/// straight runs of steps (rests included), may rest, and lifts. Fingers landing on the same step land in their
/// order; the first finger down while none is down emulates the pointer and owns the drag.
///
/// Points are fractions of the visible part of the list (0 ... 1 across and down), resolved when the gesture
/// runs; travel is in px.
struct TouchGesture: CustomStringConvertible, Sendable {
  /// The timeline's step, in ms (event time and real time).
  static let stepMilliseconds = 16.0

  /// One finger from its landing to its lifting.
  struct Finger: Sendable {
    /// Where it lands, as fractions of the visible list.
    var x: Double
    /// Where it lands, as fractions of the visible list.
    var y: Double
    /// The step it lands on.
    var landStep: Int
    /// Its runs, in order, from the step it lands on.
    var runs: [Run]
    /// Steps it rests after its runs before it lifts; 0 lifts it in motion (a fling when it moved fast).
    var holdSteps: Int

    /// The step at whose end it lifts.
    var liftStep: Int { landStep + runs.reduce(0) { $0 + $1.steps } + holdSteps }

    /// The finger's move in the step `step` steps after it landed, px; `nil` when it rests then.
    func move(atStepSinceLanding step: Int) -> (dx: Double, dy: Double)? {
      var first = 0
      for run in runs {
        if step < first + run.steps {
          return run.dx == 0 && run.dy == 0 ? nil : (run.dx, run.dy)
        }
        first += run.steps
      }
      return nil
    }
  }

  /// `steps` steps of the same move (0, 0 for a rest), px per step.
  struct Run: Sendable {
    var steps: Int
    var dx: Double
    var dy: Double
  }

  /// The fingers in landing order.
  var fingers: [Finger]

  /// The step at whose end the last finger lifts.
  var lastStep: Int { fingers.map(\.liftStep).max() ?? 0 }

  var description: String {
    let parts = fingers.enumerated().map { index, finger in
      let runs = finger.runs.map { "\($0.steps)x(\(Int($0.dx)),\(Int($0.dy)))" }.joined(separator: " ")
      return
        "finger \(index + 1) at (\(Self.text(finger.x)), \(Self.text(finger.y))) steps \(finger.landStep)"
        + "...\(finger.liftStep) [\(runs)] hold \(finger.holdSteps)"
    }
    return "touch \(parts.joined(separator: "; "))"
  }

  /// A fraction with two decimals, for descriptions.
  private static func text(_ fraction: Double) -> String {
    "\((fraction * 100).rounded() / 100)"
  }
}
