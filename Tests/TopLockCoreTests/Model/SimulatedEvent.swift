@_spi(Engine) import TopLockCore

/// One thing that happens to a `SimulatedScroller`: an input as GTK would deliver it, a frame, or a change
/// made by the app or the host. Points in px (y grows downward), deltas in px of value, velocities in px/s.
enum SimulatedEvent: Equatable, Sendable {
  /// A press at (`x`, `y`) on `target`, with GTK's drag threshold in px.
  case press(x: Double = 200, y: Double, target: PressTarget = .content, threshold: Double = 8)
  /// The pointer moves to (`x`, `y`); `x` stays where it was when `nil`.
  case move(x: Double? = nil, y: Double)
  /// The pointer is released where it is.
  case release
  /// The drag is taken away (grab broken, widget unmapped).
  case cancelDrag
  /// A wheel or touchpad delta; positive scrolls toward the bottom.
  case scroll(deltaY: Double, source: ScrollSource)
  /// The fingers leave the touchpad; `velocityY` is GTK's fling velocity in px/s of value.
  case liftTouchpad(velocityY: Double)
  /// A wheel or touchpad delta with the pointer off the list (the host moved it away): only the window's
  /// root sees it, and what it does not take goes to another widget.
  case scrollElsewhere(deltaY: Double, source: ScrollSource)
  /// The touchpad's scroll stop with the pointer off the list.
  case stopElsewhere
  /// A tick of the GTK layer's quiet timer (it runs while the decisions say so).
  case touchpadQuietTick
  /// The app or a key moves the content (clamped by the adjustment).
  case setValue(Double)
  /// The content or the page changes size; the adjustment clamps the value.
  case resizeContent(upper: Double, pageSize: Double)
  /// A frame of the core's own fling.
  case tickFling
  /// A frame of GTK's kinetic scrolling.
  case tickGTKFling
  /// New options, applied from the next input.
  case setOptions(TopLockOptions)
  /// The host comes to rest `offset` px below its rest position, between pulls (a sheet settling).
  case settleHost(offset: Double)
}
