import CTopLock
import CTopLockGtk
@_spi(Engine) import TopLockCore
import TopLockGObject

/// The sheet's keys and accessible state.
///
/// - Escape, with the focus anywhere in the sheet, collapses it to its lowest visible detent (hides it
///   where its detents allow), and gives the focus back to the widget that had it before the sheet.
/// - Up and Down on the handle step one detent up or down; Page Up and Page Down go to the highest and the
///   lowest visible one. A key that opens the sheet fully moves the focus into the list; one that closes
///   it gives the focus back.
/// - With `TopLockSheetOptions.listKeysStepSheetDown`, Page Up or Up on the list at its top steps the sheet
///   down one visible detent.
/// - The handle is a button labelled `handleAccessibleLabel`, whose `GTK_ACCESSIBLE_STATE_EXPANDED` is set
///   whenever the sheet heads above its lowest visible detent, and cleared otherwise.
extension TopLockSheet {
  /// The handle's accessible label.
  public static let handleAccessibleLabel = "Sheet"
  /// The handle's tooltip.
  static let handleTooltip = "Move the sheet up (Up, Page Up) or down (Down, Page Down, Escape)"

  /// Installs the keys; returns the connection that follows the root's focus once mapped.
  func installKeys() -> SignalConnection {
    addShortcuts(to: panel, phase: GTK_PHASE_BUBBLE, [(GDK_KEY_Escape, .escape)])
    addShortcuts(
      to: handle, phase: GTK_PHASE_BUBBLE,
      [(GDK_KEY_Up, .up), (GDK_KEY_Down, .down), (GDK_KEY_Page_Up, .highest), (GDK_KEY_Page_Down, .lowest)])
    if let list = scroller.scrolledWindow {
      // GtkScrolledWindow takes Page Up itself (its scroll-child binding) even at the top; Up reaches it
      // only when the list's rows did not use it (at the first row).
      addShortcuts(to: list, phase: GTK_PHASE_CAPTURE, [(GDK_KEY_Page_Up, .listAtTop)])
      addShortcuts(to: list, phase: GTK_PHASE_BUBBLE, [(GDK_KEY_Up, .listAtTop)])
    }
    return SignalConnection.connect(widget, .map) { [weak self] in self?.followRootFocus() }
  }

  /// Does what `key` does; returns whether it used the key (otherwise the key goes on).
  private func perform(_ key: SheetKey) -> Bool {
    let layout = layout
    switch key {
    case .escape: return escapePressed()
    case .up: return step(to: layout.detent(above: currentDetent))
    case .down: return step(to: layout.detent(below: currentDetent, includingHidden: false))
    case .highest: return step(to: layout.highestDetent)
    case .lowest: return step(to: layout.lowestVisibleDetent)
    case .listAtTop: return listKeyPressed()
    }
  }

  /// A shortcut controller on `target`, in `phase`, with one shortcut per key (no modifier).
  private func addShortcuts(
    to target: UnsafeMutablePointer<GtkWidget>, phase: GtkPropagationPhase, _ keys: [(Int32, SheetKey)]
  ) {
    let controller = gtk_shortcut_controller_new()!
    gtk_event_controller_set_propagation_phase(controller, phase)
    let run: GtkShortcutFunc = { _, _, data in
      MainActor.assumeIsolated { ClosureBox<@MainActor () -> Bool>.unbox(data)() } ? 1 : 0
    }
    for (key, action) in keys {
      let handler: @MainActor () -> Bool = { [weak self] in self?.perform(action) ?? false }
      let callback = gtk_callback_action_new(run, ClosureBox(handler).retainedUserData(), { releaseBox($0) })
      let trigger = gtk_keyval_trigger_new(guint(key), GdkModifierType(0))
      gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(trigger, callback))
    }
    gtk_widget_add_controller(target, controller)
  }

  /// Escape: collapses (or hides, where allowed) and gives the focus back; unused when already there.
  private func escapePressed() -> Bool {
    let layout = layout
    let closed = layout.detents.firstIndex(of: .hidden) ?? layout.lowestVisibleDetent
    guard layout.offsets[closed] > layout.offsets[currentDetent] + SheetSettling.settledDistance else {
      return false
    }
    settle(atDetent: closed, velocity: 0, animated: true)
    giveFocusBack()
    return true
  }

  /// A key on the handle: settles at `index` (unused without one, or when already there); moves the focus
  /// into the list when that opens the sheet fully, gives it back when it closes it.
  private func step(to index: Int?) -> Bool {
    guard let index, index != currentDetent else { return false }
    let layout = layout
    settle(atDetent: index, velocity: 0, animated: true)
    if index == layout.highestDetent, let list = scroller.scrolledWindow {
      _ = gtk_widget_child_focus(list, GTK_DIR_TAB_FORWARD)
    } else if index == layout.lowestVisibleDetent {
      giveFocusBack()
    }
    return true
  }

  /// Page Up or Up on the list: at its top, with the option on, one visible detent down.
  private func listKeyPressed() -> Bool {
    guard options.listKeysStepSheetDown, let list = scroller.scrolledWindow,
      let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(list)),
      ScrollMetrics(adjustment).isAtTop,
      let below = layout.detent(below: currentDetent, includingHidden: false)
    else { return false }
    settle(atDetent: below, velocity: 0, animated: true)
    return true
  }

  /// Gives the focus back to the widget that had it before it entered the sheet, when the focus is in the
  /// sheet: to that widget if it is still there and takes it, otherwise to nobody.
  private func giveFocusBack() {
    guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root),
      isInPanel(focus)
    else { return }
    let previous = focusOutside?.object?.assumingMemoryBound(to: GtkWidget.self)
    if let previous, gtk_widget_grab_focus(previous) != 0 { return }
    gtk_root_set_focus(root, nil)
  }

  /// Once mapped, follows the root's focus to remember the last widget outside the sheet that had it.
  private func followRootFocus() {
    guard rootFocusConnection == nil, let root = gtk_widget_get_root(widget) else { return }
    rootFocusConnection = SignalConnection.connect(UnsafeMutableRawPointer(root), .notify("focus-widget")) {
      [weak self] _ in self?.rootFocusChanged(root)
    }
  }

  private func rootFocusChanged(_ root: OpaquePointer) {
    guard let focus = gtk_root_get_focus(root), !isInPanel(focus) else { return }
    focusOutside = WeakObjectReference(UnsafeMutableRawPointer(focus))
  }

  private func isInPanel(_ candidate: UnsafeMutablePointer<GtkWidget>) -> Bool {
    candidate == panel || gtk_widget_is_ancestor(candidate, panel) != 0
  }

  /// Sets the handle's accessible label and expanded state (`!isCollapsed`).
  func updateAccessibleState() {
    AccessibleUpdate.setState(
      GTK_ACCESSIBLE_STATE_EXPANDED, as: .booleanOrUndefined, to: !isCollapsed, of: handle)
    AccessibleUpdate.setLabel(Self.handleAccessibleLabel, of: handle)
  }
}

/// What a key asks of the sheet.
private enum SheetKey {
  /// Escape, with the focus in the sheet.
  case escape
  /// Up on the handle.
  case up
  /// Down on the handle.
  case down
  /// Page Up on the handle.
  case highest
  /// Page Down on the handle.
  case lowest
  /// Page Up or Up on the list.
  case listAtTop
}
