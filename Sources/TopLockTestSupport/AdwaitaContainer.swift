import Foundation

/// The libadwaita containers apps keep lists in, each from the libadwaita version that brought it: Debian 12's
/// 1.2 has only the window, Debian 13's 1.7 and sid's 1.10 have them all. libadwaita is a dependency of the
/// tests only: neither TopLock nor its demo links it, nor this module (`TopLockAdwaitaSupport` places a list in
/// one).
public enum AdwaitaContainer: String, CaseIterable, Codable, Sendable {
  /// The content of an AdwWindow (libadwaita 1.0).
  case windowContent
  /// An AdwDialog presented floating over the window (1.5).
  case floatingDialog
  /// An AdwDialog presented as a bottom sheet, as on a narrow window (1.5).
  case bottomSheetDialog
  /// The sheet of an AdwBottomSheet, opened (1.6).
  case bottomSheet
  /// The second page of an AdwNavigationView, pushed from its first (1.4).
  case navigationViewPage
  /// The content of an AdwToolbarView, below its header bar (1.4).
  case toolbarViewContent

  /// The libadwaita 1.x minor version that brought the container.
  public var minimumMinorVersion: UInt32 {
    switch self {
    case .windowContent: 0
    case .navigationViewPage, .toolbarViewContent: 4
    case .floatingDialog, .bottomSheetDialog: 5
    case .bottomSheet: 6
    }
  }

  /// The environment variable that marks the process running the libadwaita tests: `make test-this-gtk` runs
  /// them alone in a process of their own, because `adw_init()` restyles every widget of the process after it
  /// (the stylesheet, the scrollbars), and the other suites measure GTK's own style.
  public static let processVariable = "TOPLOCK_TEST_LIBADWAITA"

  /// Whether this process runs the libadwaita tests.
  public static var runsInThisProcess: Bool { ProcessInfo.processInfo.environment[processVariable] == "1" }
}
