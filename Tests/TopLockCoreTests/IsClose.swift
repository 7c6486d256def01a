/// Whether `actual` equals `expected` up to `tolerance`, relative once `expected` passes 1 in magnitude;
/// false for `nil`. For numbers the core and the tests reach by different sums of the same terms.
func isClose(_ actual: Double?, to expected: Double, tolerance: Double = 1e-9) -> Bool {
  guard let actual else { return false }
  return abs(actual - expected) <= tolerance * max(1, abs(expected))
}

/// Whether `actual` equals `expected` up to `rounding` (an absolute bound the caller works out) plus
/// `isClose`'s own tolerance; false for `nil`.
func isClose(_ actual: Double?, to expected: Double, within rounding: Double) -> Bool {
  guard let actual else { return false }
  return abs(actual - expected) <= rounding || isClose(actual, to: expected)
}
