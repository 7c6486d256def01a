import CTopLockGtk
import TopLockTestSupport

extension ScrolledListFixture {
  /// The content's width while the scrolled window scrolls both ways, in px.
  static let bothWaysContentWidth: Int32 = 1_200

  /// Makes the scrolled window scroll sideways too (horizontal policy automatic, content
  /// `bothWaysContentWidth` px wide), or up and down only again (policy never, content its natural width),
  /// then scrolls it sideways to `horizontalValue` px. Returns the horizontal adjustment.
  @discardableResult
  func setScrollsBothWays(_ bothWays: Bool, horizontalValue: Double = 0) throws -> UnsafeMutablePointer<
    GtkAdjustment
  > {
    let horizontalPolicy = bothWays ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER
    gtk_scrolled_window_set_policy(OpaquePointer(scrolledWindow), horizontalPolicy, GTK_POLICY_AUTOMATIC)
    let viewport = gtk_scrolled_window_get_child(OpaquePointer(scrolledWindow))!
    gtk_widget_set_size_request(
      gtk_viewport_get_child(OpaquePointer(viewport))!, bothWays ? Self.bothWaysContentWidth : -1, -1)
    try MainLoopPump.waitForFrames(3, of: window)
    let horizontal = gtk_scrolled_window_get_hadjustment(OpaquePointer(scrolledWindow))!
    gtk_adjustment_set_value(horizontal, horizontalValue)
    try MainLoopPump.waitForFrames(2, of: window)
    return horizontal
  }
}

extension ScrolledListFixture {
  /// Sets the horizontal scrollbar policy to `policy`, leaves the content its natural width (no wider than
  /// the page) and waits for the scrolled window to lay out and draw it.
  func setHorizontalPolicy(_ policy: GtkPolicyType) throws {
    gtk_scrolled_window_set_policy(OpaquePointer(scrolledWindow), policy, GTK_POLICY_AUTOMATIC)
    try MainLoopPump.waitForFrames(3, of: window)
  }
}
