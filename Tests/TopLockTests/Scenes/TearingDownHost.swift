import TopLock

/// A host that tears its window down from inside a pull callback, as a pull-down-to-dismiss sheet does:
/// `tearDown` runs on the first `pullChanged` past `tearDownTranslation` px, or on `pullEnded`.
@MainActor
final class TearingDownHost: TopLockHost {
  /// When the host tears down.
  enum Moment: CaseIterable, Sendable {
    /// In `pullChanged`, mid-pull.
    case midPull
    /// In `pullEnded`, at the release.
    case atRelease
  }

  /// The translation past which a `.midPull` host tears down, in px.
  static let tearDownTranslation = 50.0

  let moment: Moment
  /// Tears the window down; called at most once, then `nil`.
  var tearDown: (() -> Void)?
  private(set) var cancelledCount = 0

  var hostOffset: Double { 0 }

  init(tearingDownAt moment: Moment) {
    self.moment = moment
  }

  func pullBegan() {}

  func pullChanged(translation: Double, velocity: Double) {
    if moment == .midPull && translation > Self.tearDownTranslation {
      tearDownOnce()
    }
  }

  func pullEnded(velocity: Double) {
    if moment == .atRelease {
      tearDownOnce()
    }
  }

  func pullCancelled() {
    cancelledCount += 1
  }

  private func tearDownOnce() {
    let tearDown = self.tearDown
    self.tearDown = nil
    tearDown?()
  }
}
