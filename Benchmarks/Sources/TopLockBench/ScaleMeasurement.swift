/// What `scale` measured for one window of `scrollers` scrolled windows: per-event main-thread CPU time,
/// attached against unattached, and per-frame work.
struct ScaleMeasurement {
  /// Scrolled windows in the window (TopLock attached to all of them in an attached pass).
  let scrollers: Int
  /// XTest events each pass sent.
  let eventsPerPass: Int
  /// The measured passes, in the order run.
  let passes: [ScalePass]

  /// Median main-thread CPU time per event over the passes of `kinds`, in ms.
  func cpuPerEvent(_ kinds: Set<RoundKind>) -> Double {
    let perEvent = passes.filter { kinds.contains($0.kind) }.map {
      BenchClock.milliseconds($0.cpuNanoseconds) / Double(eventsPerPass)
    }
    return SampleSummary(perEvent).median
  }

  /// Per event with TopLock attached to every scrolled window, in ms.
  var attached: Double { cpuPerEvent([.topLock]) }
  /// Per event with none attached (both unattached groups), in ms.
  var unattached: Double { cpuPerEvent([.stockA1, .stockA2]) }
  /// What TopLock adds per event, in ms: `attached` less `unattached`.
  var difference: Double { attached - unattached }
  /// The noise of that difference: the second unattached group less the first, in ms.
  var noise: Double { cpuPerEvent([.stockA2]) - cpuPerEvent([.stockA1]) }

  /// Per-frame work (flush-events plus before-paint through after-paint) over the frames of `kinds`.
  func frameWork(_ kinds: Set<RoundKind>) -> SampleSummary {
    SampleSummary(
      passes.filter { kinds.contains($0.kind) }.flatMap(\.frames).map {
        BenchClock.milliseconds($0.workNanoseconds)
      })
  }

  /// Frames painted per pass of `kinds`, on average.
  func framesPerPass(_ kinds: Set<RoundKind>) -> Double {
    let chosen = passes.filter { kinds.contains($0.kind) }
    return chosen.isEmpty ? 0 : Double(chosen.map(\.frames.count).reduce(0, +)) / Double(chosen.count)
  }

  /// Attached median per-frame work over unattached.
  var frameWorkMedianRatio: Double {
    frameWork([.topLock]).median / frameWork([.stockA1, .stockA2]).median
  }

  /// Whether every pass painted frames (the drag scrolls the list, so each must).
  var paintedEveryPass: Bool { passes.allSatisfy { !$0.frames.isEmpty } }
}
