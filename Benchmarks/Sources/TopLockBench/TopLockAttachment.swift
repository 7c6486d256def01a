import CTopLockGtk
import TopLock
import TopLockGObject
import TopLockTestSupport

/// What the bench attaches to a `ScrolledListFixture`'s window for a scene: a `TopLockScroller` on a list, a
/// `TopLockScrollChain` of a list and the outer scrolled window holding it, or a `TopLockRefresh` put around
/// the fixture's scrolled window in the window; and how to take it off again as an app would (every scroller
/// detached, the refresh's list back in the window in its place). `memory`'s cycles (`CycleTarget`) and
/// `frames-instructions`' rounds (`FramesInstructionScene`) share it.
///
/// Main actor only. The attachment keeps the chain or the refresh alive, as an app does.
@MainActor
enum TopLockAttachment {
  case scroller(TopLockScroller)
  case chain(TopLockScrollChain)
  case refresh(TopLockRefresh)

  /// Attaches `scene`'s host (a lone scroller for `nil`) with `options` for every scroller: to `list`, and
  /// for a chain to `outer`, which holds it. A refresh goes around the fixture's scrolled window, which must
  /// be `list`, and takes its place in the window.
  ///
  /// - Throws: what `TopLockScroller.attach(to:options:)`, `TopLockScrollChain` or `TopLockRefresh` throw.
  static func attach(
    _ scene: HostedScene?, list: UnsafeMutablePointer<GtkWidget>, outer: UnsafeMutablePointer<GtkWidget>?,
    in fixture: ScrolledListFixture, options: TopLockOptions
  ) throws -> TopLockAttachment {
    switch scene {
    case nil:
      return .scroller(try TopLockScroller.attach(to: list, options: options))
    case .chainedPair:
      guard let outer else { preconditionFailure("toplock-bench: a chained pair needs its outer list") }
      return .chain(
        try TopLockScrollChain(inner: list, outer: outer, innerOptions: options, outerOptions: options))
    case .refreshingList:
      precondition(list == fixture.scrolledWindow, "toplock-bench: a refresh goes around the fixture's list")
      return .refresh(
        try fixture.moveScrolledWindow { list in
          let refresh = try TopLockRefresh(scrolledWindow: list, options: options)
          return (refresh, refresh.widget)
        })
    }
  }

  /// The object made first: the scroller, the chain or the refresh.
  var object: AnyObject {
    switch self {
    case .scroller(let scroller): scroller
    case .chain(let chain): chain
    case .refresh(let refresh): refresh
    }
  }

  /// A host's scrollers; none for a lone scroller (`object`).
  var hostScrollers: [TopLockScroller] {
    switch self {
    case .scroller: []
    case .chain(let chain): [chain.inner, chain.outer]
    case .refresh(let refresh): [refresh.scroller]
    }
  }

  /// The widgets the attachment made: the refresh's overlay, indicator and spinner.
  var widgets: [gpointer] {
    guard case .refresh(let refresh) = self else { return [] }
    let spinner = gtk_widget_get_first_child(refresh.indicator).map { [UnsafeMutableRawPointer($0)] } ?? []
    return [UnsafeMutableRawPointer(refresh.widget), UnsafeMutableRawPointer(refresh.indicator)] + spinner
  }

  /// Ends a refresh in progress (its spinner would ask for frames for ever); nothing for the others.
  func endRefreshing() {
    guard case .refresh(let refresh) = self else { return }
    refresh.endRefreshing()
  }

  /// Detaches every scroller; the refresh's list goes back into `fixture`'s window, out of its overlay.
  func takeOff(in fixture: ScrolledListFixture) {
    switch self {
    case .scroller(let scroller): scroller.detach()
    case .chain(let chain):
      chain.inner.detach()
      chain.outer.detach()
    case .refresh(let refresh):
      refresh.scroller.detach()
      fixture.moveScrolledWindow { list in
        gtk_overlay_remove_overlay(OpaquePointer(refresh.widget), list)
        return ((), list)
      }
    }
  }
}
