import CTopLockGtk
import TopLockGObject

/// Where a test puts its list: the window itself, or a GTK container inside it, each a place where apps keep
/// lists. A popover is a native of its own (its own surface and event delivery), which a window's controllers
/// never see into with GTK's default propagation limit.
public enum ListContainer: String, CaseIterable, Codable, Sendable {
  /// The list fills the window.
  case window
  /// A GtkPopover on a button, autohide on (GTK's default: a click outside closes it).
  case popover
  /// A GtkPopover on a button, autohide off.
  case popoverWithoutAutohide
  /// The custom child of a GtkPopoverMenu built from a menu model.
  case popoverMenuCustomChild
  /// The popover of a GtkMenuButton, opened by the button.
  case menuButtonPopover
  /// A page of a GtkStack, shown after another page.
  case stackPage

  /// The size given to the list inside a popover, px: it fits the 400 x 700 px window's screen area.
  public static let popoverListWidth = 360
  public static let popoverListHeight = 400

  /// Whether the list lives in a popover, a native other than the window.
  public var isInPopover: Bool {
    switch self {
    case .window, .stackPage: false
    case .popover, .popoverWithoutAutohide, .popoverMenuCustomChild, .menuButtonPopover: true
    }
  }
}

/// A list put in a container of a window: `window` is the window to present, `reveal()` shows the list (pops
/// its popover up, presents its dialog, switches to its page), `close()` hides it again, and `remove()` takes
/// what the container made out of the window before the fixture is destroyed. `remove()` is safe twice. Main
/// actor.
@MainActor
public protocol ListPlacement: AnyObject {
  /// The container's name, for figures and errors.
  var containerName: String { get }
  /// The window to present, which holds the container.
  var window: UnsafeMutablePointer<GtkWidget> { get }
  func reveal()
  func close()
  func remove()
}

extension ListPlacement {
  /// Hides the list, lets the main loop run `PopoverTeardown.closingMilliseconds`, then `remove()`s the
  /// container, so that a popover is popped down before it goes. Safe twice.
  public func closeAndRemove() {
    close()
    MainLoopPump.run(forMilliseconds: PopoverTeardown.closingMilliseconds)
    remove()
  }
}

/// A list placed in a `ListContainer` of the fixture's window: `remove()` unparents a popover set on a plain
/// button, which GTK leaves to the app. Main actor.
@MainActor
public final class PlacedList: ListPlacement {
  public let container: ListContainer
  public let window: UnsafeMutablePointer<GtkWidget>
  public var containerName: String { container.rawValue }
  private let scrolledWindow: UnsafeMutablePointer<GtkWidget>
  /// The popover holding the list, when the container is one.
  public private(set) var popover: UnsafeMutablePointer<GtkWidget>?
  private var menuButton: UnsafeMutablePointer<GtkWidget>?
  private var stack: UnsafeMutablePointer<GtkWidget>?
  private var isRemoved = false

  /// Moves `fixture`'s scrolled window out of its window into `container`, built inside the window (a
  /// button at the top, the popover on it; or a stack). Nothing is shown yet: present the window, then
  /// `reveal()`.
  public init(_ fixture: ScrolledListFixture, in container: ListContainer) {
    self.container = container
    self.window = fixture.window
    scrolledWindow = fixture.scrolledWindow
    let window = fixture.window.cast(to: GtkWindow.self)
    guard container != .window else { return }
    g_object_ref(scrolledWindow)
    defer { g_object_unref(scrolledWindow) }
    gtk_window_set_child(window, nil)
    if container == .stackPage {
      let stack = gtk_stack_new()!
      gtk_stack_add_named(OpaquePointer(stack), gtk_label_new("first page"), "first")
      gtk_stack_add_named(OpaquePointer(stack), scrolledWindow, "list")
      gtk_stack_set_visible_child_name(OpaquePointer(stack), "first")
      gtk_window_set_child(window, stack)
      self.stack = stack
      return
    }
    gtk_widget_set_size_request(
      scrolledWindow, Int32(ListContainer.popoverListWidth), Int32(ListContainer.popoverListHeight))
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_window_set_child(window, box)
    let popover = Self.makePopover(holding: scrolledWindow, for: container)
    if container == .menuButtonPopover {
      let button = gtk_menu_button_new()!
      gtk_menu_button_set_label(OpaquePointer(button), "recent")
      gtk_menu_button_set_popover(OpaquePointer(button), popover)
      gtk_widget_set_halign(button, GTK_ALIGN_START)
      gtk_box_append(box.cast(to: GtkBox.self), button)
      menuButton = button
    } else {
      let button = gtk_button_new_with_label("recent")!
      gtk_widget_set_halign(button, GTK_ALIGN_START)
      gtk_box_append(box.cast(to: GtkBox.self), button)
      gtk_widget_set_parent(popover, button)
    }
    self.popover = popover
  }

  private static func makePopover(
    holding list: UnsafeMutablePointer<GtkWidget>, for container: ListContainer
  ) -> UnsafeMutablePointer<GtkWidget> {
    guard container == .popoverMenuCustomChild else {
      let popover = gtk_popover_new()!
      gtk_popover_set_child(popover.cast(to: GtkPopover.self), list)
      gtk_popover_set_autohide(
        popover.cast(to: GtkPopover.self), container == .popoverWithoutAutohide ? 0 : 1)
      return popover
    }
    let menu = g_menu_new()!
    defer { g_object_unref(UnsafeMutableRawPointer(menu)) }
    let item = g_menu_item_new("recent", nil)!
    g_menu_item_set_attribute_value(item, "custom", g_variant_new_string("list"))
    g_menu_append_item(menu, item)
    g_object_unref(UnsafeMutableRawPointer(item))
    let popover = gtk_popover_menu_new_from_model(
      UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self))!
    gtk_popover_menu_add_child(OpaquePointer(popover), list, "list")
    return popover
  }

  /// Shows the list: pops its popover up (through the menu button for that container), or switches the
  /// stack to its page.
  public func reveal() {
    if let menuButton {
      gtk_menu_button_popup(OpaquePointer(menuButton))
    } else if let popover {
      gtk_popover_popup(popover.cast(to: GtkPopover.self))
    } else if let stack {
      gtk_stack_set_visible_child_name(OpaquePointer(stack), "list")
    }
  }

  /// Hides the list: pops its popover down, or switches the stack back to its first page.
  public func close() {
    if let popover {
      gtk_popover_popdown(popover.cast(to: GtkPopover.self))
    } else if let stack {
      gtk_stack_set_visible_child_name(OpaquePointer(stack), "first")
    }
  }

  /// Takes the list out of its container, closed first, and puts it back as the window's child at its own
  /// size, as it was before this placement; then `remove()`s the container's popover.
  public func putListBackInWindow() {
    guard container != .window else { return }
    close()
    g_object_ref(scrolledWindow)
    defer { g_object_unref(scrolledWindow) }
    if let stack {
      gtk_stack_remove(OpaquePointer(stack), scrolledWindow)
    } else if let popover, container == .popoverMenuCustomChild {
      gtk_popover_menu_remove_child(OpaquePointer(popover), scrolledWindow)
    } else if let popover {
      gtk_popover_set_child(popover.cast(to: GtkPopover.self), nil)
    }
    remove()
    gtk_widget_set_size_request(scrolledWindow, -1, -1)
    gtk_window_set_child(window.cast(to: GtkWindow.self), scrolledWindow)
  }

  /// Unparents a popover set on a plain button (a menu button unparents its own). Safe twice.
  public func remove() {
    guard !isRemoved else { return }
    isRemoved = true
    if let popover, menuButton == nil {
      gtk_widget_unparent(popover)
    }
  }
}

extension ScrolledListFixture {
  /// Presents `placement`'s window, waits until it is mapped (and, with `afterTheWindowPaints`, has painted
  /// twice), reveals the list in it and waits until the list is shown (`waitUntilShown(in:)`).
  ///
  /// On sway the window is mapped before its first configure, its layout not final yet: a popover revealed
  /// then is anchored at a button not yet allocated, off the output, where it never gets a frame; the touch
  /// fixture waits for the paint there and on Broadway. The X11 mouse suite does not: there, a popover without
  /// autohide revealed after the window painted missed the XTest drag's press, stock or attached (measured on
  /// GTK 4.8, 4.18 and 4.24: no overshoot, no pull, the value untouched).
  ///
  /// - Throws: `TestSupportError.timedOut` when the window does not map or paint, or the list does not show.
  public func present(revealing placement: any ListPlacement, afterTheWindowPaints: Bool = false) throws {
    gtk_window_present(placement.window.cast(to: GtkWindow.self))
    guard MainLoopPump.run(timeoutMilliseconds: 5000, until: { gtk_widget_get_mapped(placement.window) != 0 })
    else { throw TestSupportError.timedOut(waitingFor: "the window to map") }
    if afterTheWindowPaints {
      try MainLoopPump.waitForFrames(2, of: placement.window, timeoutMilliseconds: 5000)
    }
    placement.reveal()
    try waitUntilShown(in: placement)
  }

  /// Waits until the scrolled window, shown by `placement`, is mapped, laid out, painted twice and at rest
  /// in its native, at most 5 s for each.
  ///
  /// - Throws: `TestSupportError.timedOut` naming the container.
  public func waitUntilShown(in placement: any ListPlacement) throws {
    let isLaidOut = MainLoopPump.run(timeoutMilliseconds: 5000) {
      gtk_widget_get_mapped(scrolledWindow) != 0
        && gtk_adjustment_get_page_size(verticalAdjustment) > 0
    }
    guard isLaidOut else {
      throw TestSupportError.timedOut(waitingFor: "the list in \(placement.containerName) to map and lay out")
    }
    try MainLoopPump.waitForFrames(2, of: scrolledWindow, timeoutMilliseconds: 5000)
    // A container that slides its list in (a bottom sheet opening, a navigation page pushed) moves it for a
    // while after it is mapped, and a drag begun then starts where the list is no longer.
    let isInPlace = MainLoopPump.runUntilSteady(steadyMilliseconds: 200, timeoutMilliseconds: 5000) {
      let place = listPlaceInNative
      return [place.origin.x, place.origin.y, place.size.width, place.size.height].map(Double.init)
    }
    guard isInPlace else {
      throw TestSupportError.timedOut(waitingFor: "the list in \(placement.containerName) to come to rest")
    }
  }

  /// The scrolled window's bounds in its native's frame, px.
  private var listPlaceInNative: graphene_rect_t {
    var bounds = graphene_rect_t()
    if let native = gtk_widget_get_native(scrolledWindow) {
      _ = gtk_widget_compute_bounds(
        scrolledWindow, UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self),
        &bounds)
    }
    return bounds
  }
}
