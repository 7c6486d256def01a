import CTopLockGtk
import TopLock
import TopLockGObject
import TopLockTestSupport

/// What `memory`'s attach/detach cycles attach to, in a shown window (`ScrolledListFixture`), and one cycle
/// of it: a `TopLockScroller` on the fixture's scrolled window; a `TopLockScrollChain` with the fixture's
/// scrolled window as the outer, its content a label above an inner small scrolled window
/// (`HostedCell.makeOuterContent`); or a `TopLockRefresh` around the fixture's scrolled window, put in the
/// window in its place and taken out again. A cycle undoes what an app undoes: it detaches every scroller and
/// drops the host (the refresh's list back in the window, out of the refresh's widgets).
///
/// A refresh's cycle shows a frame with the refresh in the window and one after it was taken out: GTK 4.8
/// frees a widget tree taken out of a shown window only once a frame has run since, and a scrolled window
/// moved into a new parent and out again before a frame outlives its window's destruction, TopLock or not
/// (a plain GtkOverlay with a box and a spinner, put around the list and taken off three times: without the
/// frames, two of the three overlays and the list outlived the window; with them, nothing did).
///
/// Main actor only. The fixture owns the window; `fixture.destroy()` it at the end.
@MainActor
final class CycleTarget {
  /// The host to attach and take off; `nil` for a lone scroller.
  let scene: HostedScene?
  /// The window and its scrolled window (the chain's outer, the refresh's list).
  let fixture: ScrolledListFixture
  /// The chain's inner scrolled window; `nil` for the other targets.
  private let inner: UnsafeMutablePointer<GtkWidget>?

  /// Builds the window, not yet shown. GTK must be started.
  init(_ scene: HostedScene?) {
    self.scene = scene
    fixture = ScrolledListFixture()
    guard scene == .chainedPair else {
      inner = nil
      return
    }
    let (content, inner) = HostedCell.makeOuterContent()
    self.inner = inner
    gtk_scrolled_window_set_child(OpaquePointer(fixture.scrolledWindow), content)
  }

  /// The objects to find gone once the window is destroyed: the window, its scrolled windows and their
  /// vertical adjustments (TopLock references the root and the adjustment while attached).
  var windowObjects: [gpointer] {
    let scrolledWindows = [fixture.scrolledWindow] + (inner.map { [$0] } ?? [])
    return [UnsafeMutableRawPointer(fixture.window)]
      + scrolledWindows.flatMap { scrolledWindow in
        [
          UnsafeMutableRawPointer(scrolledWindow),
          UnsafeMutableRawPointer(gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolledWindow))!),
        ]
      }
  }

  /// Attaches and takes off once; `census` tracks the objects the attach added: controllers on the scrolled
  /// windows and their root, and the refresh's widgets. Returns how many of the TopLock objects made (the
  /// scrollers, the chain or the refresh) outlived the cycle, watched with Swift weak references.
  ///
  /// - Throws: what the attach threw.
  func cycle(census: ObjectCensus?) throws -> Int {
    let watched = [fixture.scrolledWindow] + (inner.map { [$0] } ?? [])
    let controllersBefore = Set(controllers(of: watched))
    var probes: [WeakProbe] = []
    do {
      let host = try attach()
      probes = ([host.object] + host.hostScrollers).map { WeakProbe($0) }
      for controller in controllers(of: watched) where !controllersBefore.contains(controller) {
        census?.track(controller)
      }
      for widget in host.widgets { census?.track(widget) }
      host.takeOff(in: fixture)
    }
    if scene == .refreshingList { try MainLoopPump.waitForFrames(1, of: fixture.window) }
    return probes.count { $0.object != nil }
  }

  /// The controllers of `scrolledWindows` and of the window.
  private func controllers(of scrolledWindows: [UnsafeMutablePointer<GtkWidget>]) -> [gpointer] {
    (scrolledWindows + [fixture.window]).flatMap(WidgetObjects.controllers(of:))
  }

  /// Attaches this target's TopLock objects (default options); a refresh shows a frame in the window.
  private func attach() throws -> TopLockAttachment {
    let attachment = try TopLockAttachment.attach(
      scene, list: inner ?? fixture.scrolledWindow, outer: inner == nil ? nil : fixture.scrolledWindow,
      in: fixture, options: TopLockOptions())
    if scene == .refreshingList { try MainLoopPump.waitForFrames(1, of: fixture.window) }
    return attachment
  }

  /// A Swift weak reference.
  private struct WeakProbe {
    weak var object: AnyObject?

    init(_ object: AnyObject) { self.object = object }
  }
}
