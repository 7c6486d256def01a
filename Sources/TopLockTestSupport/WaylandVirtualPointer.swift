import CTopLockWaylandPointer
import Glibc

/// A pointer for GTK tests on Wayland: a client of wlroots' virtual-pointer protocol
/// (`zwlr_virtual_pointer_v1`) on a `HeadlessSway`, whose input the compositor sends to the window under the
/// pointer as a real device's: motion, buttons, touchpad scrolling (smooth deltas with `axis_source` finger
/// and a scroll stop, which GTK reads as `GDK_SCROLL_UNIT_SURFACE` deltas and a scroll end), and wheel steps.
///
/// Positions are the output's px, which are the tiled window's surface px (`HeadlessSway`). Every event
/// carries an explicit event time, in ms, that grows by exactly the step or pause asked for (GTK measures
/// velocities from event times); the calls also sleep that long in real time, so the app's frame clock runs in
/// between. An action that starts after a pause starts from the real time (CLOCK_MONOTONIC, ms) instead.
///
/// Not thread-safe: one test thread drives it. `stop()` (or `deinit`) removes the device and disconnects.
public final class WaylandVirtualPointer {
  /// The Linux input event code of each `PointerButton` (`BTN_LEFT`, `BTN_MIDDLE`, `BTN_RIGHT`).
  private static let buttonCodes: [PointerButton: UInt32] = [
    .primary: 0x110, .middle: 0x112, .secondary: 0x111,
  ]
  /// The distance `axis_discrete` reports for one wheel step, in surface px (libinput's usual 15 degrees
  /// click is 15; GTK reads the steps, not the distance).
  public static let wheelStepDistance = 15.0

  private let compositor: HeadlessSway
  private var display: OpaquePointer?
  private var pointer: OpaquePointer?
  private var lastEventTime: UInt32

  /// The position the pointer was last placed at, output px.
  public private(set) var position = WidgetPoint(x: 0, y: 0)

  /// Connects to `compositor` and creates a virtual pointer on its seat.
  ///
  /// - Throws: `WaylandPointerError.connectionFailed` when the socket does not answer,
  ///   `.virtualPointerUnavailable` when the compositor does not offer the protocol.
  public init(on compositor: HeadlessSway) throws(WaylandPointerError) {
    self.compositor = compositor
    lastEventTime = Self.now
    guard let display = wl_display_connect(compositor.socketPath) else {
      throw .connectionFailed(compositor.socketPath)
    }
    self.display = display
    let globals = RegistryGlobals()
    let registry = wl_display_get_registry(display)
    let box = Unmanaged.passRetained(globals)
    // The listener must outlive the registry, which goes at the end of `init`.
    let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    listener.initialize(to: Self.registryListener)
    defer {
      listener.deallocate()
      box.release()
    }
    wl_registry_add_listener(registry, listener, box.toOpaque())
    guard wl_display_roundtrip(display) >= 0, let manager = globals.manager else {
      wl_registry_destroy(registry)
      wl_display_disconnect(display)
      self.display = nil
      throw .virtualPointerUnavailable
    }
    pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, globals.seat)
    zwlr_virtual_pointer_manager_v1_destroy(manager)
    if let seat = globals.seat { wl_proxy_destroy(seat) }
    wl_registry_destroy(registry)
    try synchronize()
  }

  deinit {
    stop()
  }

  /// Removes the device and disconnects. Safe to call twice.
  public func stop() {
    if let pointer {
      zwlr_virtual_pointer_v1_destroy(pointer)
      self.pointer = nil
    }
    if let display {
      wl_display_roundtrip(display)
      wl_display_disconnect(display)
      self.display = nil
    }
  }

  // MARK: - Motion and buttons

  /// Puts the pointer at `point` (output px, rounded to whole px) at once (`motion_absolute`).
  ///
  /// - Throws: `WaylandPointerError.misuse` for a point off the output, `.disconnected`.
  public func place(at point: WidgetPoint) throws(WaylandPointerError) {
    lastEventTime = max(lastEventTime + 1, Self.now)
    try sendAbsoluteMotion(to: point)
    try synchronize()
  }

  /// Moves the pointer in a straight line to `point` (output px) in `steps` equal steps `stepMilliseconds`
  /// ms apart.
  ///
  /// - Throws: `WaylandPointerError.misuse` for a point off the output or no steps, `.disconnected`.
  public func move(to point: WidgetPoint, steps: Int, stepMilliseconds: Double) throws(WaylandPointerError) {
    guard steps > 0, stepMilliseconds > 0 else {
      throw .misuse("a move needs steps and a positive step time")
    }
    let start = position
    for step in 1...steps {
      advance(byMilliseconds: stepMilliseconds)
      let fraction = Double(step) / Double(steps)
      try sendAbsoluteMotion(
        to: WidgetPoint(
          x: start.x + (point.x - start.x) * fraction, y: start.y + (point.y - start.y) * fraction))
    }
    try synchronize()
  }

  /// Presses `button` where the pointer is.
  ///
  /// - Throws: `WaylandPointerError.disconnected`.
  public func press(_ button: PointerButton = .primary) throws(WaylandPointerError) {
    try sendButton(button, state: WL_POINTER_BUTTON_STATE_PRESSED)
  }

  /// Releases `button` where the pointer is, one ms (event time) after the last event.
  ///
  /// - Throws: `WaylandPointerError.disconnected`.
  public func release(_ button: PointerButton = .primary) throws(WaylandPointerError) {
    try sendButton(button, state: WL_POINTER_BUTTON_STATE_RELEASED)
  }

  // MARK: - Scrolling

  /// A touchpad's two-finger scroll: each of `deltas` (vertical, surface px as the touchpad reports them;
  /// negative scrolls toward the top, that is, fingers moving down) as one `axis` event with source finger,
  /// `stepMilliseconds` ms after the one before (the first one step after the last event, or now after a
  /// pause). No scroll stop: `scrollStop` ends the sequence.
  ///
  /// - Throws: `WaylandPointerError.misuse` for a step that is not positive, `.disconnected`.
  public func swipe(deltas: [Double], stepMilliseconds: Double) throws(WaylandPointerError) {
    guard stepMilliseconds > 0 else { throw .misuse("a swipe needs a positive step time") }
    lastEventTime = max(lastEventTime, Self.now - UInt32(stepMilliseconds.rounded()))
    for delta in deltas {
      advance(byMilliseconds: stepMilliseconds)
      try send { pointer in
        zwlr_virtual_pointer_v1_axis(
          pointer, lastEventTime, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, wl_fixed_from_double(delta))
        // wlroots 0.15 gives an axis_source to the axis named last: name the axis first.
        zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER.rawValue)
      }
    }
    try synchronize()
  }

  /// The fingers leave the touchpad: `axis_stop` on both axes, `afterMilliseconds` ms (event time and real
  /// time) after the last event. About 10 ms after the last delta GTK flings; after more than 150 ms (GTK's
  /// velocity window) it does not.
  ///
  /// - Throws: `WaylandPointerError.disconnected`.
  public func scrollStop(afterMilliseconds: Double) throws(WaylandPointerError) {
    advance(byMilliseconds: afterMilliseconds)
    try send { pointer in
      for axis in [WL_POINTER_AXIS_HORIZONTAL_SCROLL, WL_POINTER_AXIS_VERTICAL_SCROLL] {
        zwlr_virtual_pointer_v1_axis_stop(pointer, lastEventTime, axis.rawValue)
        zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER.rawValue)
      }
    }
    try synchronize()
  }

  /// `steps` clicks of a mouse wheel on the vertical axis, negative toward the top: each one frame with one
  /// `axis_discrete` step (source wheel), `stepMilliseconds` ms after the one before (GTK 4.8 turns a frame
  /// into one wheel event, however many steps it carries).
  ///
  /// - Throws: `WaylandPointerError.misuse` for a step time that is not positive, `.disconnected`.
  public func wheel(steps: Int, stepMilliseconds: Double = 20) throws(WaylandPointerError) {
    guard stepMilliseconds > 0 else { throw .misuse("wheel steps need a positive step time") }
    let step: Int32 = steps < 0 ? -1 : 1
    lastEventTime = max(lastEventTime, Self.now - UInt32(stepMilliseconds.rounded()))
    for _ in 0..<steps.magnitude {
      advance(byMilliseconds: stepMilliseconds)
      try send { pointer in
        zwlr_virtual_pointer_v1_axis_discrete(
          pointer, lastEventTime, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue,
          wl_fixed_from_double(Double(step) * Self.wheelStepDistance), step)
        zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_WHEEL.rawValue)
      }
    }
    try synchronize()
  }

  /// Sends nothing for `milliseconds` ms (event time and real time).
  public func pause(milliseconds: Double) {
    advance(byMilliseconds: milliseconds)
  }

  // MARK: - Requests

  private func sendAbsoluteMotion(to point: WidgetPoint) throws(WaylandPointerError) {
    let x = point.x.rounded()
    let y = point.y.rounded()
    guard x >= 0, y >= 0, x < Double(compositor.outputWidth), y < Double(compositor.outputHeight) else {
      throw .misuse(
        "(\(point.x), \(point.y)) is off the \(compositor.outputWidth) x \(compositor.outputHeight) output")
    }
    try send { pointer in
      zwlr_virtual_pointer_v1_motion_absolute(
        pointer, lastEventTime, UInt32(x), UInt32(y), UInt32(compositor.outputWidth),
        UInt32(compositor.outputHeight))
    }
    position = point
  }

  private func sendButton(_ button: PointerButton, state: wl_pointer_button_state) throws(WaylandPointerError)
  {
    lastEventTime = max(lastEventTime + 1, Self.now)
    guard let code = Self.buttonCodes[button] else { preconditionFailure("every button has a code") }
    try send { pointer in zwlr_virtual_pointer_v1_button(pointer, lastEventTime, code, state.rawValue) }
    try synchronize()
  }

  /// Runs `requests` on the pointer and ends them with one `frame`, then flushes.
  private func send(_ requests: (OpaquePointer) -> Void) throws(WaylandPointerError) {
    guard let pointer, let display else { throw .disconnected }
    requests(pointer)
    zwlr_virtual_pointer_v1_frame(pointer)
    guard wl_display_flush(display) >= 0 else { throw .disconnected }
  }

  /// Waits until the compositor has handled every request sent (a roundtrip), and reads what it sent.
  private func synchronize() throws(WaylandPointerError) {
    guard let display, wl_display_roundtrip(display) >= 0 else { throw .disconnected }
  }

  private func advance(byMilliseconds milliseconds: Double) {
    usleep(UInt32(max(0, milliseconds) * 1000))
    lastEventTime += UInt32(max(1, milliseconds.rounded()))
  }

  /// CLOCK_MONOTONIC in ms, as the compositor's own event times run (it wraps after 49 days, as they do).
  private static var now: UInt32 {
    UInt32(truncatingIfNeeded: Int64(ManagedProcess.nowMilliseconds))
  }

  // MARK: - Registry

  /// The globals the registry announced that the pointer needs; filled by `registryListener`.
  private final class RegistryGlobals {
    var seat: OpaquePointer?
    var manager: OpaquePointer?
  }

  /// Binds the first `wl_seat` and the virtual-pointer manager (version 1) as the registry announces them.
  private static var registryListener: wl_registry_listener {
    wl_registry_listener(
      global: { data, registry, name, interface, _ in
        guard let data, let registry, let interface else { return }
        let globals = Unmanaged<RegistryGlobals>.fromOpaque(data).takeUnretainedValue()
        let interfaceName = String(cString: interface)
        if interfaceName == String(cString: toplock_wl_seat_interface().pointee.name), globals.seat == nil {
          globals.seat = OpaquePointer(wl_registry_bind(registry, name, toplock_wl_seat_interface(), 1))
        } else if interfaceName == String(cString: toplock_virtual_pointer_manager_interface().pointee.name) {
          globals.manager = OpaquePointer(
            wl_registry_bind(registry, name, toplock_virtual_pointer_manager_interface(), 1))
        }
      },
      global_remove: { _, _, _ in })
  }
}

/// Why a `WaylandVirtualPointer` could not connect or send.
public enum WaylandPointerError: Error, Equatable, CustomStringConvertible {
  /// No connection to the compositor's socket at this path.
  case connectionFailed(String)
  /// The compositor offers no `zwlr_virtual_pointer_manager_v1`.
  case virtualPointerUnavailable
  /// The connection broke (the compositor ended, or refused a request), or `stop()` ran.
  case disconnected
  /// A call the pointer cannot carry out (a point off the output, no steps).
  case misuse(String)

  /// One line saying what failed.
  public var description: String {
    switch self {
    case .connectionFailed(let path): "no Wayland connection to \(path)"
    case .virtualPointerUnavailable: "the compositor offers no zwlr_virtual_pointer_manager_v1"
    case .disconnected: "the Wayland connection is closed"
    case .misuse(let message): "misused virtual pointer: \(message)"
    }
  }
}
