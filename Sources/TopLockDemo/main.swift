import CTopLockGtk
import Foundation
import TopLock
import TopLockGObject

/// The `toplock-demo` executable: a bottom sheet holding a long list, with TopLock attached.
/// (The full demo contract of DESIGN.md — trace, flags, HUD — is still to come.)
@MainActor
enum DemoApp {
  static let rowCount = 200
  static let rowHeight: Int32 = 40
  static var sheet: TopLockSheet?

  static func run() -> Int32 {
    guard gtk_init_check() != 0 else {
      printError("cannot open a display")
      return 1
    }
    let window = gtk_window_new()!
    gtk_window_set_title(window.cast(to: GtkWindow.self), "TopLock")
    gtk_window_set_default_size(window.cast(to: GtkWindow.self), 420, 760)

    let background = gtk_label_new("Pull the list down at its top: the sheet follows.")!
    gtk_widget_set_valign(background, GTK_ALIGN_START)
    gtk_widget_set_margin_top(background, 24)

    let rows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    for index in 0..<rowCount {
      let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
      gtk_widget_set_size_request(row, -1, rowHeight)
      gtk_widget_set_margin_start(row, 12)
      gtk_widget_set_margin_end(row, 12)
      let label = gtk_label_new("Row \(index)")!
      gtk_widget_set_hexpand(label, 1)
      gtk_widget_set_halign(label, GTK_ALIGN_START)
      gtk_box_append(row.cast(to: GtkBox.self), label)
      gtk_box_append(row.cast(to: GtkBox.self), gtk_button_new_with_label("Open"))
      gtk_box_append(rows.cast(to: GtkBox.self), row)
    }
    let scrolledWindow = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(OpaquePointer(scrolledWindow), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(scrolledWindow), rows)

    var options = TopLockOptions()
    options.mouseDragEnabled = true
    do {
      let newSheet = try TopLockSheet(
        background: background, scrolledWindow: scrolledWindow, topInset: 80, options: options)
      gtk_window_set_child(window.cast(to: GtkWindow.self), newSheet.widget)
      sheet = newSheet
    } catch {
      printError("\(error)")
      return 1
    }
    gtk_window_present(window.cast(to: GtkWindow.self))
    while g_list_model_get_n_items(gtk_window_get_toplevels()) > 0 {
      g_main_context_iteration(nil, 1)
    }
    return 0
  }
}

/// Prints one line on standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data("toplock-demo: \(message)\n".utf8))
}

exit(MainActor.assumeIsolated { DemoApp.run() })
