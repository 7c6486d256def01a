import Testing

/// The demo tests' standard-error check ignores Mesa's renderer lines, matched whole, and nothing else.
struct DemoRunTests {
  @Test func unexplainedLines_dropOnlyMesasRendererLines_matchedWhole() {
    let errors = """
      MESA-EGL: warning: DRI3 error: Could not get DRI3 device
      (toplock-demo:42): Gtk-WARNING **: 10:00:00.000: something the demo caused
      MESA-EGL: warning: Ensure your X server supports DRI3 to get accelerated rendering
      MESA-EGL: warning: DRI3 error: Could not get DRI3 device, and more

      """
    #expect(
      DemoRun.unexplainedLines(in: errors) == [
        "(toplock-demo:42): Gtk-WARNING **: 10:00:00.000: something the demo caused",
        "MESA-EGL: warning: DRI3 error: Could not get DRI3 device, and more",
      ])
    #expect(DemoRun.unexplainedLines(in: "").isEmpty)
  }
}
