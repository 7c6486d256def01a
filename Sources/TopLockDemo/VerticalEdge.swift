import CTopLockGtk

/// The top or bottom edge of a list, as GTK's `edge-overshot` names it (a `GtkPositionType`), for the trace.
enum VerticalEdge: String {
  case top
  case bottom

  /// The edge of an `edge-overshot` position, or nil for a horizontal one (left or right).
  init?(overshotPosition position: UInt32) {
    switch position {
    case GTK_POS_TOP.rawValue: self = .top
    case GTK_POS_BOTTOM.rawValue: self = .bottom
    default: return nil
    }
  }
}
