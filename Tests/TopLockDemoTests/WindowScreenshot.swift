import CTopLockXTest

/// The pixels of the largest top-level window on an X display, read from the screen (`XGetImage` of the
/// root window over the window's rectangle): what a person would see of it.
struct WindowScreenshot {
  /// The window's width and height, in px.
  let width: Int
  let height: Int
  /// The pixels as 0xRRGGBB, row by row.
  let pixels: [UInt32]

  /// How many different colours the window shows.
  var distinctColorCount: Int { Set(pixels).count }

  /// Takes the screenshot on `display` (`:N`), or returns `nil` when no window is viewable there or the
  /// screen is not 24-bit TrueColor in 32-bit pixels.
  init?(display: String) {
    guard let xDisplay = XOpenDisplay(display) else { return nil }
    defer { XCloseDisplay(xDisplay) }
    let root = XDefaultRootWindow(xDisplay)
    guard let frame = Self.largestViewableWindow(on: xDisplay, root: root),
      let image = XGetImage(
        xDisplay, root, frame.x, frame.y, UInt32(frame.width), UInt32(frame.height), ~0, ZPixmap)
    else { return nil }
    defer { _ = image.pointee.f.destroy_image(image) }
    guard image.pointee.bits_per_pixel == 32, let data = image.pointee.data else { return nil }
    let stride = Int(image.pointee.bytes_per_line)
    var pixels: [UInt32] = []
    pixels.reserveCapacity(Int(frame.width * frame.height))
    let bytes = UnsafeRawPointer(data)
    for row in 0..<Int(frame.height) {
      for column in 0..<Int(frame.width) {
        let pixel = bytes.loadUnaligned(fromByteOffset: row * stride + column * 4, as: UInt32.self)
        pixels.append(pixel & 0xFF_FFFF)
      }
    }
    width = Int(frame.width)
    height = Int(frame.height)
    self.pixels = pixels
  }

  /// The on-screen part of the largest viewable child of `root`, in root-window px (`XQueryTree`,
  /// `XGetWindowAttributes`).
  private static func largestViewableWindow(
    on xDisplay: OpaquePointer, root: Window
  ) -> (x: Int32, y: Int32, width: Int32, height: Int32)? {
    var rootReturn: Window = 0
    var parent: Window = 0
    var children: UnsafeMutablePointer<Window>?
    var count: UInt32 = 0
    guard XQueryTree(xDisplay, root, &rootReturn, &parent, &children, &count) != 0, let children else {
      return nil
    }
    defer { XFree(children) }
    var largest: (x: Int32, y: Int32, width: Int32, height: Int32)?
    for index in 0..<Int(count) {
      var attributes = XWindowAttributes()
      guard XGetWindowAttributes(xDisplay, children[index], &attributes) != 0,
        attributes.map_state == IsViewable
      else { continue }
      let area = attributes.width * attributes.height
      if area > (largest.map { $0.width * $0.height } ?? 0) {
        largest = (attributes.x, attributes.y, attributes.width, attributes.height)
      }
    }
    // XGetImage fails (and Xlib's default handler exits) for a rectangle that leaves the root window.
    var rootAttributes = XWindowAttributes()
    guard let window = largest, XGetWindowAttributes(xDisplay, root, &rootAttributes) != 0 else { return nil }
    let left = max(0, window.x)
    let top = max(0, window.y)
    let right = min(rootAttributes.width, window.x + window.width)
    let bottom = min(rootAttributes.height, window.y + window.height)
    guard right > left, bottom > top else { return nil }
    return (left, top, right - left, bottom - top)
  }
}
