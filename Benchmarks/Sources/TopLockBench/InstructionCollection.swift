import CTopLockCallgrind

/// Callgrind's collection of instructions (run with `--collect-atstart=no`), toggled on while GDK dispatches
/// an input event (`EventDispatchMeter`) and, for `frames-instructions`, while a frame clock runs a frame
/// (`FrameInstructionMeter`), and off everywhere else. With a `pieceLabel`, every stretch collected ends in a
/// callgrind dump of its own, named `LABEL|PIECE` (`Piece`), so that the dumps, in order, give each frame and
/// each event its count; without one (`scale-instructions`), the counts add up until the caller dumps.
///
/// Main actor only. An event dispatched inside a frame (a motion GDK held back for the frame's flush) is a
/// piece of its own, counted for the event and for the frame alike.
@MainActor
enum InstructionCollection {
  /// What a dumped stretch was.
  enum Piece: String, CaseIterable {
    /// Part of a frame, which goes on in a later piece (its flush phase, or the part before an event).
    case frame
    /// The last part of a frame, to its after-paint.
    case frameEnd = "frame-end"
    /// An input event dispatched outside any frame.
    case event
    /// An input event dispatched inside a frame: part of that frame as well.
    case eventInFrame = "event-in-frame"
  }

  /// What is being collected.
  private enum State {
    case off
    case frame
    case event(inFrame: Bool)
  }

  private static var state = State.off
  /// Whether event dispatches are collected.
  static var collectsEvents = false
  /// Whether frames are collected.
  static var collectsFrames = false
  /// The label of every dump a stretch ends in (`LABEL|PIECE`), or `nil` for no dump per stretch.
  static var pieceLabel: String?

  /// The separator between a dump label's prefix and its piece.
  nonisolated static let labelSeparator: Character = "|"

  /// An input event's dispatch begins: collected on its own, inside a frame or not.
  static func eventBegan() {
    guard collectsEvents else { return }
    switch state {
    case .off:
      toplock_callgrind_toggle_collect()
      state = .event(inFrame: false)
    case .frame:
      dump(.frame)
      state = .event(inFrame: true)
    case .event: break
    }
  }

  /// The dispatch in progress, if any, ends.
  static func eventEnded() {
    guard case .event(let inFrame) = state else { return }
    dump(inFrame ? .eventInFrame : .event)
    if inFrame {
      state = .frame
    } else {
      toplock_callgrind_toggle_collect()
      state = .off
    }
  }

  /// A frame's phases begin (its flush of events, or its before-paint).
  static func frameBegan() {
    guard collectsFrames else { return }
    eventEnded()
    guard case .off = state else { return }
    toplock_callgrind_toggle_collect()
    state = .frame
  }

  /// A frame's phases pause (`closesFrame` false: after a flush that paints nothing, the rest comes with the
  /// next frame) or end (after its after-paint).
  static func frameEnded(closesFrame: Bool) {
    eventEnded()
    guard case .frame = state else { return }
    dump(closesFrame ? .frameEnd : .frame)
    toplock_callgrind_toggle_collect()
    state = .off
  }

  /// Ends whatever is collected, so that every toggle on has its toggle off.
  static func stop() {
    eventEnded()
    frameEnded(closesFrame: false)
  }

  private static func dump(_ piece: Piece) {
    guard let pieceLabel else { return }
    toplock_callgrind_dump_stats("\(pieceLabel)\(labelSeparator)\(piece.rawValue)")
  }
}
