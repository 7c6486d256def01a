import TopLock
import TopLockTestSupport

/// A host that records every pull event and forwards it, and the list's momentum, to `forwardingTo` (the
/// sheet), or moves nothing.
/// Main actor only; holds the host it forwards to.
@MainActor
final class PullRecorder: TopLockHost {
  private let forwardTarget: (any TopLockHost)?
  private(set) var events: [PullRecord] = []
  /// The host's offset after each `changed`, px.
  private(set) var offsets: [Double] = []

  init(forwardingTo forwardTarget: (any TopLockHost)? = nil) {
    self.forwardTarget = forwardTarget
  }

  var hostOffset: Double { forwardTarget?.hostOffset ?? 0 }

  func pullBegan() {
    events.append(PullRecord(.began))
    forwardTarget?.pullBegan()
  }

  func pullChanged(translation: Double, velocity: Double) {
    events.append(PullRecord(.changed, translation: translation, velocity: velocity))
    forwardTarget?.pullChanged(translation: translation, velocity: velocity)
    offsets.append(hostOffset)
  }

  func pullEnded(velocity: Double) {
    events.append(PullRecord(.ended, velocity: velocity))
    forwardTarget?.pullEnded(velocity: velocity)
  }

  func pullCancelled() {
    events.append(PullRecord(.cancelled))
    forwardTarget?.pullCancelled()
  }

  func listFlingReachedTop(velocity: Double) {
    forwardTarget?.listFlingReachedTop(velocity: velocity)
  }
}
