import CTopLockXTest
import TopLockTestSupport

/// One step of a fuzz sequence: real input injected through XTest into the fuzz window, or a pause.
///
/// Points are fractions of the visible part of the scrolled window (0 ... 1 across and down), resolved when
/// the action runs, so that a sequence means the same on an open and a collapsed sheet.
enum FuzzAction: CustomStringConvertible, Sendable {
  /// A press, one or more straight segments (any direction, speed and pause, reversals included), and a
  /// release; a release with no rest before it flings.
  case drag(Drag)
  /// Wheel clicks where the pointer rests over the list.
  case wheel(WheelDirection, clicks: Int, intervalMilliseconds: Double)
  /// A press and release without motion, on the list (a row button) or on the sheet's handle.
  case click(onHandle: Bool, x: Double, y: Double, holdMilliseconds: Double)
  /// A key tap (an X keysym): page, arrow, Home and End keys scroll, or step the sheet with the focus on its
  /// handle; Escape collapses the sheet with the focus in it.
  case key(keysym: UInt)
  /// Nothing for `milliseconds` ms while flings and springs run.
  case pause(milliseconds: Double)

  /// A pointer drag.
  struct Drag: Sendable {
    /// Where the press lands, as fractions of the visible list.
    var x: Double
    /// Where the press lands, as fractions of the visible list.
    var y: Double
    /// Rest after the press, before the first segment, in ms.
    var pressHoldMilliseconds: Double
    /// The straight moves, in order.
    var segments: [Segment]
    /// Rest at the end before the release, in ms; 0 releases mid-motion (a fling).
    var holdBeforeReleaseMilliseconds: Double
  }

  /// One straight move of a drag.
  struct Segment: Sendable {
    /// Pointer travel, in px (positive rightward).
    var dx: Double
    /// Pointer travel, in px (positive downward).
    var dy: Double
    /// Length of one motion step, in px.
    var stepPixels: Double
    /// Time between motion steps, in ms.
    var stepIntervalMilliseconds: Double
    /// Rest after the segment, in ms.
    var pauseMilliseconds: Double
  }

  /// The keys a sequence may tap.
  static let keys: [UInt] = [
    UInt(XK_Page_Up), UInt(XK_Page_Down), UInt(XK_Home), UInt(XK_End), UInt(XK_Up), UInt(XK_Down),
    UInt(XK_Escape),
  ]

  var description: String {
    switch self {
    case .drag(let drag):
      let moves = drag.segments.map { segment in
        "(\(Int(segment.dx)),\(Int(segment.dy)) by \(Int(segment.stepPixels))px/"
          + "\(Int(segment.stepIntervalMilliseconds))ms, pause \(Int(segment.pauseMilliseconds)))"
      }
      return "drag from (\(Self.text(drag.x)), \(Self.text(drag.y))) hold \(Int(drag.pressHoldMilliseconds)) "
        + "\(moves.joined(separator: " ")) release after \(Int(drag.holdBeforeReleaseMilliseconds))"
    case .wheel(let direction, let clicks, let interval):
      return "wheel \(direction) x\(clicks) every \(Int(interval)) ms"
    case .click(let onHandle, let x, let y, let hold):
      return onHandle ? "click the handle" : "click at (\(Self.text(x)), \(Self.text(y))) for \(Int(hold)) ms"
    case .key(let keysym):
      return "key 0x\(String(keysym, radix: 16))"
    case .pause(let milliseconds):
      return "pause \(Int(milliseconds)) ms"
    }
  }

  /// A fraction with two decimals, for descriptions.
  private static func text(_ fraction: Double) -> String {
    "\((fraction * 100).rounded() / 100)"
  }
}
