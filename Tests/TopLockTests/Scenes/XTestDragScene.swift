import TopLockTestSupport

/// A scene of a list that the XTest pointer drags, with a recording host: `TopLockListScene` and
/// `ContainedListScene`. Main actor.
@MainActor
protocol XTestDragScene: AnyObject {
  var fixture: ScrolledListFixture { get }
  var pointer: XTestPointer { get }
  var host: RecordingHost { get }
  /// Pumps the main loop until the list comes to rest.
  func waitUntilStill()
}

/// The list's value and the host's last translation just before a drag's release, px.
struct BeforeRelease {
  var value: Double
  var translation: Double
}

extension XTestDragScene {
  /// Presses at `point`, moves along `stroke`, reads the value and the host's translation, releases, and waits
  /// until the list is still.
  func drag(_ stroke: DragStroke, at point: WidgetPoint) throws -> BeforeRelease {
    try pointer.beginDrag(stroke, at: point, in: fixture.scrolledWindow)
    pointer.travel(stroke)
    let beforeRelease = BeforeRelease(value: fixture.scrollValue, translation: host.lastTranslation)
    pointer.release()
    waitUntilStill()
    return beforeRelease
  }
}
