@_spi(Engine) import TopLockCore

/// The modes of `toplock-bench`, one budget of docs/RULES.md ("Budgets") each (and `bare-window`, the
/// baseline program `startup` runs), named by the first argument. A new mode is a case here, a case of
/// `BenchCommand` with its parser, and its line in `BenchCommand.run()`.
enum BenchMode: String, CaseIterable {
  /// The core decision budget: time and heap allocations per `DragArbiter.handle(_:)`.
  case core
  /// The frame budget: per-frame work scrolling a 1,000,000-row list, TopLock against stock.
  case frames
  /// The frame budget in instructions: callgrind's count per frame and per input event over the frames
  /// script played on a scripted timeline, stock against TopLock.
  case framesInstructions = "frames-instructions"
  /// The memory budget: bytes and objects per attached scroller, and what 10,000 attach/detach cycles leave.
  case memory
  /// The scale budget: main-thread CPU time per input event in a window of 1, 10 and 100 scrolled windows,
  /// attached against unattached.
  case scale
  /// The scale budget in instructions: callgrind's count per input event in windows of 1, 100 and 1,000
  /// scrolled windows (and 1,000 over five natives), attached against unattached.
  case scaleInstructions = "scale-instructions"
  /// The lag budget: frames from a motion event to the paint of the host's move, against stock's own drag.
  case lag
  /// The start-up budget: the demo's first frame against the same demo's with TopLock not attached (and,
  /// reported without a budget, against a bare GtkWindow program's).
  case startup
  /// The bare GtkWindow program `startup` times: opens a window, prints a ready line after its first frame,
  /// exits.
  case bareWindow = "bare-window"

  /// One line for `--help`: what the mode measures.
  var summary: String {
    switch self {
    case .core:
      "times DragArbiter.handle(_:) over a generated mix of inputs (budget: < 100 ns, 0 allocations each)"
    case .frames:
      "scrolls a 1,000,000-row GtkListView by XTest, stock and TopLock alternated (budget: per-frame work "
        + "median and p99 within 2%)"
    case .framesInstructions:
      "counts instructions per frame and per input event under callgrind, the frames script on a scripted "
        + "timeline (budget: per-frame median and p99 within 2% of stock A1)"
    case .memory:
      "RSS, heap and objects for 1, 10, 100 scrollers attached vs not, and after attach/detach cycles; "
        + "the same for chained pairs and refreshing lists (budget: < 4 KiB per scroller, 0 objects left)"
    case .scale:
      "plays taps and a mouse drag over one list in a window of 1, 10, 100 scrolled windows, attached vs not "
        + "(budget: per-event cost at 100 within 1.1x of 1)"
    case .scaleInstructions:
      "counts instructions per input event under callgrind, the scale script paced, in windows of 1, 100, "
        + "1,000 scrolled windows (budget: attached/unattached at 1,000 within 1.1x of 1)"
    case .lag:
      "counts frames from a mouse motion to the paint of its move, TopLock's pull vs stock's drag (budget: "
        + "no extra frame)"
    case .startup:
      "spawns bare-window, toplock-demo and toplock-demo --no-attach in turn, spawn to ready line (budget: "
        + "demo median within 5% of the unattached demo's)"
    case .bareWindow:
      "opens a GtkWindow, prints {\"event\":\"ready\"} after its first frame, exits (startup's baseline)"
    }
  }

  /// The mode's options for `--help`, one line each.
  var optionLines: [String] {
    switch self {
    case .core:
      ["--events N  how many inputs to generate and time (default \(BenchCommand.defaultEventCount))"]
    case .frames:
      [
        "--rows N          rows in the list (default \(FramesSettings.defaultRowCount))",
        "--cycles N        cycles of four rounds per gesture, A1 B A2 B then B A2 B A1 "
          + "(default \(FramesSettings.defaultCycles))",
        "--timed-passes N  passes over the gestures with TopLock's callbacks timed "
          + "(default \(FramesSettings.defaultTimedPasses))",
        "--samples FILE    write every frame as JSON to FILE (for scripts/plot-frames.py)",
        "--touch           real touch on a Broadway display of its own, default options (no X display)",
      ]
    case .framesInstructions:
      [
        "--rows N  rows in the list (default \(FramesSettings.defaultRowCount))",
        "\(FramesInstructionBenchmark.sceneOption) SCENE  the list as the inner of a "
          + "\(HostedScene.chainedPair.rawValue) or a \(HostedScene.refreshingList.rawValue), against the same "
          + "stock scrolled windows",
        "\(FramesInstructionBenchmark.childOption)   (frames-instructions runs itself so, under callgrind) "
          + "plays the passes in this process",
      ]
    case .memory:
      [
        "--cycles N        attach/detach cycles, a tenth of them for refreshing lists "
          + "(default \(MemorySettings.defaultCycles))",
        "\(MemorySettings.shownWindowOption) N  (memory runs itself so) one window of N scrollers shown, then "
          + "attached, in this process: prints its figures as one JSON line",
        "\(MemorySettings.builtWindowOption) N  (memory runs itself so) one window of N scrollers built, shown "
          + "and settled, in this process: prints its growth as one JSON line",
        "\(MemorySettings.builtAttachedWindowOption) N  (memory runs itself so) the same, TopLock attached to "
          + "each scroller before the window is shown",
        "\(MemorySettings.sceneOption) SCENE  with one of the two above: N cells of "
          + HostedScene.allCases.map(\.rawValue).joined(separator: " or ") + " instead of scrollers",
      ]
    case .scale:
      ["--rounds N  rounds of four passes per window (default \(ScaleSettings.defaultRounds))"]
    case .scaleInstructions:
      [
        "\(ScaleInstructionBenchmark.windowOption) N:P  (scale-instructions runs itself so, under callgrind) "
          + "one window of N scrolled windows, P popovers holding a share: its passes dumped"
      ]
    case .startup:
      [
        "--runs N     timed runs of each program, after one warm-up (default \(StartupSettings.defaultRuns))",
        "--demo PATH  the toplock-demo executable (required: it is built by the root package)",
      ]
    case .lag, .bareWindow:
      []
    }
  }
}
