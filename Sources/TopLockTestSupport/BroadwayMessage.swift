/// The numbers of Broadway's wire protocol (GTK 4.8: gdk/broadway/broadway-protocol.h and broadway.js), in
/// one place.
///
/// Client to server: one WebSocket binary frame a message, big-endian 32-bit words
/// `[type, serial, time (ms), arguments...]`. Server to client: binary frames of operations, each
/// `u8 operation, u32 serial` then little-endian fields.
enum BroadwayMessage {
  /// What a client sends (`BROADWAY_EVENT_*`).
  enum Event: Int32 {
    case enter = 0
    case leave = 1
    case pointerMove = 2
    case touch = 5
    case scroll = 6
    case grabNotify = 9
    case ungrabNotify = 10
    case configureNotify = 11
    case screenSizeChanged = 12
    case roundtripNotify = 14
  }

  /// The phase of a `touch` event, its first argument.
  enum TouchPhase: Int32 {
    case begin = 0
    case update = 1
    case end = 2
  }

  /// A `scroll` event's direction, its last argument: the content moves up (the wheel turned toward the user).
  static let scrollDown: Int32 = 1

  /// The crossing mode of an `enter` or `leave` event, its last argument (`GDK_CROSSING_NORMAL`).
  static let crossingNormal: Int32 = 0

  /// What the server sends (`BROADWAY_OP_*`).
  enum Operation: UInt8 {
    case grabPointer = 0
    case ungrabPointer = 1
    case newSurface = 2
    case showSurface = 3
    case hideSurface = 4
    case raiseSurface = 5
    case lowerSurface = 6
    case destroySurface = 7
    case moveResize = 8
    case setTransientFor = 9
    case disconnected = 10
    case setShowKeyboard = 12
    case uploadTexture = 13
    case releaseTexture = 14
    case setNodes = 15
    case roundtrip = 16
  }

  /// `MOVE_RESIZE`'s flag byte: a position follows.
  static let moveResizeHasPosition: UInt8 = 1
  /// `MOVE_RESIZE`'s flag byte: a size follows.
  static let moveResizeHasSize: UInt8 = 2
}
