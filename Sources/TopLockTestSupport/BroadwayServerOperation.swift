/// One operation of a Broadway server frame that a headless client acts on; the rest (rendering, textures)
/// is skipped.
enum BroadwayServerOperation {
  case newSurface(BroadwaySurface)
  case show(surface: Int)
  case hide(surface: Int)
  case destroy(surface: Int)
  /// A new position and/or size for a surface, px.
  case moveResize(surface: Int, position: (x: Int, y: Int)?, size: (width: Int, height: Int)?)
  case grabPointer
  case ungrabPointer
  /// The server waits for `ROUNDTRIP_NOTIFY` with this surface and tag before GTK paints that surface again.
  case roundtrip(surface: Int, tag: UInt32)
  /// An operation this parser does not know; the rest of its frame is dropped.
  case unknown(operation: UInt8)

  /// The operations of one server frame, and the serial of the last one (the client echoes it in its
  /// messages).
  static func parse(_ frame: [UInt8]) -> (operations: [Self], lastSerial: UInt32?) {
    var reader = LittleEndianReader(bytes: frame)
    var operations: [Self] = []
    var lastSerial: UInt32?
    while !reader.isAtEnd {
      guard let code = reader.uint8(), let serial = reader.uint32() else { break }
      lastSerial = serial
      guard let operation = BroadwayMessage.Operation(rawValue: code),
        let parsed = parseBody(of: operation, from: &reader)
      else {
        operations.append(.unknown(operation: code))
        break
      }
      if let parsed { operations.append(parsed) }
    }
    return (operations, lastSerial)
  }

  /// The operation's fields: `.some(nil)` for one the client ignores, `nil` when the frame is cut short.
  private static func parseBody(
    of operation: BroadwayMessage.Operation, from reader: inout LittleEndianReader
  ) -> Self?? {
    switch operation {
    case .newSurface:
      guard let id = reader.uint16(), let x = reader.int16(), let y = reader.int16(),
        let width = reader.uint16(),
        let height = reader.uint16()
      else { return nil }
      return .some(.newSurface(BroadwaySurface(id: id, x: x, y: y, width: width, height: height)))
    case .showSurface: return reader.uint16().map { .show(surface: $0) }
    case .hideSurface: return reader.uint16().map { .hide(surface: $0) }
    case .destroySurface: return reader.uint16().map { .destroy(surface: $0) }
    case .raiseSurface, .lowerSurface, .setShowKeyboard: return reader.skip(2) ? .some(nil) : nil
    case .setTransientFor: return reader.skip(4) ? .some(nil) : nil
    case .disconnected: return .some(nil)
    case .grabPointer: return reader.skip(3) ? .some(.grabPointer) : nil
    case .ungrabPointer: return .some(.ungrabPointer)
    case .moveResize: return parseMoveResize(from: &reader)
    case .uploadTexture:
      guard reader.skip(4), let size = reader.uint32(), reader.skip(Int(size)) else { return nil }
      return .some(nil)
    case .releaseTexture: return reader.skip(4) ? .some(nil) : nil
    case .setNodes:
      guard reader.skip(2), let words = reader.uint32(), reader.skip(Int(words) * 4) else { return nil }
      return .some(nil)
    case .roundtrip:
      guard let surface = reader.uint16(), let tag = reader.uint32() else { return nil }
      return .some(.roundtrip(surface: surface, tag: tag))
    }
  }

  private static func parseMoveResize(from reader: inout LittleEndianReader) -> Self?? {
    guard let surface = reader.uint16(), let flags = reader.uint8() else { return nil }
    var position: (x: Int, y: Int)?
    var size: (width: Int, height: Int)?
    if flags & BroadwayMessage.moveResizeHasPosition != 0 {
      guard let x = reader.int16(), let y = reader.int16() else { return nil }
      position = (x, y)
    }
    if flags & BroadwayMessage.moveResizeHasSize != 0 {
      guard let width = reader.uint16(), let height = reader.uint16() else { return nil }
      size = (width, height)
    }
    return .some(.moveResize(surface: surface, position: position, size: size))
  }
}

/// Reads little-endian integers from a byte array; each read is `nil` past the end.
private struct LittleEndianReader {
  let bytes: [UInt8]
  var offset = 0

  var isAtEnd: Bool { offset >= bytes.count }

  mutating func skip(_ count: Int) -> Bool {
    guard count >= 0, offset + count <= bytes.count else { return false }
    offset += count
    return true
  }

  mutating func uint8() -> UInt8? {
    guard offset < bytes.count else { return nil }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func uint16() -> Int? {
    unsigned(byteCount: 2).map { Int($0) }
  }

  mutating func int16() -> Int? {
    unsigned(byteCount: 2).map { Int(Int16(bitPattern: UInt16($0))) }
  }

  mutating func uint32() -> UInt32? {
    unsigned(byteCount: 4).map { UInt32($0) }
  }

  private mutating func unsigned(byteCount: Int) -> UInt64? {
    guard offset + byteCount <= bytes.count else { return nil }
    defer { offset += byteCount }
    return (0..<byteCount).reduce(UInt64(0)) { value, index in
      value | UInt64(bytes[offset + index]) << (8 * UInt64(index))
    }
  }
}
