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

  var summary: String {
    "refresh began \(began), ended \(ended); largest pull \(pulls.max() ?? 0) px; overshoots: top \(topOvershoots), "
      + "bottom \(bottomOvershoots); "
      + "upper \(firstUpper ?? .nan) -> \(lastState?.number("upper") ?? .nan) px, last value "
      + "\(lastState?.number("value") ?? .nan) px"
  }
}
