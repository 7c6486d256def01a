/// The refresh indicator of `--scene refresh` and `--scene more` as the tests expect it, with the default
/// options: revealed 1:1 with the pull up to the trigger, half a px per px past it.
enum IndicatorModel {
  /// The default trigger distance, px.
  static let trigger = 64.0
  /// The largest accepted difference between a traced height and the model's, px.
  static let tolerance = 1.0

  /// The indicator's height, px, for a pull (or, at the bottom, a push) `distance` px from rest.
  static func revealed(_ distance: Double) -> Double {
    distance <= trigger ? max(0, distance) : trigger + (distance - trigger) * 0.5
  }
}

/// What a demo trace says of the refreshes in it (`--scene refresh` and `--scene more`).
struct RefreshTrace {
  let began: Int
  let ended: Int
  /// The `pull` of every state line, in order.
  let pulls: [Double]
  /// The `pull` of the state lines while the host owned the drag.
  let hostPulls: [Double]
  /// The states between the first `began` and the first `ended` after it.
  let whileRefreshing: [TraceEvent]
  let topOvershoots: Int
  let bottomOvershoots: Int
  let firstUpper: Double?
  let lastState: TraceEvent?

  init(_ events: [TraceEvent]) {
    began = events.count { $0.name == "refresh" && $0.string("state") == "began" }
    ended = events.count { $0.name == "refresh" && $0.string("state") == "ended" }
    let states = events.filter { $0.name == "state" }
    pulls = states.compactMap { $0.number("pull") }
    hostPulls = states.filter { $0.string("owner") == "host" }.compactMap { $0.number("pull") }
    let afterBegan = events.drop { !($0.name == "refresh" && $0.string("state") == "began") }.dropFirst()
    whileRefreshing = Array(
      afterBegan.prefix { !($0.name == "refresh" && $0.string("state") == "ended") }.filter {
        $0.name == "state"
      })
    topOvershoots = events.count { $0.name == "overshoot" && $0.string("edge") == "top" }
    bottomOvershoots = events.count { $0.name == "overshoot" && $0.string("edge") == "bottom" }
    firstUpper = states.first?.number("upper")
    lastState = states.last
  }

  /// Whether the largest height traced while the host owned a touchpad pull of `distance` px in steps of
  /// `step` px is the model's (`IndicatorModel.revealed`) for the whole pull, or for all but its last step,
  /// within `IndicatorModel.tolerance`: under load the last delta and the scroll stop can reach the demo in
  /// one frame, whose state line already shows the refresh begun.
  func largestHostPull(matchesTheModelFor distance: Double, step: Double) -> Bool {
    let largest = hostPulls.max() ?? 0
    return [distance, distance - step].contains {
      abs(largest - IndicatorModel.revealed($0)) <= IndicatorModel.tolerance
    }
  }

  var summary: String {
    "refresh began \(began), ended \(ended); largest pull \(pulls.max() ?? 0) px; overshoots: top \(topOvershoots), "
      + "bottom \(bottomOvershoots); "
      + "upper \(firstUpper ?? .nan) -> \(lastState?.number("upper") ?? .nan) px, last value "
      + "\(lastState?.number("value") ?? .nan) px"
  }
}
