import CTopLockGtk

/// One GLib source on the default main context, a timeout (`g_timeout_add_full`) or an idle
/// (`g_idle_add_full`): the handler runs while it returns `true`. Its closure box is released by the
/// destroy-notify GLib calls when the source goes.
///
/// GLib schedules it, not Swift: GTK apps run under the GLib main loop, where `Task` and
/// `DispatchQueue.main` never run. Main actor only; `remove()` is safe to call twice and after the handler
/// returned `false`.
@MainActor
public final class MainLoopSource {
  private var sourceID: guint = 0

  /// A timeout: `handler` runs every `interval` ms, the first time `interval` ms from now.
  public convenience init(intervalMilliseconds interval: guint, handler: @escaping @MainActor () -> Bool) {
    self.init(handler) { trampoline, data, release in
      g_timeout_add_full(G_PRIORITY_DEFAULT, interval, trampoline, data, release)
    }
  }

  /// An idle: `handler` runs as soon as no source of a higher `priority` is ready
  /// (`G_PRIORITY_HIGH` runs it before input and frames).
  public convenience init(idlePriority priority: Int32, handler: @escaping @MainActor () -> Bool) {
    self.init(handler) { trampoline, data, release in
      g_idle_add_full(priority, trampoline, data, release)
    }
  }

  private init(
    _ handler: @escaping @MainActor () -> Bool,
    add: (GSourceFunc, gpointer, GDestroyNotify) -> guint
  ) {
    let keepsRunning: @MainActor () -> Bool = { [weak self] in
      let keeps = handler()
      if !keeps {
        self?.sourceID = 0
      }
      return keeps
    }
    let trampoline: GSourceFunc = { data in
      MainActor.assumeIsolated { ClosureBox<@MainActor () -> Bool>.unbox(data)() } ? 1 : 0
    }
    sourceID = add(trampoline, ClosureBox(keepsRunning).retainedUserData()) { releaseBox($0) }
  }

  isolated deinit {
    remove()
  }

  /// Removes the source; GLib then releases its box.
  public func remove() {
    guard sourceID != 0 else { return }
    g_source_remove(sourceID)
    sourceID = 0
  }
}
