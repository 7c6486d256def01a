import CTopLockGtk
import TopLockGObject

/// Makes GtkSettings `gtk-application-prefer-dark-theme` follow the desktop's dark style preference.
///
/// GTK 4.8 does not read the preference itself (libadwaita does). It comes from the XDG desktop portal:
/// `org.freedesktop.appearance` `color-scheme` (0 no preference, 1 prefer dark, 2 prefer light), read once
/// and then followed through the `SettingChanged` signal, over the application's own session-bus connection.
/// Without a session bus or a portal the theme is left as it is.
///
/// Main actor only. Keep the follower as long as the app runs; it unsubscribes when it goes.
@MainActor
final class ColorSchemeFollower {
  private static let portalName = "org.freedesktop.portal.Desktop"
  private static let portalPath = "/org/freedesktop/portal/desktop"
  private static let settingsInterface = "org.freedesktop.portal.Settings"
  private static let appearanceNamespace = "org.freedesktop.appearance"
  private static let colorSchemeKey = "color-scheme"
  private static let preferDark: UInt32 = 1
  private static let callTimeoutMilliseconds: Int32 = 2000

  private let connection: OpaquePointer
  private var subscriptionID: guint = 0

  /// Starts following over `connection` (a GDBusConnection, from `g_application_get_dbus_connection`).
  init(connection: OpaquePointer) {
    self.connection = connection
    g_object_ref(UnsafeMutableRawPointer(connection))
    subscribe()
    readColorScheme()
  }

  isolated deinit {
    if subscriptionID != 0 {
      g_dbus_connection_signal_unsubscribe(connection, subscriptionID)
    }
    g_object_unref(UnsafeMutableRawPointer(connection))
  }

  /// `SettingChanged (s namespace, s key, v value)`, filtered by GDBus on the namespace (arg0).
  private func subscribe() {
    let changed: @MainActor (OpaquePointer) -> Void = { parameters in
      guard let key = g_variant_get_child_value(parameters, 1) else { return }
      defer { g_variant_unref(key) }
      guard String(cString: g_variant_get_string(key, nil)) == Self.colorSchemeKey,
        let value = g_variant_get_child_value(parameters, 2)
      else { return }
      defer { g_variant_unref(value) }
      Self.apply(value)
    }
    let trampoline: GDBusSignalCallback = { _, _, _, _, _, parameters, data in
      guard let parameters else { return }
      MainActor.assumeIsolated { ClosureBox<@MainActor (OpaquePointer) -> Void>.unbox(data)(parameters) }
    }
    subscriptionID = g_dbus_connection_signal_subscribe(
      connection, Self.portalName, Self.settingsInterface, "SettingChanged", Self.portalPath,
      Self.appearanceNamespace, toplock_dbus_signal_flags_none, trampoline,
      ClosureBox(changed).retainedUserData(),
      { releaseBox($0) })
  }

  /// `Read (s namespace, s key) -> (v value)`, asynchronously; the reply is applied when it comes.
  private func readColorScheme() {
    let arguments = [
      g_variant_new_string(Self.appearanceNamespace), g_variant_new_string(Self.colorSchemeKey),
    ]
    let parameters = arguments.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, 2) }
    let replied: GAsyncReadyCallback = { source, result, _ in
      guard let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, nil) else { return }
      defer { g_variant_unref(reply) }
      guard let value = g_variant_get_child_value(reply, 0) else { return }
      defer { g_variant_unref(value) }
      MainActor.assumeIsolated { ColorSchemeFollower.apply(value) }
    }
    g_dbus_connection_call(
      connection, Self.portalName, Self.portalPath, Self.settingsInterface, "Read", parameters, nil,
      toplock_dbus_call_flags_none, Self.callTimeoutMilliseconds, nil, replied, nil)
  }

  /// Sets the dark preference from a portal value: a `u`, possibly inside one or more `v` (`Read` wraps it
  /// twice).
  private static func apply(_ value: OpaquePointer) {
    var current = g_variant_ref(value)!
    while String(cString: g_variant_get_type_string(current)) == "v" {
      let inner = g_variant_get_variant(current)!
      g_variant_unref(current)
      current = inner
    }
    defer { g_variant_unref(current) }
    guard String(cString: g_variant_get_type_string(current)) == "u",
      let settings = gtk_settings_get_default()
    else { return }
    var preferDark = GValue()
    g_value_init(&preferDark, g_type_from_name("gboolean"))
    g_value_set_boolean(&preferDark, g_variant_get_uint32(current) == Self.preferDark ? 1 : 0)
    g_object_set_property(
      UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self),
      "gtk-application-prefer-dark-theme", &preferDark)
    g_value_unset(&preferDark)
  }
}
