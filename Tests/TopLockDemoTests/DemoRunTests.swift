import Testing

/// The demo tests' standard-error check ignores Mesa's renderer lines and GDK 4.24's popover frame-clock
/// line, matched whole, and nothing else.
struct DemoRunTests {
  @Test func unexplainedLines_dropOnlyMesasRendererLinesAndGDKsPopoverFrameClockLine_matchedWhole() {
    let errors = """
      MESA-EGL: warning: DRI3 error: Could not get DRI3 device
      (toplock-demo:42): Gtk-WARNING **: 10:00:00.000: something the demo caused
      MESA-EGL: warning: Ensure your X server supports DRI3 to get accelerated rendering
      MESA-EGL: warning: DRI3 error: Could not get DRI3 device, and more
      (toplock-demo:2760): Gdk-WARNING **: 14:51:33.983: gdk_frame_timings_submitted() called on submitted frame.
      (toplock-demo:2760): Gdk-WARNING **: 14:51:33.983: gdk_frame_timings_submitted() called twice.
      (other:2760): Gdk-WARNING **: 14:51:33.983: gdk_frame_timings_submitted() called on submitted frame.

      """
    #expect(
      DemoRun.unexplainedLines(in: errors) == [
        "(toplock-demo:42): Gtk-WARNING **: 10:00:00.000: something the demo caused",
        "MESA-EGL: warning: DRI3 error: Could not get DRI3 device, and more",
        "(toplock-demo:2760): Gdk-WARNING **: 14:51:33.983: gdk_frame_timings_submitted() called twice.",
        "(other:2760): Gdk-WARNING **: 14:51:33.983: gdk_frame_timings_submitted() called on submitted frame.",
      ])
    #expect(DemoRun.unexplainedLines(in: "").isEmpty)
  }
}
