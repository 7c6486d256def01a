import TopLockCore

extension TopLockOptions {
  /// The default options with the given edge policies and touchpad pull.
  static func with(
    top: TopEdgePolicy = .lockAndHandOff, bottom: BottomEdgePolicy = .stock, touchpadPull: Bool = true
  ) -> TopLockOptions {
    var options = TopLockOptions()
    options.topPolicy = top
    options.bottomPolicy = bottom
    options.touchpadPullEnabled = touchpadPull
    return options
  }
}
