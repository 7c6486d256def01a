import CTopLockAdwaita
import CTopLockGtk
import TopLockTestSupport

extension AdwaitaContainer {
  /// Whether this machine's libadwaita has the container.
  public var isAvailable: Bool { adw_get_minor_version() >= minimumMinorVersion }

  /// The containers this machine's libadwaita has.
  public static var available: [Self] { allCases.filter(\.isAvailable) }
}

/// A container this machine's libadwaita lacks, asked for anyway.
public struct AdwaitaContainerUnavailable: Error, CustomStringConvertible {
  public let container: AdwaitaContainer

  public var description: String {
    "\(container.rawValue) needs libadwaita 1.\(container.minimumMinorVersion); this machine has "
      + "1.\(adw_get_minor_version())"
  }
}

/// A list placed in an `AdwaitaContainer` of an AdwWindow of the fixture's size, made here (the fixture's own
/// window stays hidden and empty): `reveal()` presents the dialog, opens the bottom sheet or pushes the page;
/// `close()` closes or pops it; `remove()` destroys the AdwWindow and what it holds. Calls `adw_init()` first.
/// Main actor.
@MainActor
public final class AdwaitaPlacedList: ListPlacement {
  /// The size given to the list in a dialog or a bottom sheet, px: it fits the 400 x 700 px window.
  public static let listWidth = 360
  public static let listHeight = 400

  public let container: AdwaitaContainer
  public let window: UnsafeMutablePointer<GtkWidget>
  public var containerName: String { container.rawValue }
  /// The dialog, the bottom sheet or the navigation view, with the page pushed on it; held so that a closed
  /// dialog or a popped page can be shown again.
  private var revealing: UnsafeMutablePointer<GtkWidget>?
  private var navigationPage: UnsafeMutablePointer<GtkWidget>?
  /// The widget this placement sank and holds a reference on (the dialog, or the navigation page), which no
  /// parent keeps while it is not shown; `remove()` releases it.
  private var heldWidget: UnsafeMutablePointer<GtkWidget>?
  private var isRemoved = false

  /// Moves `fixture`'s scrolled window out of its window into `container`, in a new AdwWindow. Throws when this
  /// libadwaita lacks the container.
  public init(_ fixture: ScrolledListFixture, in container: AdwaitaContainer) throws {
    guard container.isAvailable else {
      throw AdwaitaContainerUnavailable(container: container)
    }
    adw_init()
    self.container = container
    let list = fixture.scrolledWindow
    g_object_ref(list)
    defer { g_object_unref(list) }
    gtk_window_set_child(fixture.window.cast(to: GtkWindow.self), nil)

    window = adw_window_new()
    gtk_window_set_decorated(window.cast(to: GtkWindow.self), 0)
    gtk_window_set_default_size(
      window.cast(to: GtkWindow.self), Int32(ScrolledListFixture.Defaults.windowWidth),
      Int32(ScrolledListFixture.Defaults.windowHeight))
    let content: UnsafeMutablePointer<GtkWidget>
    switch container {
    case .windowContent:
      content = list
    case .floatingDialog, .bottomSheetDialog:
      content = gtk_label_new("content")
      let dialog = toplock_adw_dialog_new(
        list, Int32(Self.listWidth), Int32(Self.listHeight), container == .bottomSheetDialog ? 1 : 0)!
      g_object_ref_sink(dialog)
      (revealing, heldWidget) = (dialog, dialog)
    case .bottomSheet:
      gtk_widget_set_size_request(list, -1, Int32(Self.listHeight))
      content = toplock_adw_bottom_sheet_new(list)!
      revealing = content
    case .navigationViewPage:
      content = toplock_adw_navigation_view_new()!
      let page = toplock_adw_navigation_page_new(list)!
      g_object_ref_sink(page)
      (navigationPage, heldWidget) = (page, page)
      revealing = content
    case .toolbarViewContent:
      content = toplock_adw_toolbar_view_new(list)!
    }
    adw_window_set_content(window.cast(to: AdwWindow.self), content)
  }

  public func reveal() {
    guard let revealing else { return }
    switch container {
    case .floatingDialog, .bottomSheetDialog: toplock_adw_dialog_present(revealing, window)
    case .bottomSheet: toplock_adw_bottom_sheet_set_open(revealing, 1)
    case .navigationViewPage: toplock_adw_navigation_view_push(revealing, navigationPage)
    case .windowContent, .toolbarViewContent: break
    }
  }

  public func close() {
    guard let revealing else { return }
    switch container {
    case .floatingDialog, .bottomSheetDialog: toplock_adw_dialog_close(revealing)
    case .bottomSheet: toplock_adw_bottom_sheet_set_open(revealing, 0)
    case .navigationViewPage: toplock_adw_navigation_view_pop(revealing)
    case .windowContent, .toolbarViewContent: break
    }
  }

  public func remove() {
    guard !isRemoved else { return }
    isRemoved = true
    gtk_window_destroy(window.cast(to: GtkWindow.self))
    if let heldWidget {
      g_object_unref(heldWidget)
    }
  }
}
