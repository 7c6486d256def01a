@_spi(Engine) import TopLockCore

/// Folds every field of a run of `ArbiterDecision`s into one number (FNV-1a style, a field mix per
/// decision), so that the optimizer must compute each decision, and a replay can be checked against the run
/// that generated its inputs.
struct DecisionChecksum: Equatable {
  private static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
  private static let prime: UInt64 = 0x100_0000_01B3

  /// The checksum so far.
  private(set) var value = offsetBasis

  /// Folds in one decision: one multiply on the dependency chain from one decision to the next.
  mutating func fold(_ decision: ArbiterDecision) {
    value = (value ^ Self.fingerprint(of: decision)) &* Self.prime
  }

  /// The fields of a decision mixed into 64 bits, each field rotated to its own place.
  private static func fingerprint(of decision: ArbiterDecision) -> UInt64 {
    var bits: UInt64
    switch decision.gesture {
    case .unchanged: bits = 0
    case .claim: bits = 1
    case .deny: bits = 2
    }
    if decision.stopsKinetic { bits |= 1 << 2 }
    if decision.scroll == .consume { bits |= 1 << 3 }
    if let newValue = decision.newValue {
      bits ^= rotated(newValue.bitPattern, by: 4) | 1 << 4
    }
    switch decision.pull {
    case nil: break
    case .began(let sample): bits ^= 1 << 5 ^ mixed(sample)
    case .changed(let sample): bits ^= 2 << 5 ^ mixed(sample)
    case .ended(let velocity): bits ^= 3 << 5 ^ rotated(velocity.bitPattern, by: 16)
    case .cancelled: bits ^= 4 << 5
    }
    switch decision.fling {
    case nil: break
    case .start(let decay):
      bits ^=
        1 << 8 ^ rotated(decay.startPosition.bitPattern, by: 32)
        ^ rotated(decay.startVelocity.bitPattern, by: 40)
    case .startPan(let fling):
      bits ^=
        3 << 8 ^ rotated(fling.horizontal.startVelocity.bitPattern, by: 32)
        ^ rotated(fling.vertical.startVelocity.bitPattern, by: 40)
    case .stop: bits ^= 2 << 8
    }
    return bits
  }

  private static func mixed(_ sample: PullSample) -> UInt64 {
    rotated(sample.translation.bitPattern, by: 16) ^ rotated(sample.velocity.bitPattern, by: 24)
  }

  private static func rotated(_ bits: UInt64, by count: UInt64) -> UInt64 {
    bits << count | bits >> (64 - count)
  }
}
