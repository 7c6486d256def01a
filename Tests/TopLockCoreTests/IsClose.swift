/// Whether `actual` equals `expected` up to `tolerance`, relative once `expected` passes 1 in magnitude;
/// false for `nil`. For numbers the core and the tests reach by different sums of the same terms.
func isClose(_ actual: Double?, to expected: Double, tolerance: Double = 1e-9) -> Bool {
  guard let actual else { return false }
  return abs(actual - expected) <= tolerance * max(1, abs(expected))
}
