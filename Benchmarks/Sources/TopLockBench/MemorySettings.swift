/// What `toplock-bench memory` runs.
struct MemorySettings: Equatable {
  /// One window `memory` measures in a process of its own (`ChildMeasurementProcess`), that process then
  /// printing its figures as one JSON line.
  enum ChildWindow: Equatable {
    /// A window of `scrollers` scrolled windows, shown, then attached: prints a
    /// `ScrollerCountMeasurement.Round`.
    case shown(scrollers: Int)
    /// A window of `cells` cells built, attached before it is shown when `attached`, shown and settled:
    /// prints its `MemoryGrowth`. Each cell is a scrolled window, or with a `scene` one `HostedCell` of it.
    case built(scene: HostedScene?, cells: Int, attached: Bool)

    /// The options that make `memory` measure this window.
    var arguments: [String] {
      switch self {
      case .shown(let scrollers): [MemorySettings.shownWindowOption, "\(scrollers)"]
      case .built(let scene, let cells, let attached):
        [attached ? MemorySettings.builtAttachedWindowOption : MemorySettings.builtWindowOption, "\(cells)"]
          + (scene.map { [MemorySettings.sceneOption, $0.rawValue] } ?? [])
      }
    }
  }

  /// The attach/detach cycles when `--cycles` is not given.
  static let defaultCycles = 10_000
  /// The scroller counts measured attached against unattached.
  static let scrollerCounts = [1, 10, 100]
  /// The cells of each window built attached, and of its unattached twin: scrolled windows, or instances of
  /// a `HostedScene` (a chained pair holds two).
  static let builtAttachedCells = 100
  /// Windows of each kind, built attached and unattached, each in a process of its own: the figures are
  /// their medians.
  static let builtAttachedRounds = 4
  /// Windows shown, then attached, of each scroller count, each in a process of its own: the figures are
  /// their medians.
  static let shownRounds = 5
  /// The option that makes `memory` measure one shown window in this process (`ChildWindow.shown`).
  static let shownWindowOption = "--shown-window"
  /// The option that makes `memory` measure one window built unattached in this process
  /// (`ChildWindow.built`).
  static let builtWindowOption = "--built-window"
  /// The option that makes `memory` measure one window built attached in this process (`ChildWindow.built`).
  static let builtAttachedWindowOption = "--built-attached-window"
  /// The option that makes a built window's cells instances of a `HostedScene` (`ChildWindow.built`).
  static let sceneOption = "--scene"

  /// How many times one scroller, and one chain, is attached and detached (a refresh: a tenth as many).
  var cycles = defaultCycles
  /// The one window to measure and print, when this process is one of `memory`'s own children; `nil` for a
  /// whole run.
  var childWindow: ChildWindow?
}
