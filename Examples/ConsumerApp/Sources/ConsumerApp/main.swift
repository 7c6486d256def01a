import CTopLockGtk
import Foundation
import TopLock

/// Opens the window of `window.ui` and gives its scrolled window TopLock's top edge. With
/// `--quit-after SECONDS` it closes itself (used by `make test`).
@MainActor
func runConsumerApp(arguments: [String]) -> Int32 {
  guard gtk_init_check() != 0, let uiPath = Bundle.module.path(forResource: "window", ofType: "ui") else {
    FileHandle.standardError.write(Data("ConsumerApp: no display or no window.ui\n".utf8))
    return 1
  }
  let builder = gtk_builder_new_from_file(uiPath)!
  defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
  let window = UnsafeMutableRawPointer(gtk_builder_get_object(builder, "window")!)
    .assumingMemoryBound(to: GtkWindow.self)
  do {
    var options = TopLockOptions()
    options.mouseDragEnabled = true
    options.topPolicy = .clamp
    try TopLockScroller.attach(to: gtk_builder_get_object(builder, "list"), options: options)
  } catch {
    FileHandle.standardError.write(Data("ConsumerApp: \(error)\n".utf8))
    return 1
  }
  gtk_window_present(window)
  let quitAfter = arguments.firstIndex(of: "--quit-after").flatMap { Double(arguments[$0 + 1]) }
  let deadline = quitAfter.map { Date(timeIntervalSinceNow: $0) }
  while g_list_model_get_n_items(gtk_window_get_toplevels()) > 0 {
    if let deadline, Date() > deadline {
      gtk_window_destroy(window)
    }
    g_main_context_iteration(nil, deadline == nil ? 1 : 0)
  }
  return 0
}

exit(MainActor.assumeIsolated { runConsumerApp(arguments: CommandLine.arguments) })
