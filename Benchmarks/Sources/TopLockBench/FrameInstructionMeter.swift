import CTopLockGtk
import TopLockGObject

/// Marks a window's frames for `InstructionCollection`, as `FrameRecorder` times them: from the emission hook
/// of flush-events or before-paint (ahead of GDK's own handlers) to the last handler of flush-events (a frame
/// that paints nothing: its count joins the next painted frame's) or of after-paint (the frame's end).
///
/// Main actor only. `remove()` before the window goes; safe to call twice.
@MainActor
final class FrameInstructionMeter {
  private var hooks: [EmissionHook] = []
  private var connections: [SignalConnection] = []

  /// Starts marking the frames of `window`, which must be realized.
  init(window: UnsafeMutablePointer<GtkWidget>) {
    guard let clock = gtk_widget_get_frame_clock(window) else {
      preconditionFailure("toplock-bench: the window has no frame clock (not realized)")
    }
    let clockInstance = UnsafeMutableRawPointer(clock)
    hooks = ["flush-events", "before-paint"].map { signal in
      EmissionHook(type: gdk_frame_clock_get_type(), signal: signal) { instance in
        guard instance == clockInstance else { return }
        InstructionCollection.frameBegan()
      }
    }
    connections = [
      SignalConnection.connect(clockInstance, .plain("flush-events")) {
        InstructionCollection.frameEnded(closesFrame: false)
      },
      SignalConnection.connect(clockInstance, .afterPaint) {
        InstructionCollection.frameEnded(closesFrame: true)
      },
    ]
  }

  /// Stops marking.
  func remove() {
    for hook in hooks { hook.remove() }
    hooks = []
    for connection in connections { connection.disconnect() }
    connections = []
  }
}
