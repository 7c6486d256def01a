import CTopLockGtk
import Foundation
import TopLock

/// A command line the example cannot run: an unknown argument, a missing or bad `--quit-after` value.
struct ConsumerAppUsageError: Error {
  /// What is wrong, naming the argument at fault.
  let problem: String
}

/// The seconds `--quit-after SECONDS` asks for (a positive decimal), `nil` when the flag is absent; the last
/// one counts.
///
/// - Throws: `ConsumerAppUsageError` for any other argument, or a missing or bad value.
func quitAfterSeconds(in arguments: ArraySlice<String>) throws(ConsumerAppUsageError) -> Double? {
  var remaining = arguments
  var seconds: Double?
  while let argument = remaining.popFirst() {
    guard argument == "--quit-after" else {
      throw ConsumerAppUsageError(problem: "unexpected argument '\(argument)'")
    }
    guard let text = remaining.popFirst() else {
      throw ConsumerAppUsageError(problem: "--quit-after needs a value")
    }
    guard let value = Double(text), value > 0, value.isFinite else {
      throw ConsumerAppUsageError(problem: "--quit-after needs a positive number of seconds, got '\(text)'")
    }
    seconds = value
  }
  return seconds
}

/// Opens the window of `window.ui` and gives its scrolled window TopLock's top edge; closes it after
/// `quitAfter` seconds when given (used by `make test`).
@MainActor
func runConsumerApp(quitAfter: Double?) -> Int32 {
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
  let deadline = quitAfter.map { Date(timeIntervalSinceNow: $0) }
  while g_list_model_get_n_items(gtk_window_get_toplevels()) > 0 {
    if let deadline, Date() > deadline {
      gtk_window_destroy(window)
    }
    g_main_context_iteration(nil, deadline == nil ? 1 : 0)
  }
  return 0
}

do throws(ConsumerAppUsageError) {
  let quitAfter = try quitAfterSeconds(in: CommandLine.arguments.dropFirst())
  exit(MainActor.assumeIsolated { runConsumerApp(quitAfter: quitAfter) })
} catch {
  FileHandle.standardError.write(Data("ConsumerApp: \(error.problem)\n".utf8))
  exit(2)
}
