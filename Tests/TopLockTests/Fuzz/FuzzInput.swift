/// What a fuzz sequence's input is, fixed by its seed's three low bits (`FuzzSequence.seed(ofSequence:runSeed:)`
/// sets them to the sequence's index modulo 8): one in eight sequences is touch with two or three fingers, one in
/// eight touch with one finger at a time, and the rest the X11 pointer, keyboard and wheel. Of `make test`'s 200
/// sequences, 50 are touch and 25 of those multi-finger; `make soak` keeps the shares.
enum FuzzInput: Equatable, Sendable {
  /// XTest pointer, wheel and keys on the X11 fuzz window (`FuzzSequence`, `FuzzScene`).
  case mouse
  /// One finger at a time on the touch fixture (`TouchFuzzSequence`, `TouchFuzzScene`).
  case touch
  /// Two or three fingers in each gesture, landing and lifting in random order.
  case multiFingerTouch

  /// The seed bits that choose the input.
  static let seedMask: UInt64 = 7

  /// The input sequence `seed` runs.
  init(seed: UInt64) {
    switch seed & Self.seedMask {
    case 0: self = .multiFingerTouch
    case 4: self = .touch
    default: self = .mouse
    }
  }
}
