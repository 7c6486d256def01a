import Testing
import TopLockTestSupport

/// The touch fixture on Wayland: headless sway, the fixture with `GDK_BACKEND=wayland`, and the virtual
/// pointer. A point the fixture reports for a widget, given to the pointer, lands on that widget.
@Suite(.serialized)
struct WaylandFixtureTests {
  @Test func wayland_pointerPlacedAtAReportedPoint_landsOnThatWidget() throws {
    let session = try WaylandFixtureSession()
    defer { session.stop() }
    try session.show(.sheet)
    let list = session.list
    let handle = try #require(session.ready.handle)
    #expect(list.y > 0, "the sheet's list lies below the window's top")
    let cases: [(name: String, inList: WidgetPoint, expected: PointerReport.Target)] = [
      ("list, top left", WidgetPoint(x: 2, y: max(2, handle.y + handle.height - list.y + 2)), .list),
      ("list, middle", WidgetPoint(x: list.width / 2, y: list.height / 2), .list),
      ("list, bottom right", WidgetPoint(x: list.width - 2, y: list.height - 2), .list),
      (
        "handle, centre",
        WidgetPoint(x: handle.x + handle.width / 2 - list.x, y: handle.y + handle.height / 2 - list.y),
        .handle
      ),
    ]
    for (name, point, expected) in cases {
      let seen = try #require(try session.placePointer(inList: point), "GTK saw no pointer at the \(name)")
      let placed = session.point(point)
      print(
        "figure: wayland pointer at the \(name): placed (\(placed.x), \(placed.y)), GTK saw (\(seen.position.x), \(seen.position.y)) on \(seen.target)"
      )
      #expect(abs(seen.position.x - placed.x) < 1 && abs(seen.position.y - placed.y) < 1, "\(name)")
      #expect(seen.target == expected, "\(name)")
    }
  }
}
