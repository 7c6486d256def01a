/// A TopLock host over scrolled windows that `memory` and `frames-instructions` measure beside the lone
/// scroller, each against the same stock scrolled windows without TopLock.
enum HostedScene: String, Codable, CaseIterable {
  /// `TopLockScrollChain`: an outer scrolled window as the host of an inner one in its content.
  case chainedPair = "chained-pair"
  /// `TopLockRefresh`: pull to refresh around an attached list.
  case refreshingList = "refreshing-list"

  /// The scrolled windows with TopLock attached in one instance of the scene: the budget's scrollers.
  var scrollers: Int {
    switch self {
    case .chainedPair: 2
    case .refreshingList: 1
    }
  }

  /// What one instance is, for the reports.
  var summary: String {
    switch self {
    case .chainedPair: "chained pair (TopLockScrollChain: an outer scrolled window holding an inner one)"
    case .refreshingList: "refreshing list (TopLockRefresh: an indicator over an attached scrolled window)"
    }
  }
}
