/// A small seeded random number generator (Steele, Lea and Flood's SplitMix64), so that the generated
/// workload is the same on every run and machine; `SystemRandomNumberGenerator` cannot be seeded.
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

  /// `magnitude` with a random sign.
  mutating func signed(_ magnitude: Double) -> Double {
    Bool.random(using: &self) ? magnitude : -magnitude
  }

  /// A uniform value in `-spread ... spread`.
  mutating func jitter(_ spread: Double) -> Double {
    Double.random(in: -spread...spread, using: &self)
  }
}
