import Testing
import TopLockTestSupport

/// The demo under a headless sway of its own, at the demo tests' output size: started with `arguments`, its
/// `ready` line read, its window tiled by sway, and a virtual pointer on the output. What the demo's
/// touchpad tests start from.
///
/// Not thread-safe: one test drives it. `stop()` stops the pointer, the demo and sway, in that order; call
/// it once the test is done (`defer`).
final class SwayDemo {
  let sway: HeadlessSway
  /// The demo's process (`DemoTraceProcess.start`), its trace read through it.
  let demo: ManagedProcess
  let pointer: WaylandVirtualPointer
  /// The list's rectangle from `ready`, in the surface's px.
  let list: TraceEvent.Rectangle

  /// - Throws: what starting sway, the demo or the pointer throws, or a failed requirement when the demo
  ///   gives no `ready` line with a `list` rectangle, or sway tiles no window.
  init(arguments: [String] = [], quitAfter: String) throws {
    sway = try HeadlessSway(
      outputWidth: DemoWaylandTests.outputSize.width, outputHeight: DemoWaylandTests.outputSize.height)
    do {
      demo = try DemoTraceProcess.start(
        environment: sway.applicationEnvironment, quitAfter: quitAfter, arguments: arguments)
    } catch {
      sway.stop()
      throw error
    }
    do {
      let ready = try #require(demo.nextTraceEvent())
      list = try #require(ready.rectangle("list"))
      try sway.waitForATiledWindow()
      pointer = try WaylandVirtualPointer(on: sway)
    } catch {
      demo.stop()
      sway.stop()
      throw error
    }
  }

  func stop() {
    pointer.stop()
    demo.stop()
    sway.stop()
  }

  /// Places the pointer at `point`, in the list's surface px, on the output.
  func placePointer(at point: WidgetPoint) throws {
    try pointer.place(at: try DemoWaylandTests.outputPoint(point, list: list))
  }
}
