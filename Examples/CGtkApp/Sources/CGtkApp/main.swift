import CGtk
import Foundation
import TopLock

// This file imports the app's own `CGtk` and never TopLock's `CTopLockGtk`, though both modules import
// `gtk/gtk.h`. Swift names an imported C struct by its C name, not by the module that imported it, so `CGtk`'s
// `GtkWidget` is TopLock's (both `__C._GtkWidget`): the app's pointers pass to TopLock's API as they are, and
// the sheet's `widget` goes into a `CGtk` container as it is. No cast crosses the two modules.

/// A command line the example cannot run: an unknown argument, a missing or bad `--quit-after` value.
struct CGtkAppUsageError: Error {
  /// What is wrong, naming the argument at fault.
  let problem: String
}

/// The seconds `--quit-after` accepts: from one millisecond, the GLib timeout's step, to one day.
let quitAfterRange = 0.001...86_400.0

/// The seconds of the last `--quit-after SECONDS` in `arguments`, `nil` when there is none.
///
/// - Throws: `CGtkAppUsageError` for any other argument, a missing value, or one that is not a number of seconds in
///   `quitAfterRange`.
func parseQuitAfter(_ arguments: [String]) throws(CGtkAppUsageError) -> Double? {
  var seconds: Double?
  var index = arguments.startIndex
  while index < arguments.endIndex {
    guard arguments[index] == "--quit-after" else {
      throw CGtkAppUsageError(problem: "unexpected argument '\(arguments[index])'")
    }
    guard index + 1 < arguments.endIndex else {
      throw CGtkAppUsageError(problem: "--quit-after needs a value")
    }
    let text = arguments[index + 1]
    guard let value = Double(text), quitAfterRange.contains(value) else {
      throw CGtkAppUsageError(
        problem: "--quit-after needs a number of seconds from \(quitAfterRange.lowerBound) to "
          + "\(Int(quitAfterRange.upperBound)), got '\(text)'")
    }
    seconds = value
    index += 2
  }
  return seconds
}

/// `widget` as the GTK type the call it is passed to expects (a GtkWindow, a GtkBox): GTK's C casts are
/// macros, which Swift does not import.
func gtkCast<Pointee>(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<Pointee> {
  UnsafeMutableRawPointer(widget).assumingMemoryBound(to: Pointee.self)
}

/// A GtkScrolledWindow holding `count` labelled rows, built with `CGtk` calls.
@MainActor
func makeRowList(count: Int, title: String) -> UnsafeMutablePointer<GtkWidget> {
  let rows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
  for index in 0..<count {
    let label = gtk_label_new("\(title), row \(index)")!
    gtk_widget_set_margin_top(label, 12)
    gtk_widget_set_margin_bottom(label, 12)
    gtk_box_append(gtkCast(rows), label)
  }
  let scrolledWindow = gtk_scrolled_window_new()!
  gtk_scrolled_window_set_child(OpaquePointer(scrolledWindow), rows)
  gtk_widget_set_hexpand(scrolledWindow, 1)
  gtk_widget_set_vexpand(scrolledWindow, 1)
  return scrolledWindow
}

/// Opens a window with two lists side by side, built with `CGtk`: one with a `TopLockScroller` attached, one
/// inside a `TopLockSheet`. Closes it after `quitAfter` seconds when given (`make test` asks for 1).
///
/// - Returns: the exit status: 0, or 1 when GTK cannot start, TopLock refuses a widget, or the sheet's widgets
///   are not in the tree `CGtk` built.
@MainActor
func runCGtkApp(quitAfter: Double?) -> Int32 {
  guard gtk_init_check() != 0 else {
    FileHandle.standardError.write(Data("CGtkApp: no display\n".utf8))
    return 1
  }
  let window = gtk_window_new()!
  gtk_window_set_title(gtkCast(window), "TopLock with CGtk")
  gtk_window_set_default_size(gtkCast(window), 720, 560)
  let columns = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
  gtk_window_set_child(gtkCast(window), columns)

  let plainList = makeRowList(count: 100, title: "Scroller")
  gtk_box_append(gtkCast(columns), plainList)
  let sheetList = makeRowList(count: 100, title: "Sheet")
  let background = gtk_label_new("Behind the sheet")!
  let sheet: TopLockSheet
  do {
    try TopLockScroller.attach(to: plainList)
    sheet = try TopLockSheet(background: background, scrolledWindow: sheetList, topInset: 48)
  } catch {
    FileHandle.standardError.write(Data("CGtkApp: \(error)\n".utf8))
    gtk_window_destroy(gtkCast(window))
    return 1
  }
  gtk_box_append(gtkCast(columns), sheet.widget)
  guard gtk_widget_get_parent(sheetList) == sheet.panel, gtk_widget_get_parent(sheet.widget) == columns else {
    FileHandle.standardError.write(Data("CGtkApp: the sheet's widgets are not where CGtk put them\n".utf8))
    gtk_window_destroy(gtkCast(window))
    return 1
  }
  gtk_window_present(gtkCast(window))

  if let quitAfter {
    g_timeout_add(
      guint((quitAfter * 1000).rounded()),
      { window in
        gtk_window_destroy(window!.assumingMemoryBound(to: GtkWindow.self))
        return gboolean(G_SOURCE_REMOVE)
      }, UnsafeMutableRawPointer(window))
  }
  withExtendedLifetime(sheet) {
    while g_list_model_get_n_items(gtk_window_get_toplevels()) > 0 {
      g_main_context_iteration(nil, 1)
    }
  }
  return 0
}

do throws(CGtkAppUsageError) {
  let quitAfter = try parseQuitAfter(Array(CommandLine.arguments.dropFirst()))
  exit(MainActor.assumeIsolated { runCGtkApp(quitAfter: quitAfter) })
} catch {
  FileHandle.standardError.write(Data("CGtkApp: \(error.problem)\n".utf8))
  exit(2)
}
