import Glibc

/// A touchscreen for GTK tests: a private `gtk4-broadwayd` and a headless Broadway client that sends real
/// touch events (GDK_TOUCH_BEGIN, UPDATE, END; one sequence per finger) to the app shown on it.
///
/// Start the app under test with `applicationEnvironment` after `init`. Fingers go `down`, `move` in timed
/// steps (several at once), `hold` and go `up`. Every event carries an explicit event time, in ms, that
/// grows by exactly the step or hold asked for (velocities come from event times); the calls also sleep that
/// long in real time, so the app's frame clock runs in between. A gesture that starts after a pause starts
/// from the real time elapsed since `init`.
///
/// Not thread-safe: one test thread drives it (the client's own threads answer the server meanwhile).
/// `stop()` (or `deinit`, so a failing test stops it too) closes the client and kills the server's process
/// group.
public final class BroadwayTouchscreen {
  /// Broadway's HTTP and WebSocket port is this plus the display number.
  public static let basePort = 8080
  /// The display numbers tried.
  public static let displayNumbers = 20...999
  /// How long `waitForSurface` waits by default, ms.
  public static let surfaceTimeoutMilliseconds = 10_000.0

  /// The display name the app under test takes in `BROADWAY_DISPLAY` (`:N`).
  public var display: String { ":\(server.number)" }

  /// The environment an app needs to show on this touchscreen: `GDK_BACKEND=broadway` and
  /// `BROADWAY_DISPLAY`.
  public var applicationEnvironment: [String: String] {
    ["GDK_BACKEND": "broadway", "BROADWAY_DISPLAY": display]
  }

  private let server: PrivateServer
  private let connection: BroadwayConnection
  private let startMilliseconds = ManagedProcess.nowMilliseconds
  private var lastEventTime: UInt32 = 0
  private var fingersDown: [Int32: TouchFinger] = [:]
  private var nextSequence: Int32 = 1
  /// The surface the emulated pointer is in: the last one a pointer-emulating finger went down on.
  private var pointerSurface: Int?

  /// Starts `gtk4-broadwayd --address 127.0.0.1 :N` on a free N and connects to it.
  ///
  /// - Throws: `ProcessError.notFound` when gtk4-broadwayd is not installed (`scripts/install-deps test`);
  ///   `TestSupportError.timedOut` when no server listens; `BroadwayError.connectionFailed`.
  public init() throws {
    server = try PrivateServer(
      numbers: Self.displayNumbers,
      isFree: Self.isPortFree,
      launch: { number in
        try ManagedProcess(executable: "gtk4-broadwayd", arguments: ["--address", "127.0.0.1", ":\(number)"])
      },
      isListening: { number in BroadwayConnection.answersHTTP(port: Self.basePort + number) })
    do {
      connection = try BroadwayConnection(port: Self.basePort + server.number)
    } catch {
      server.stop()
      throw error
    }
  }

  deinit {
    stop()
  }

  /// Closes the client and stops the server. Safe to call twice.
  public func stop() {
    connection.close()
    server.stop()
  }

  /// The surfaces the server announced and did not destroy, by id.
  public var surfaces: [Int: BroadwaySurface] { connection.surfaces }

  /// The newest visible surface whose id is not in `known`, waiting up to `timeoutMilliseconds` ms until
  /// `count` such surfaces show (a window and its popover are two): a window's first frame can reach GTK's
  /// `ready` before its surface's SHOW reaches this client.
  ///
  /// - Throws: `BroadwayError.connectionClosed`; `TestSupportError.timedOut` when they do not show in time.
  public func waitForNewSurface(
    excluding known: Set<Int> = [], count: Int = 1, timeoutMilliseconds: Double = surfaceTimeoutMilliseconds
  ) throws -> BroadwaySurface {
    let deadline = ManagedProcess.nowMilliseconds + timeoutMilliseconds
    while ManagedProcess.nowMilliseconds < deadline {
      let shown = connection.surfaces.values.filter { $0.isVisible && !known.contains($0.id) }
      if shown.count >= count, let newest = shown.max(by: { $0.id < $1.id }) { return newest }
      if connection.isClosed { throw BroadwayError.connectionClosed }
      usleep(5000)
    }
    throw TestSupportError.timedOut(waitingFor: "a new Broadway surface to show")
  }

  // MARK: - Fingers

  /// Puts a new finger down at `point` (the surface's px) on `surface`. It emulates the pointer when no
  /// other finger is down; then, as a browser does, the pointer first leaves the surface it was in and enters
  /// `surface` (GDK closes an autohide popover at a touch inside it that no pointer entered).
  ///
  /// - Throws: `BroadwayError.misuse` for an unknown surface, `.connectionClosed` when the server went away.
  public func down(at point: WidgetPoint, on surface: Int) throws(BroadwayError) -> TouchFinger {
    guard connection.surfaces[surface] != nil else { throw .misuse("no surface \(surface)") }
    let finger = TouchFinger(
      sequence: nextSequence, surface: surface, emulatesPointer: fingersDown.isEmpty, position: point)
    nextSequence += 1
    fingersDown[finger.sequence] = finger
    lastEventTime = max(lastEventTime + 1, UInt32(ManagedProcess.nowMilliseconds - startMilliseconds))
    if finger.emulatesPointer { try movePointer(to: point, on: surface) }
    try sendTouch(.begin, finger)
    return finger
  }

  /// Moves each finger of `moves` in a straight line to its point (the surface's px), in `steps` equal steps
  /// `stepMilliseconds` ms apart (event time and real time); in each step every finger moves, in the order
  /// given. Returns the fingers at their new positions, in the same order.
  ///
  /// - Throws: `BroadwayError.misuse` for a finger that is not down, `.connectionClosed`.
  @discardableResult
  public func move(
    _ moves: [(finger: TouchFinger, to: WidgetPoint)], steps: Int, stepMilliseconds: Double
  ) throws(BroadwayError) -> [TouchFinger] {
    precondition(steps > 0 && stepMilliseconds > 0, "a move needs steps and a positive step time")
    let starts = try moves.map { move throws(BroadwayError) in try current(move.finger).position }
    for step in 1...steps {
      advance(byMilliseconds: stepMilliseconds)
      let fraction = Double(step) / Double(steps)
      for (index, move) in moves.enumerated() {
        var finger = try current(move.finger)
        finger.position = WidgetPoint(
          x: starts[index].x + (move.to.x - starts[index].x) * fraction,
          y: starts[index].y + (move.to.y - starts[index].y) * fraction)
        fingersDown[finger.sequence] = finger
        try sendTouch(.update, finger)
      }
    }
    return try moves.map { move throws(BroadwayError) in try current(move.finger) }
  }

  /// Moves one finger; see `move(_:steps:stepMilliseconds:)`.
  @discardableResult
  public func move(
    _ finger: TouchFinger, to point: WidgetPoint, steps: Int, stepMilliseconds: Double
  ) throws(BroadwayError) -> TouchFinger {
    try move([(finger, point)], steps: steps, stepMilliseconds: stepMilliseconds)[0]
  }

  /// Keeps every finger where it is for `milliseconds` ms (event time and real time); sends nothing.
  public func hold(milliseconds: Double) {
    advance(byMilliseconds: milliseconds)
  }

  /// Lifts `finger` where it is, one ms (event time) after the last event.
  ///
  /// - Throws: `BroadwayError.misuse` for a finger that is not down, `.connectionClosed`.
  public func up(_ finger: TouchFinger) throws(BroadwayError) {
    let finger = try current(finger)
    lastEventTime += 1
    try sendTouch(.end, finger)
    fingersDown[finger.sequence] = nil
  }

  /// One finger through `stroke` from `start` (the surface's px) on `surface`: down, a 1 px nudge along the
  /// stroke, the stroke's press hold, its travel in its steps, its hold before release, up.
  ///
  /// - Throws: what `down`, `move` and `up` throw.
  public func drag(_ stroke: DragStroke, from start: WidgetPoint, on surface: Int) throws(BroadwayError) {
    var finger = try down(at: start, on: surface)
    let length = (stroke.dx * stroke.dx + stroke.dy * stroke.dy).squareRoot()
    if length > 0 {
      let nudge = WidgetPoint(x: start.x + stroke.dx / length, y: start.y + stroke.dy / length)
      finger = try move(finger, to: nudge, steps: 1, stepMilliseconds: 1)
    }
    hold(milliseconds: stroke.pressHoldMilliseconds)
    let steps = max(1, Int((length / stroke.stepPixels).rounded(.up)))
    finger = try move(
      finger, to: WidgetPoint(x: start.x + stroke.dx, y: start.y + stroke.dy), steps: steps,
      stepMilliseconds: stroke.stepIntervalMilliseconds)
    hold(milliseconds: stroke.holdBeforeReleaseMilliseconds)
    try up(finger)
  }

  // MARK: - Wheel

  /// Turns a mouse wheel down `clicks` clicks, `stepMilliseconds` ms apart (event time and real time), with
  /// the pointer at `point` (the surface's px) on `surface`, where it first moves (entering the surface as
  /// `down` does): each click is a discrete GDK_SCROLL_DOWN, which a GtkScrolledWindow takes as a step down
  /// of its own size. For bringing a list to its bottom before a touch drag; no finger may be down.
  ///
  /// - Throws: `BroadwayError.misuse` for an unknown surface or a finger down, `.connectionClosed`.
  public func wheelDown(
    clicks: Int, at point: WidgetPoint, on surface: Int, stepMilliseconds: Double = 20
  ) throws(BroadwayError) {
    guard connection.surfaces[surface] != nil else { throw .misuse("no surface \(surface)") }
    guard fingersDown.isEmpty else { throw .misuse("a wheel turns with no finger down") }
    lastEventTime = max(lastEventTime + 1, UInt32(ManagedProcess.nowMilliseconds - startMilliseconds))
    try movePointer(to: point, on: surface)
    try sendPointer(.pointerMove, of: surface, at: point, on: surface)
    for _ in 0..<clicks {
      advance(byMilliseconds: stepMilliseconds)
      try sendPointer(.scroll, of: surface, at: point, on: surface, [BroadwayMessage.scrollDown])
    }
  }

  private func current(_ finger: TouchFinger) throws(BroadwayError) -> TouchFinger {
    guard let down = fingersDown[finger.sequence] else {
      throw .misuse("finger \(finger.sequence) is not down")
    }
    return down
  }

  private func advance(byMilliseconds milliseconds: Double) {
    usleep(UInt32(max(0, milliseconds) * 1000))
    lastEventTime += UInt32(max(1, milliseconds.rounded()))
  }

  /// The pointer leaves the surface it is in (if another) and enters `surface`, at `point` (its px).
  private func movePointer(to point: WidgetPoint, on surface: Int) throws(BroadwayError) {
    guard pointerSurface != surface else { return }
    if let previous = pointerSurface, connection.surfaces[previous] != nil {
      try sendPointer(.leave, of: previous, at: point, on: surface, [BroadwayMessage.crossingNormal])
    }
    try sendPointer(.enter, of: surface, at: point, on: surface, [BroadwayMessage.crossingNormal])
    pointerSurface = surface
  }

  /// A pointer event (`enter`, `leave`, `pointerMove`, `scroll`) of `eventSurface` with the pointer at
  /// `point` (`pointSurface`'s px), no button or modifier held, then `trailing` arguments.
  private func sendPointer(
    _ event: BroadwayMessage.Event, of eventSurface: Int, at point: WidgetPoint, on pointSurface: Int,
    _ trailing: [Int32] = []
  ) throws(BroadwayError) {
    guard !connection.isClosed else { throw .connectionClosed }
    let position = position(of: point, on: pointSurface, in: eventSurface)
    connection.send(
      event,
      [Int32(eventSurface), Int32(eventSurface), position.rootX, position.rootY, position.x, position.y, 0]
        + trailing,
      time: lastEventTime)
  }

  private func sendTouch(_ phase: BroadwayMessage.TouchPhase, _ finger: TouchFinger) throws(BroadwayError) {
    guard !connection.isClosed else { throw .connectionClosed }
    let position = position(of: finger.position, on: finger.surface, in: finger.surface)
    connection.send(
      .touch,
      [
        phase.rawValue, Int32(finger.surface), finger.sequence, finger.emulatesPointer ? 1 : 0,
        position.rootX, position.rootY, position.x, position.y, 0,
      ],
      time: lastEventTime)
  }

  /// Where `point` (`pointSurface`'s px) is on the screen and in `surface`, px.
  private func position(
    of point: WidgetPoint, on pointSurface: Int, in surface: Int
  ) -> (rootX: Int32, rootY: Int32, x: Int32, y: Int32) {
    let pointOrigin = connection.surfaces[pointSurface]
    let rootX = Int32(point.x.rounded()) + Int32(pointOrigin?.x ?? 0)
    let rootY = Int32(point.y.rounded()) + Int32(pointOrigin?.y ?? 0)
    let origin = connection.surfaces[surface]
    return (rootX, rootY, rootX - Int32(origin?.x ?? 0), rootY - Int32(origin?.y ?? 0))
  }

  /// Whether nothing listens on 127.0.0.1:8080+`number` yet (the port binds).
  private static func isPortFree(_ number: Int) -> Bool {
    let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = BroadwayConnection.loopbackAddress(port: basePort + number)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }
}
