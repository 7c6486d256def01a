import TopLock

/// A host that records the pull events it receives, in order, and runs a reaction inside `pullBegan` or
/// `pullCancelled`: a re-entrant call into the scroller, as a real host may make.
@MainActor
final class ReentrantHost: TopLockHost {
  /// One pull event as the host saw it.
  enum Event: Equatable {
    case began
    case changed
    case ended
    case cancelled
  }

  var hostOffset = 0.0
  private(set) var events: [Event] = []
  /// Runs inside `pullBegan`, after the event is recorded.
  var onBegan: (@MainActor () -> Void)?
  /// Runs inside `pullCancelled`, after the event is recorded.
  var onCancelled: (@MainActor () -> Void)?

  /// Whether `events` is a run of well-formed pulls: began, changed any number of times, then ended or
  /// cancelled; a pull still open at the end counts as well formed so far.
  var isWellFormed: Bool {
    var isOpen = false
    for event in events {
      switch event {
      case .began where !isOpen: isOpen = true
      case .changed where isOpen: break
      case .ended where isOpen, .cancelled where isOpen: isOpen = false
      default: return false
      }
    }
    return true
  }

  func pullBegan() {
    events.append(.began)
    onBegan?()
  }

  func pullChanged(translation: Double, velocity: Double) { events.append(.changed) }

  func pullEnded(velocity: Double) { events.append(.ended) }

  func pullCancelled() {
    events.append(.cancelled)
    onCancelled?()
  }
}
