/// A small seeded random number generator (SplitMix64), so that a failing property run replays exactly
/// from its seed; `SystemRandomNumberGenerator` cannot be seeded.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// True with probability `probability` (0 ... 1).
  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }

  /// A value in `range` with a random sign.
  mutating func signed(_ range: ClosedRange<Double>) -> Double {
    let magnitude = Double.random(in: range, using: &self)
    return Bool.random(using: &self) ? magnitude : -magnitude
  }

  /// An index into `weights`, drawn with probability proportional to its weight.
  mutating func pick(_ weights: [Double]) -> Int {
    var remaining = Double.random(in: 0..<weights.reduce(0, +), using: &self)
    for (index, weight) in weights.enumerated() {
      remaining -= weight
      if remaining < 0 { return index }
    }
    return weights.count - 1
  }
}
