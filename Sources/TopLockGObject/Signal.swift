import CTopLockGtk

/// A GObject signal by name (with a detail, `notify::vadjustment`), typed by the shape of its handlers:
/// `Signature` says what the signal passes after its instance and whether it wants a result, and so which
/// Swift handlers `SignalHandlers` and `SignalConnection` take for it. Connecting checks the shape against
/// GLib's record of the signal.
public struct Signal<Signature: SignalSignature>: Sendable {
  /// The signal's name, with its detail if any.
  public let name: String

  private init(_ name: String) {
    self.name = name
  }
}

/// The shape of a signal's emission as a handler sees it: the number of values after the instance, and
/// whether the signal has a boolean result.
public protocol SignalSignature {
  /// The values the signal passes after its instance.
  static var argumentCount: Int { get }
  /// Whether the signal returns a `gboolean` (true: the handler handled it).
  static var returnsBoolean: Bool { get }
}

/// The signal shapes TopLock and its harness handle.
public enum SignalSignatures {
  /// No value after the instance, no result (`destroy`, `map`, `value-changed`, `clicked`).
  public enum Plain: SignalSignature {
    public static var argumentCount: Int { 0 }
    public static var returnsBoolean: Bool { false }
  }

  /// One pointer after the instance, no result (`notify::…`'s GParamSpec, `cancel`'s GdkEventSequence,
  /// a list item factory's GtkListItem, GSimpleAction `activate`'s GVariant).
  public enum Pointer: SignalSignature {
    public static var argumentCount: Int { 1 }
    public static var returnsBoolean: Bool { false }
  }

  /// Two doubles after the instance, no result (`drag-begin`, `drag-update`, `drag-end`: px;
  /// `decelerate`: units/s).
  public enum Pair: SignalSignature {
    public static var argumentCount: Int { 2 }
    public static var returnsBoolean: Bool { false }
  }

  /// Two doubles after the instance and a boolean result (GtkEventControllerScroll's `scroll`: deltas).
  public enum PairDeciding: SignalSignature {
    public static var argumentCount: Int { 2 }
    public static var returnsBoolean: Bool { true }
  }

  /// A GdkEvent after the instance and a boolean result (GtkEventControllerLegacy's `event`).
  public enum EventDeciding: SignalSignature {
    public static var argumentCount: Int { 1 }
    public static var returnsBoolean: Bool { true }
  }

  /// An enum value after the instance, no result (`edge-overshot`'s GtkPositionType).
  public enum Enumeration: SignalSignature {
    public static var argumentCount: Int { 1 }
    public static var returnsBoolean: Bool { false }
  }

  /// GtkOverlay's `get-child-position`: the child and the rectangle to fill, with a boolean result.
  public enum ChildPosition: SignalSignature {
    public static var argumentCount: Int { 2 }
    public static var returnsBoolean: Bool { true }
  }
}

extension Signal where Signature == SignalSignatures.Plain {
  /// The signal `name`, of the plain shape.
  public static func plain(_ name: String) -> Self { Self(name) }
  /// GtkWidget's `destroy`.
  public static var destroy: Self { plain("destroy") }
  /// GtkWidget's `map`.
  public static var map: Self { plain("map") }
  /// GtkWidget's `unmap`.
  public static var unmap: Self { plain("unmap") }
  /// GtkAdjustment's `value-changed`.
  public static var valueChanged: Self { plain("value-changed") }
  /// GtkAdjustment's `changed` (bounds or page size).
  public static var changed: Self { plain("changed") }
  /// GtkButton's `clicked`.
  public static var clicked: Self { plain("clicked") }
  /// GdkFrameClock's `after-paint`.
  public static var afterPaint: Self { plain("after-paint") }
}

extension Signal where Signature == SignalSignatures.Pointer {
  /// The signal `name`, of the pointer shape.
  public static func pointer(_ name: String) -> Self { Self(name) }
  /// GObject's `notify` for `property`.
  public static func notify(_ property: String) -> Self { pointer("notify::\(property)") }
  /// GtkGesture's `cancel` (the sequence cancelled).
  public static var cancel: Self { pointer("cancel") }
}

extension Signal where Signature == SignalSignatures.Pair {
  /// The signal `name`, of the pair shape.
  public static func pair(_ name: String) -> Self { Self(name) }
  /// GtkGestureDrag's `drag-begin` (start point, px).
  public static var dragBegin: Self { pair("drag-begin") }
  /// GtkGestureDrag's `drag-update` (offset from the start, px).
  public static var dragUpdate: Self { pair("drag-update") }
  /// GtkGestureDrag's `drag-end` (offset from the start, px).
  public static var dragEnd: Self { pair("drag-end") }
  /// GtkEventControllerScroll's `decelerate` (lift velocity, units/s).
  public static var decelerate: Self { pair("decelerate") }
}

extension Signal where Signature == SignalSignatures.PairDeciding {
  /// GtkEventControllerScroll's `scroll` (deltas, units).
  public static var scroll: Self { Self("scroll") }
}

extension Signal where Signature == SignalSignatures.EventDeciding {
  /// GtkEventControllerLegacy's `event`.
  public static var event: Self { Self("event") }
}

extension Signal where Signature == SignalSignatures.Enumeration {
  /// GtkScrolledWindow's `edge-overshot` (the GtkPositionType).
  public static var edgeOvershot: Self { Self("edge-overshot") }
}

extension Signal where Signature == SignalSignatures.ChildPosition {
  /// GtkOverlay's `get-child-position`.
  public static var childPosition: Self { Self("get-child-position") }
}
