import Foundation

/// The shape of the generated workload, with units, in one place: a bottom sheet holding a list, as in the
/// demo, touched at a touchscreen's motion rate and painted at 60 frames a second.
enum WorkloadTuning {
  /// The seed of the workload; fixed, so every run times the same inputs.
  static let seed: UInt64 = 0x7031_0C4B_BE9C_0DE5

  /// The visible height of the list, in px.
  static let pageSize = 600.0
  /// The height of one row, in px.
  static let rowHeight = 48.0
  /// The row counts the list switches between (a long list, a huge one, one a few pages long, and one
  /// shorter than the page, which counts as always at the top).
  static let rowCounts = [2_000, 1_000_000, 40, 8]

  /// How far the sheet is from open when collapsed, in px (its 96 px peek stays visible).
  static let collapsedSheetOffset = 504.0
  /// How far ahead a released sheet projects its velocity to pick open or collapsed, in s.
  static let sheetProjection = 0.2

  /// The time between two motion events of a drag, in ms (a 120 Hz touchscreen), and its jitter, in ms.
  static let motionInterval = 8.33
  static let motionJitter = 1.5
  /// Sideways wobble of a vertical drag per motion, in px.
  static let pointerWobble = 1.5
  /// The time between two frames of a fling, in ms.
  static let frameInterval = 16.67
  /// The time between two mouse wheel clicks, in ms.
  static let wheelClickInterval = 15.0...90.0
  /// The time between two touchpad scroll deltas, in ms.
  static let touchpadInterval = 8.0
  /// The pause between two gestures, in ms.
  static let gesturePause = 150.0...1_500.0
  /// How long a finger may rest before lifting, in ms (long enough to leave no release velocity).
  static let restBeforeRelease = 200.0

  /// The press point's range inside the list, in px of the stable frame.
  static let pressX = 40.0...440.0
  static let pressY = 150.0...650.0

  /// Travel of a pull at the top, in px, and its motions.
  static let pullTravel = 60.0...420.0
  static let pullMoves = 8...60
  /// Travel of an ordinary scrolling drag, in px, and its motions.
  static let scrollTravel = 40.0...1_500.0
  static let scrollMoves = 6...90
  /// Travel of a horizontal drag, in px, its vertical drift, in px, and its motions.
  static let horizontalTravel = 60.0...400.0
  static let horizontalDrift = 0.0...30.0
  static let horizontalMoves = 6...40
  /// Travel of a scrollbar drag, in px, and its motions.
  static let scrollbarTravel = 10.0...300.0
  static let scrollbarMoves = 6...40
  /// Motions of a tap (all under the drag threshold) and their size, in px.
  static let tapMoves = 0...2
  static let tapWobble = 3.0
  /// Clicks in one wheel burst.
  static let wheelClicks = 1...12
  /// Deltas in one touchpad scroll, and the size of one delta, in px.
  static let touchpadDeltas = 6...80
  static let touchpadDelta = 1.0...25.0
  /// Where "near the top" puts the content before a gesture, in px of value.
  static let nearTop = 0.0...400.0

  /// Probabilities of the variations of a gesture (0 ... 1).
  static let pushBackChance = 0.4
  static let reverseChance = 0.35
  static let startNearTopChance = 0.3
  static let restChance = 0.25
  static let cancelChance = 0.03
  static let wheelUpChance = 0.6
  static let startAtTopChance = 0.45
  /// The chance, per frame, that the user touches the list during a fling.
  static let flingInterruptChance = 0.01
  /// The most frames a fling runs before the user is assumed to have touched it.
  static let maxFlingFrames = 400

  /// GTK 4's wheel step for one click, in px: `page ^ (2/3)` (get_wheel_detent_scroll_step).
  static var wheelStep: Double { pow(pageSize, 2.0 / 3.0) }
}
