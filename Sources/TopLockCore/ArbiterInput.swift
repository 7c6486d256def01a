/// Where a drag was pressed, as the GTK layer sees it.
@_spi(Engine)
public enum PressTarget: Sendable, Equatable {
  /// On the scrolled window's content.
  case content
  /// On one of the scrolled window's scrollbars (rule R11: left to the scrollbar).
  case scrollbar
  /// Outside the scrolled window.
  case outside
}

/// The start of a drag. Points are in px, in a frame that does not move when the host moves (root or
/// surface coordinates); times are event timestamps in ms.
@_spi(Engine)
public struct DragStart: Sendable, Equatable {
  /// The pressed point, in px.
  public var x: Double
  /// The pressed point, in px, growing downward.
  public var y: Double
  /// The event time, in ms.
  public var time: Double
  /// The adjustment at the press.
  public var metrics: ScrollMetrics
  /// Where the two edges' hosts are at the press (a collapsed sheet is its top host's offset).
  public var hosts: EdgeHosts
  /// Where the press landed.
  public var target: PressTarget
  /// The travel, in px, after which the drag gets an owner.
  public var threshold: Double
  /// The horizontal adjustment at the press when GTK's own drag would move the content sideways as well
  /// as up and down (the scrolled window scrolls both ways); `nil` when it scrolls up and down only.
  public var horizontal: ScrollMetrics?

  /// A drag start; see each field.
  public init(
    x: Double, y: Double, time: Double, metrics: ScrollMetrics, hosts: EdgeHosts = EdgeHosts(),
    target: PressTarget = .content,
    threshold: Double = Tuning.defaultDragThreshold, horizontal: ScrollMetrics? = nil
  ) {
    self.x = x
    self.y = y
    self.time = time
    self.metrics = metrics
    self.hosts = hosts
    self.target = target
    self.threshold = threshold
    self.horizontal = horizontal
  }
}

/// What GTK's own drag gesture on the scrolled window is about to see of a motion: its offset from where it
/// began, in the scrolled window's coordinates. Those move with the host, so under a still pointer a host
/// that moves the scrolled window gives GTK a travel the pointer never made. Px; positive rightward and
/// downward.
@_spi(Engine)
public struct GTKDragMotion: Sendable, Equatable {
  /// GTK's drag offset, in px.
  public var travelX: Double
  /// GTK's drag offset, in px, positive downward.
  public var travelY: Double
  /// Whether GTK's drag has already claimed its sequence (it scrolls the content).
  public var isClaimedByGTK: Bool
  /// GTK's drag threshold, in px (GtkSettings `gtk-dnd-drag-threshold`).
  public var gtkThreshold: Double
  /// The vertical adjustment before GTK applies this motion.
  public var metrics: ScrollMetrics

  /// A motion; see each field.
  public init(
    travelX: Double, travelY: Double, isClaimedByGTK: Bool,
    gtkThreshold: Double = Tuning.defaultDragThreshold,
    metrics: ScrollMetrics
  ) {
    self.travelX = travelX
    self.travelY = travelY
    self.isClaimedByGTK = isClaimedByGTK
    self.gtkThreshold = gtkThreshold
    self.metrics = metrics
  }
}

/// Where a wheel or touchpad scroll comes from.
@_spi(Engine)
public enum ScrollSource: Sendable, Equatable {
  /// A mouse wheel: discrete clicks, never pulls the host (rule R13).
  case wheel
  /// A touchpad: smooth deltas that may pull the host.
  case touchpad
}

/// A device that scrolls, told apart by an identity the GTK layer chooses (the address of its GdkDevice):
/// a touchpad pull follows the device whose delta began it (rule R13a).
@_spi(Engine)
public struct ScrollDevice: Sendable, Equatable {
  /// The identity; equal identities are the same device.
  public var identity: UInt

  /// The device known as `identity`.
  public init(_ identity: UInt) {
    self.identity = identity
  }
}

/// A scroll event as the window sees it before any widget does (its root's capture phase), wherever the
/// pointer is: GTK 4.8 sends each scroll event to the widget last picked under the pointer, which need not
/// be the scrolled window once the host has moved it (rule R13a).
@_spi(Engine)
public struct WindowScrollEvent: Sendable, Equatable {
  /// The vertical delta in px of adjustment value (positive scrolls toward the bottom); 0 for a stop.
  public var deltaY: Double
  /// Where the event comes from.
  public var source: ScrollSource
  /// The event time, in ms; 0 when the event has none (such an event stays out of every velocity).
  public var time: Double
  /// The device that sent it.
  public var device: ScrollDevice
  /// Whether this is the scroll stop: the fingers left the touchpad. A stop carries no delta: the GTK
  /// layer feeds an event into which GDK merged the last deltas and the stop as that delta, then the stop.
  public var isStop: Bool
  /// The vertical adjustment now.
  public var metrics: ScrollMetrics
  /// Where the two edges' hosts are now.
  public var hosts: EdgeHosts

  /// An event; see each field.
  public init(
    deltaY: Double, source: ScrollSource, time: Double, device: ScrollDevice, isStop: Bool = false,
    metrics: ScrollMetrics, hosts: EdgeHosts = EdgeHosts()
  ) {
    self.deltaY = deltaY
    self.source = source
    self.time = time
    self.device = device
    self.isStop = isStop
    self.metrics = metrics
    self.hosts = hosts
  }
}

/// One thing that happened, fed to `DragArbiter.handle(_:)`. Points in px in a stable frame, times in ms.
@_spi(Engine)
public enum ArbiterInput: Sendable, Equatable {
  /// A press that may become a drag.
  case dragBegan(DragStart)
  /// The pointer moved to (`x`, `y`) px at `time` ms; `metrics` is the adjustment before GTK applies this
  /// motion. `gtkDrag` is what GTK's own drag is about to see of the same motion when it follows the same
  /// touch (or the mouse), taken first, as `gtkDragMotion` would be: one motion, one input.
  case dragMoved(x: Double, y: Double, time: Double, metrics: ScrollMetrics, gtkDrag: GTKDragMotion? = nil)
  /// The pointer was released at (`x`, `y`) px, `time` ms.
  case dragEnded(x: Double, y: Double, time: Double, metrics: ScrollMetrics)
  /// The drag was taken away (grab broken), or the widget went (unmapped, destroyed, detached): ends
  /// whatever runs, a touchpad pull (the host gets `cancelled`) and the core's own fling included.
  case dragCancelled
  /// GTK's own drag claimed the press, and GTK cancelled the hand-off gesture for it: from GTK 4.24 (4.18
  /// and 4.8 keep an ancestor's unclaimed gesture following), a claim by the scrolled window's drag cancels
  /// the gestures of its ancestors that have not claimed. A press GTK scrolls (or is about to) goes on: the
  /// GTK layer feeds its motions and its release from the window's event watch, and the core takes the drag
  /// over by denying GTK's drag (`deniesGTKDrag`), as the hand-off gesture can claim nothing any more. Any
  /// other drag ends as with `dragCancelled`.
  case handOffGestureTakenByGTK
  /// The host gave the pull in progress up (a sheet sent elsewhere by its app): the host gets `cancelled`,
  /// and the rest of that drag, or of that touchpad scroll up to its end, moves neither host nor content.
  /// Nothing happens without a pull.
  case pullDroppedByHost
  /// GTK's own drag gesture began on a point of the scrolled window that picks to `target` (GTK sends a
  /// press to the widget the pointer last moved over, so it may land there from outside); its drag scrolls
  /// from `metrics.value`. `isTrackedTouch` tells whether it follows the touch (or the mouse) the hand-off
  /// gesture follows; another finger's drag is denied while the core owns the drag.
  case gtkDragBegan(target: PressTarget, isTrackedTouch: Bool = true, metrics: ScrollMetrics)
  /// GTK's own drag is about to see a motion of the touch (or the mouse) it follows, on a finger the core
  /// does not follow (the one it follows brings its part in `dragMoved`); fed before GTK sees it, and only
  /// while GTK's drag gesture is active.
  case gtkDragMotion(GTKDragMotion)
  /// The touch (or the mouse) GTK's own drag follows, whichever finger that is, is about to lift; fed before
  /// GTK sees the release, and only while GTK's drag gesture is active. `isClaimedByGTK` tells whether GTK's
  /// drag claimed its sequence (it scrolled).
  case gtkDragWillEnd(isClaimedByGTK: Bool)
  /// The options changed to `options`; `isMouseDragInFlight` tells whether the drag in progress comes from
  /// a pointer other than a touchscreen; `metrics` is the adjustment now.
  case optionsChanged(TopLockOptions, isMouseDragInFlight: Bool, metrics: ScrollMetrics)
  /// A wheel or touchpad delta that reached the scrolled window, already in px of adjustment value
  /// (positive scrolls toward the bottom), at event `time` ms (0: none, kept out of every velocity), from
  /// `device`; `hosts` is where the two edges' hosts are.
  case scrolled(
    deltaY: Double, source: ScrollSource, time: Double, metrics: ScrollMetrics,
    device: ScrollDevice = ScrollDevice(0), hosts: EdgeHosts = EdgeHosts())
  /// Any scroll event of the window, seen before any widget: the core takes the events of the touchpad
  /// sequence it follows (`scroll: .consume`, the stop excepted), wherever the pointer is, and ends that
  /// sequence's pull on a wheel step or another device's delta (rule R13a).
  case windowScrolled(WindowScrollEvent)
  /// A press (mouse, touch or pen) anywhere in the window, seen before any widget: it cancels a touchpad
  /// pull (rule R13a).
  case windowPressed
  /// A press landed on the scrolled window or inside it, seen before any of its gestures: GTK's drag takes
  /// it when it is a touch (`isMouse` false) or mouse drag is on, and starts from GTK's private copy of the
  /// value, which a change during GTK's deceleration leaves behind (rule R1's deceleration clause).
  case pressLanding(isMouse: Bool)
  /// `elapsed` ms passed since the last scroll input or the last `touchpadQuiet`, on a timer the GTK layer
  /// runs while the core says so (`DragArbiter.watchesTouchpadQuiet`): a touchpad sequence quiet for
  /// `Tuning.touchpadQuietLimit` ends (rule R13a).
  case touchpadQuiet(elapsed: Double)
  /// The fingers left the touchpad; `velocityY` in px/s of adjustment value (positive toward the bottom).
  case touchpadScrollEnded(velocityY: Double, metrics: ScrollMetrics)
  /// The value changed outside the core's own decisions (GTK's drag or kinetic scrolling, keys, the app),
  /// at frame time `time` ms (0: none, kept out of the content's velocity). Such a change ends the core's
  /// own fling: what moved the value takes over.
  case valueChanged(ScrollMetrics, time: Double = 0)
  /// The content or page size changed.
  case contentSizeChanged(ScrollMetrics)
  /// A frame of the core's own fling, `elapsed` seconds after it started.
  case flingFrame(elapsed: Double, metrics: ScrollMetrics)
  /// The host hands its momentum to the content (the sheet arriving at its highest detent): the core's own
  /// fling at `velocity` px/s of value (positive toward the bottom) from `metrics.value`. Ignored while a
  /// drag, a pan or a touchpad pull runs.
  case momentumFromHost(velocity: Double, metrics: ScrollMetrics)
  /// The host was pressed (the sheet's chrome or its list): the core's own fling stops, as a hand that
  /// catches the host catches the content, and the content's velocity starts again.
  case hostPressed
}

extension ArbiterInput {
  /// The vertical adjustment the input carries, if any.
  var metrics: ScrollMetrics? {
    switch self {
    case .dragBegan(let start): start.metrics
    case .dragMoved(_, _, _, let metrics, _), .dragEnded(_, _, _, let metrics),
      .gtkDragBegan(_, _, let metrics),
      .optionsChanged(_, _, let metrics), .scrolled(_, _, _, let metrics, _, _),
      .touchpadScrollEnded(_, let metrics), .valueChanged(let metrics, _), .contentSizeChanged(let metrics),
      .flingFrame(_, let metrics), .momentumFromHost(_, let metrics):
      metrics
    case .gtkDragMotion(let motion): motion.metrics
    case .windowScrolled(let event): event.metrics
    case .dragCancelled, .handOffGestureTakenByGTK, .windowPressed, .pressLanding, .touchpadQuiet,
      .pullDroppedByHost, .gtkDragWillEnd, .hostPressed:
      nil
    }
  }

  /// Whether the input reports a value, bounds or options that changed outside the core's own decisions.
  var changesValueOrOptions: Bool {
    switch self {
    case .valueChanged, .contentSizeChanged, .optionsChanged: true
    default: false
    }
  }
}
