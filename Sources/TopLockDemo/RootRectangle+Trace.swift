import TopLockX11Geometry

extension RootRectangle {
  /// The rectangle as a trace object: `{"x":..,"y":..,"width":..,"height":..}`.
  var json: JSONValue {
    .object([
      ("x", .number(Double(x))), ("y", .number(Double(y))), ("width", .number(Double(width))),
      ("height", .number(Double(height))),
    ])
  }
}
