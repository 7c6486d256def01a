/// A small seeded random number generator (Steele, Lea and Flood's SplitMix64): the same seed gives the same
/// numbers on every run and machine, which `SystemRandomNumberGenerator` cannot. The benchmark's workload,
/// the core's property tests and the real-input fuzz print their seed, so that a run replays exactly.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// True with probability `probability` (0 ... 1).
  public mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }

  /// `magnitude` with a random sign.
  public mutating func signed(_ magnitude: Double) -> Double {
    Bool.random(using: &self) ? magnitude : -magnitude
  }

  /// A value in `range` with a random sign.
  public mutating func signed(_ range: ClosedRange<Double>) -> Double {
    signed(Double.random(in: range, using: &self))
  }

  /// A uniform value in `-spread ... spread`.
  public mutating func jitter(_ spread: Double) -> Double {
    Double.random(in: -spread...spread, using: &self)
  }

  /// An index into `weights`, drawn with probability proportional to its weight.
  public mutating func pick(_ weights: [Double]) -> Int {
    var remaining = Double.random(in: 0..<weights.reduce(0, +), using: &self)
    for (index, weight) in weights.enumerated() {
      remaining -= weight
      if remaining < 0 { return index }
    }
    return weights.count - 1
  }
}
