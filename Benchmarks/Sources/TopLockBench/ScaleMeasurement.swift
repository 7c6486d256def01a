/// What `scale` measured for one window of `scrollers` scrolled windows (over `natives` natives): per-event main-thread CPU time,
/// attached against unattached, and per-frame work.
struct ScaleMeasurement {
  /// Which part of a pass's main-thread CPU time a per-event figure divides by the events.
  enum Share {
    /// All of it: GTK's dispatch, every handler and the frames they cause.
    case wholePass
    /// The dispatch of the input events (`EventDispatchMeter`): GTK's dispatch of each to every controller
    /// and handler it reaches, where a gesture or handler per scroller would cost; without the frames they
    /// cause (compared by `frameWorkMedianRatio`) or the main loop's idle polling.
    case dispatch
    /// TopLock's own callbacks (`HandlerCPUMeter`), GTK work they call into included.
    case topLockCallbacks
  }

  /// Scrolled windows in the window (TopLock attached to all of them in an attached pass).
  let scrollers: Int
  /// The natives holding them: the window, and its popovers.
  let natives: Int
  /// XTest events each pass sent, and the presses among them.
  let eventsPerPass: Int
  let pressesPerPass: Int
  /// The measured passes, in the order run.
  let passes: [ScalePass]
  /// What one GTK hit test of the window at the script's tap point costs (`gtk_widget_pick` from the root,
  /// as the hand-off gesture makes for each press), in ns of main-thread CPU time.
  let pickNanoseconds: Double

  /// One hit test per press of the script, spread over its events, in ms per event: what the hand-off
  /// gesture's hit test adds to each event on average.
  var pickPerEvent: Double {
    BenchClock.milliseconds(Int64(pickNanoseconds)) * Double(pressesPerPass) / Double(eventsPerPass)
  }

  /// Median over the passes of `kinds` of their `share` of main-thread CPU time per event, in ms.
  func cpuPerEvent(_ kinds: Set<RoundKind>, _ share: Share) -> Double {
    let perEvent = passes.filter { kinds.contains($0.kind) }.map { pass in
      BenchClock.milliseconds(pass.nanoseconds(share)) / Double(eventsPerPass)
    }
    return SampleSummary(perEvent).median
  }

  /// Per event with TopLock attached to every scrolled window, in ms.
  func attached(_ share: Share) -> Double { cpuPerEvent([.topLock], share) }
  /// Per event with none attached (both unattached groups), in ms.
  func unattached(_ share: Share) -> Double { cpuPerEvent([.stockA1, .stockA2], share) }
  /// What TopLock adds per event, in ms: `attached` less `unattached`.
  func difference(_ share: Share) -> Double { attached(share) - unattached(share) }
  /// The noise of that difference: the second unattached group less the first, in ms.
  func noise(_ share: Share) -> Double { cpuPerEvent([.stockA2], share) - cpuPerEvent([.stockA1], share) }

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

extension ScalePass {
  /// The pass's `share` of main-thread CPU time, in ns.
  func nanoseconds(_ share: ScaleMeasurement.Share) -> Int64 {
    switch share {
    case .wholePass: cpuNanoseconds
    case .dispatch: dispatchNanoseconds
    case .topLockCallbacks: handlerNanoseconds
    }
  }
}
