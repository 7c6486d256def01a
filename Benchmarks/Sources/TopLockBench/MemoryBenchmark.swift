import CTopLockAllocCounter
import CTopLockGtk
import Foundation
import TopLock
import TopLockGObject
import TopLockTestSupport

/// `toplock-bench memory`: the memory budget of docs/RULES.md ("Budgets"). For 1, 10 and 100 scrolled windows
/// in one window, the resident set, the heap in use and the live objects with TopLock attached to each
/// against the same window unattached; then many attach/detach cycles on one scrolled window, counting with
/// GObject weak pointers what TopLock made and did not free.
///
/// The windows are measured in child processes started with `measuringEnvironment`: GLib's slice allocator
/// off, so that every GObject is its own malloc block and shows in the heap figure (GLib reads `G_SLICE` when
/// it first allocates, before `main`, so only a process started with it has it), and GTK's cairo renderer,
/// as in `frames` and `scale`: under Xvfb the GL renderer draws with Mesa's llvmpipe, which keeps about 200
/// blocks of 64 KiB for the frames in flight and takes one more on a frame of its own timing, attached or
/// not, so that a process's growth over a window's attach stepped by 53 to 69 KB (530 to 690 B per scroller
/// at 100) at random. The parent's attach/detach cycles count objects, which neither setting changes. Main
/// actor only; needs an X display.
@MainActor
struct MemoryBenchmark {
  /// Cycles run before the measured ones, so that what only the first attaches cost is not counted.
  static let warmUpCycles = 10

  let settings: MemorySettings

  /// The environment of the processes that measure a window, set in the parent's before it starts them.
  static let measuringEnvironment = [
    (name: "G_SLICE", value: "always-malloc"), (name: "GSK_RENDERER", value: "cairo"),
  ]

  /// Starts GTK and measures, each window in a process of its own, started with `measuringEnvironment`.
  ///
  /// - Throws: what GTK or TopLock failed with.
  func measure() throws -> MemoryReport {
    for variable in Self.measuringEnvironment {
      setenv(variable.name, variable.value, 1)
    }
    try GtkRuntime.start()
    let counts = try MemorySettings.scrollerCounts.map { try measure(scrollers: $0) }
    let hosted = try HostedScene.allCases.map { scene in
      HostedMemoryMeasurement(
        scene: scene, builtAttached: try measureBuiltAttached(scene), cycles: try measureCycles(scene))
    }
    return MemoryReport(
      scrollerCounts: counts, builtAttached: try measureBuiltAttached(nil), cycles: try measureCycles(nil),
      hosted: hosted)
  }

  /// `MemorySettings.shownRounds` windows of `count` scrolled windows, each shown, then attached, each in
  /// a process of its own (`MemorySettings.ChildWindow.shown`).
  private func measure(scrollers count: Int) throws -> ScrollerCountMeasurement {
    var rounds: [ScrollerCountMeasurement.Round] = []
    for _ in 0..<MemorySettings.shownRounds {
      rounds.append(
        try Self.childProcess(.shown(scrollers: count)).measure(ScrollerCountMeasurement.Round.self))
    }
    return ScrollerCountMeasurement(scrollers: count, rounds: rounds)
  }

  /// The child process of `memory` that measures `window`.
  private static func childProcess(_ window: MemorySettings.ChildWindow) -> ChildMeasurementProcess {
    ChildMeasurementProcess(arguments: [BenchMode.memory.rawValue] + window.arguments)
  }

  /// What a child process of `memory` runs: checks that it started with `measuringEnvironment`, starts
  /// GTK, attaches and detaches
  /// one scroller on a window of its own first (what only the first attach in a process costs: type and
  /// class set-up, interned names; and the first window's widget types), then measures `window` and prints
  /// its figures as one JSON line. Returns the exit status: 0, or 1 with the error on standard error.
  static func printChildWindow(_ window: MemorySettings.ChildWindow) -> Int32 {
    let missing = measuringEnvironment.filter { variable in
      ProcessInfo.processInfo.environment[variable.name] != variable.value
    }
    guard missing.isEmpty else {
      let settings = missing.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
      FileHandle.standardError.write(
        Data(
          "toplock-bench memory: a window's process must start with \(settings) (memory starts it so)\n".utf8)
      )
      return 1
    }
    do {
      try GtkRuntime.start()
      let benchmark = MemoryBenchmark(settings: MemorySettings())
      _ = try benchmark.measureRound(scrollers: 1)
      let mode = BenchMode.memory.rawValue
      switch window {
      case .shown(let count): print(JSONLine.encode(try benchmark.measureRound(scrollers: count), mode: mode))
      case .built(let scene, let count, let attached):
        // What only a process's first refresh or chain costs (its widget types, the refresh's spinner),
        // paid outside the measured window, as the scroller's above.
        if let scene { _ = try benchmark.measureBuilt(scene, cells: 1, attached: true) }
        print(
          JSONLine.encode(try benchmark.measureBuilt(scene, cells: count, attached: attached), mode: mode))
      }
      return 0
    } catch {
      FileHandle.standardError.write(Data("toplock-bench memory: \(error)\n".utf8))
      return 1
    }
  }

  /// One window of `count` scrolled windows: shown, read, attached, read, detached, destroyed.
  private func measureRound(scrollers count: Int) throws -> ScrollerCountMeasurement.Round {
    let census = ObjectCensus()
    defer { census.release() }
    let grid = ScrollerGridWindow(count: count)
    try grid.present()
    // Objects are tracked outside the two readings: a weak pointer costs each object a little memory.
    let unattachedObjects = WidgetObjects.all(from: grid.window)
    for object in unattachedObjects { census.track(object) }
    try settle(grid.window)
    let unattached = MemorySnapshot.take()
    let objectsUnattached = census.aliveCount
    var scrollers: [TopLockScroller] = []
    scrollers.reserveCapacity(count)
    let blocksBefore = Int(toplock_alloc_count()) - Int(toplock_free_count())
    for scrolledWindow in grid.cells {
      scrollers.append(try TopLockScroller.attach(to: scrolledWindow))
    }
    let attachHeapBlocks = Int(toplock_alloc_count()) - Int(toplock_free_count()) - blocksBefore
    try settle(grid.window)
    let attached = MemorySnapshot.take()
    let known = Set(unattachedObjects)
    for object in WidgetObjects.all(from: grid.window) where !known.contains(object) {
      census.track(object)
    }
    let objectsAttached = census.aliveCount
    for scroller in scrollers { scroller.detach() }
    scrollers = []
    try settle(grid.window)
    let objectsAfterDetach = census.aliveCount
    grid.destroy()
    return ScrollerCountMeasurement.Round(
      growth: MemoryGrowth(from: unattached, to: attached), attachHeapBlocks: attachHeapBlocks,
      objectsUnattached: objectsUnattached, objectsAttached: objectsAttached,
      objectsAfterDetach: objectsAfterDetach, objectsAfterDestroy: census.aliveCount)
  }

  /// Windows of `MemorySettings.builtAttachedCells` cells (scrolled windows, or instances of `scene`),
  /// unattached and attached before they are shown, in alternation, each in a process of its own
  /// (`MemorySettings.ChildWindow.built`).
  private func measureBuiltAttached(_ scene: HostedScene?) throws -> BuiltAttachedMeasurement {
    let count = MemorySettings.builtAttachedCells
    var unattached: [MemoryGrowth] = []
    var attached: [MemoryGrowth] = []
    for _ in 0..<MemorySettings.builtAttachedRounds {
      unattached.append(
        try Self.childProcess(.built(scene: scene, cells: count, attached: false)).measure(MemoryGrowth.self))
      attached.append(
        try Self.childProcess(.built(scene: scene, cells: count, attached: true)).measure(MemoryGrowth.self))
    }
    return BuiltAttachedMeasurement(
      scrollers: count * (scene?.scrollers ?? 1), unattachedRounds: unattached, attachedRounds: attached)
  }

  /// One window of `count` cells, with TopLock attached before the window is shown when `attached`: the
  /// process's growth from before the window was built to after it was shown and settled. A cell is a
  /// scrolled window, or with a `scene` a `HostedCell` of it (its host made with the cell). The window is
  /// destroyed after the reading.
  private func measureBuilt(_ scene: HostedScene?, cells count: Int, attached: Bool) throws -> MemoryGrowth {
    let before = MemorySnapshot.take()
    let hostedCells = try scene.map { scene in
      try (0..<count).map { _ in try HostedCell(scene, attached: attached) }
    }
    let grid =
      hostedCells.map { ScrollerGridWindow(cells: $0.map(\.root)) } ?? ScrollerGridWindow(count: count)
    defer { grid.destroy() }
    if attached, hostedCells == nil {
      for scrolledWindow in grid.cells { try TopLockScroller.attach(to: scrolledWindow) }
    }
    try grid.present()
    try settle(grid.window)
    let growth = MemoryGrowth(from: before, to: MemorySnapshot.take())
    withExtendedLifetime(hostedCells) {}
    return growth
  }

  /// Attach/detach cycles, after `warmUpCycles`, on one scrolled window (`scene` `nil`) or of `scene`'s host
  /// (`CycleTarget`): what they left alive, and the process's growth over them. `settings.cycles` of them,
  /// but a tenth for a refreshing list, whose cycles wait for a frame each (`CycleTarget.cycle`).
  private func measureCycles(_ scene: HostedScene?) throws -> CycleMeasurement {
    let cycles = scene == .refreshingList ? max(1, settings.cycles / 10) : settings.cycles
    let census = ObjectCensus()
    defer { census.release() }
    let target = CycleTarget(scene)
    try target.fixture.present()
    var topLockObjectsLeftAlive = 0
    for _ in 0..<Self.warmUpCycles {
      topLockObjectsLeftAlive += try target.cycle(census: nil)
    }
    census.reserve(cycles * 6)
    try settle(target.fixture.window)
    let before = MemorySnapshot.take()
    for _ in 0..<cycles {
      topLockObjectsLeftAlive += try target.cycle(census: census)
      g_main_context_iteration(nil, 0)
    }
    try settle(target.fixture.window)
    let after = MemorySnapshot.take()
    let windowCensus = ObjectCensus()
    defer { windowCensus.release() }
    for object in target.windowObjects { windowCensus.track(object) }
    target.fixture.destroy()
    return CycleMeasurement(
      scene: scene, cycles: cycles, warmUpCycles: Self.warmUpCycles, before: before, after: after,
      objectsTracked: census.trackedCount,
      objectsLeftAlive: census.aliveCount, topLockObjectsLeftAlive: topLockObjectsLeftAlive,
      windowObjectsLeftAlive: windowCensus.aliveCount)
  }

  /// Lets GTK finish what the last change queued: two frames of `window`, then every pending source.
  private func settle(_ window: UnsafeMutablePointer<GtkWidget>) throws(TestSupportError) {
    try MainLoopPump.waitForFrames(2, of: window)
    MainLoopPump.run(timeoutMilliseconds: 500) { g_main_context_pending(nil) == 0 }
  }
}
