import Dispatch
import Foundation
import Glibc
import Synchronization

/// A headless Broadway client: the WebSocket to `gtk4-broadwayd` on 127.0.0.1, the surfaces the server
/// announced, and the answers to its roundtrips, paced like a browser's animation frames.
///
/// Two threads of its own: a reader (server frames: surfaces, pointer grabs, roundtrips) and a pacer that
/// answers the roundtrips it queued every `frameIntervalMilliseconds` ms (GTK freezes a surface's frame clock
/// after each paint until its roundtrip is answered; answering at once would make GTK paint thousands of frames
/// a second). `send` may be called from any thread. `close()` ends both threads and closes the socket; call it
/// once the connection is no longer needed (`BroadwayTouchscreen` does).
final class BroadwayConnection: Sendable {
  /// The pace of roundtrip answers, ms (60 Hz).
  static let frameIntervalMilliseconds = 1000.0 / 60
  /// The screen size the client announces, px, and its scale.
  static let screen = (width: Int32(1280), height: Int32(1024), scale: Int32(1))
  private static let handshakeTimeoutMilliseconds = 5000.0
  private static let webSocketBinary: UInt8 = 0x2
  private static let webSocketClose: UInt8 = 0x8
  private static let webSocketPing: UInt8 = 0x9
  private static let webSocketPong: UInt8 = 0xA

  private struct State {
    var surfaces: [Int: BroadwaySurface] = [:]
    var pendingRoundtrips: [(surface: Int, tag: UInt32)] = []
    var lastSerial: UInt32 = 0
    var isClosed = false
    var isSocketReleased = false
  }

  private let socket: Int32
  private let state = Mutex(State())
  private let sendLock = Mutex(())
  private let threadsDone = DispatchGroup()

  /// Connects to the server listening on 127.0.0.1:`port`, completes the WebSocket handshake on `/socket`,
  /// announces the screen size and starts the reader and the pacer.
  ///
  /// - Throws: `BroadwayError.connectionFailed` when the connection or the handshake fails.
  init(port: Int) throws(BroadwayError) {
    guard let socket = Self.connectLoopback(port: port) else {
      throw .connectionFailed("no connection to 127.0.0.1:\(port): errno \(errno)")
    }
    self.socket = socket
    let leftover: [UInt8]
    do {
      leftover = try Self.handshake(socket, port: port)
    } catch {
      Glibc.close(socket)
      throw error
    }
    threadsDone.enter()
    Thread { [self] in
      readFrames(startingWith: leftover)
      threadsDone.leave()
    }.start()
    threadsDone.enter()
    Thread { [self] in
      answerRoundtrips()
      threadsDone.leave()
    }.start()
    send(.screenSizeChanged, [Self.screen.width, Self.screen.height, Self.screen.scale])
  }

  /// The surfaces the server announced and did not destroy, by id.
  var surfaces: [Int: BroadwaySurface] {
    state.withLock { $0.surfaces }
  }

  /// Whether the server closed the connection or `close()` ran.
  var isClosed: Bool {
    state.withLock { $0.isClosed }
  }

  /// Sends one client message: `event`, the last serial seen, `time` (ms; 0 means "the last time the server
  /// saw"), then `arguments`, as big-endian words in one masked binary frame. Does nothing once closed.
  func send(_ event: BroadwayMessage.Event, _ arguments: [Int32], time: UInt32 = 0) {
    let serial = state.withLock { $0.lastSerial }
    let words = [event.rawValue, Int32(bitPattern: serial), Int32(bitPattern: time)] + arguments
    var payload: [UInt8] = []
    payload.reserveCapacity(words.count * 4)
    for word in words {
      withUnsafeBytes(of: word.bigEndian) { payload.append(contentsOf: $0) }
    }
    sendFrame(opcode: Self.webSocketBinary, payload: payload)
  }

  /// Ends the reader and the pacer, waits for them, and closes the socket. Safe to call twice.
  func close() {
    let wasReleased = state.withLock { state in
      defer {
        state.isClosed = true
        state.isSocketReleased = true
      }
      return state.isSocketReleased
    }
    guard !wasReleased else { return }
    shutdown(socket, Int32(SHUT_RDWR))
    threadsDone.wait()
    Glibc.close(socket)
  }

  // MARK: - Reader

  private func readFrames(startingWith leftover: [UInt8]) {
    var buffer = leftover
    while let (opcode, payload) = readFrame(&buffer) {
      switch opcode {
      case Self.webSocketClose: return markClosed()
      case Self.webSocketPing: sendFrame(opcode: Self.webSocketPong, payload: payload)
      case Self.webSocketBinary: handle(BroadwayServerOperation.parse(payload))
      default: continue
      }
    }
    markClosed()
  }

  private func markClosed() {
    state.withLock { $0.isClosed = true }
  }

  private func handle(_ frame: (operations: [BroadwayServerOperation], lastSerial: UInt32?)) {
    var configures: [BroadwaySurface] = []
    var grabAnswers: [BroadwayMessage.Event] = []
    state.withLock { state in
      if let serial = frame.lastSerial { state.lastSerial = serial }
      for operation in frame.operations {
        switch operation {
        case .newSurface(let surface):
          state.surfaces[surface.id] = surface
          configures.append(surface)
        case .show(let id): state.surfaces[id]?.isVisible = true
        case .hide(let id): state.surfaces[id]?.isVisible = false
        case .destroy(let id): state.surfaces[id] = nil
        case .moveResize(let id, let position, let size):
          guard var surface = state.surfaces[id] else { continue }
          if let position { (surface.x, surface.y) = position }
          if let size { (surface.width, surface.height) = size }
          state.surfaces[id] = surface
          configures.append(surface)
        case .grabPointer: grabAnswers.append(.grabNotify)
        case .ungrabPointer: grabAnswers.append(.ungrabNotify)
        case .roundtrip(let surface, let tag): state.pendingRoundtrips.append((surface, tag))
        case .unknown: continue
        }
      }
    }
    // As broadway.js does: confirm each placement and grab, so GDK knows where its surfaces are.
    for surface in configures {
      send(
        .configureNotify,
        [surface.id, surface.x, surface.y, surface.width, surface.height].map { Int32($0) })
    }
    for answer in grabAnswers { send(answer, []) }
  }

  /// The next WebSocket frame (unmasked from the server), or `nil` when the socket ends.
  private func readFrame(_ buffer: inout [UInt8]) -> (opcode: UInt8, payload: [UInt8])? {
    guard let header = read(2, into: &buffer) else { return nil }
    var length = UInt64(header[1] & 0x7F)
    if length == 126 {
      guard let extended = read(2, into: &buffer) else { return nil }
      length = extended.reduce(0) { $0 << 8 | UInt64($1) }
    } else if length == 127 {
      guard let extended = read(8, into: &buffer) else { return nil }
      length = extended.reduce(0) { $0 << 8 | UInt64($1) }
    }
    let mask = header[1] & 0x80 != 0 ? read(4, into: &buffer) : nil
    guard var payload = read(Int(length), into: &buffer) else { return nil }
    if let mask {
      for index in payload.indices { payload[index] ^= mask[index % 4] }
    }
    return (header[0] & 0x0F, payload)
  }

  /// Exactly `count` bytes from `buffer`, then the socket; `nil` when the socket ends first.
  private func read(_ count: Int, into buffer: inout [UInt8]) -> [UInt8]? {
    var chunk = [UInt8](repeating: 0, count: 65536)
    while buffer.count < count {
      let received = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if received < 0, errno == EINTR { continue }
      guard received > 0 else { return nil }
      buffer += chunk[..<received]
    }
    defer { buffer.removeFirst(count) }
    return Array(buffer[..<count])
  }

  // MARK: - Pacer

  private func answerRoundtrips() {
    var nextFrame = ManagedProcess.nowMilliseconds
    while true {
      nextFrame += Self.frameIntervalMilliseconds
      let wait = nextFrame - ManagedProcess.nowMilliseconds
      if wait > 0 {
        usleep(UInt32(wait * 1000))
      } else {
        nextFrame = ManagedProcess.nowMilliseconds
      }
      let (due, isClosed) = state.withLock { state in
        defer { state.pendingRoundtrips.removeAll() }
        return (state.pendingRoundtrips, state.isClosed)
      }
      if isClosed { return }
      for roundtrip in due {
        send(.roundtripNotify, [Int32(roundtrip.surface), Int32(bitPattern: roundtrip.tag)])
      }
    }
  }

  // MARK: - Socket

  private func sendFrame(opcode: UInt8, payload: [UInt8]) {
    var frame: [UInt8] = [0x80 | opcode]
    switch payload.count {
    case ..<126: frame.append(0x80 | UInt8(payload.count))
    case ..<65536:
      frame.append(0x80 | 126)
      frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default:
      frame.append(0x80 | 127)
      frame += (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> (8 * UInt64($0))) }
    }
    let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
    frame += mask
    frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    sendLock.withLock { _ in
      var sent = 0
      while sent < frame.count {
        let count = frame[sent...].withUnsafeBytes {
          Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return }
        sent += count
      }
    }
  }

  private static func connectLoopback(port: Int) -> Int32? {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { return nil }
    var address = loopbackAddress(port: port)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      Glibc.close(socket)
      return nil
    }
    var noDelay: Int32 = 1
    setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
    return socket
  }

  /// Whether a server on 127.0.0.1:`port` answers an HTTP request (a probe that sends none makes
  /// gtk4-broadwayd complain on its standard error).
  static func answersHTTP(port: Int) -> Bool {
    guard let socket = connectLoopback(port: port) else { return false }
    defer { Glibc.close(socket) }
    var timeout = timeval(tv_sec: 1, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let request = Array("GET /probe HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
    guard request.withUnsafeBytes({ Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) > 0
    else {
      return false
    }
    var answer = [UInt8](repeating: 0, count: 64)
    return answer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) } > 0
  }

  /// 127.0.0.1:`port` as a socket address.
  static func loopbackAddress(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return address
  }

  /// Sends the upgrade request and reads the answer up to its blank line; returns the bytes read past it.
  private static func handshake(_ socket: Int32, port: Int) throws(BroadwayError) -> [UInt8] {
    let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
    let request =
      "GET /socket HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: broadway\r\n\r\n"
    let bytes = Array(request.utf8)
    guard
      bytes.withUnsafeBytes({ Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
        == bytes.count
    else { throw .connectionFailed("could not send the WebSocket upgrade") }
    var timeout = timeval(tv_sec: Int(handshakeTimeoutMilliseconds / 1000), tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    defer {
      var none = timeval()
      setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &none, socklen_t(MemoryLayout<timeval>.size))
    }
    var received: [UInt8] = []
    let blankLine = Array("\r\n\r\n".utf8)
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      if let end = received.firstRange(of: blankLine) {
        let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
        guard head.split(separator: "\r\n").first?.contains(" 101 ") == true else {
          throw .connectionFailed("the server refused the WebSocket upgrade: \(head)")
        }
        return Array(received[end.upperBound...])
      }
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { throw .connectionFailed("the server closed or timed out during the handshake") }
      received += chunk[..<count]
    }
  }
}

/// What can go wrong with the Broadway driver.
public enum BroadwayError: Error, Equatable, CustomStringConvertible {
  /// The client could not connect to the server or complete the WebSocket handshake.
  case connectionFailed(String)
  /// The server lost the connection (broadwayd ended).
  case connectionClosed
  /// A touch named a finger that is not down, or a surface the server does not know.
  case misuse(String)

  /// One line saying what failed.
  public var description: String {
    switch self {
    case .connectionFailed(let reason): "Broadway: \(reason)"
    case .connectionClosed: "Broadway: the server closed the connection"
    case .misuse(let reason): "Broadway driver misuse: \(reason)"
    }
  }
}
