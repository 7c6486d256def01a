import TopLock

/// A host that moves nothing and records every pull event it receives.
@MainActor
final class RecordingHost: TopLockHost {
  var hostOffset = 0.0
  private(set) var beganCount = 0
  private(set) var endedCount = 0
  private(set) var cancelledCount = 0
  private(set) var translations: [Double] = []
  private(set) var endVelocity: Double?

  /// The last translation received, in px (0 before any).
  var lastTranslation: Double { translations.last ?? 0 }

  func pullBegan() { beganCount += 1 }

  func pullChanged(translation: Double, velocity: Double) { translations.append(translation) }

  func pullEnded(velocity: Double) {
    endedCount += 1
    endVelocity = velocity
  }

  func pullCancelled() { cancelledCount += 1 }
}
