@_spi(Engine) import TopLockCore

/// Reads a pull event's numbers without a `switch` at every check.
extension PullEvent {
  /// The sample of a `began` or `changed` event.
  var sample: PullSample? {
    switch self {
    case .began(let sample), .changed(let sample): sample
    case .ended, .cancelled: nil
    }
  }

  /// The velocity of an `ended` event, in px/s.
  var endedVelocity: Double? {
    if case .ended(let velocity) = self { velocity } else { nil }
  }
}
