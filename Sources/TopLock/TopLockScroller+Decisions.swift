import CTopLock
import CTopLockGtk
@_spi(Engine) import TopLockCore
import TopLockGObject

/// The core's decisions applied to GTK, and pull events delivered to the host.
extension TopLockScroller {
  /// Applies `decision`. Not re-entrant: the value writes here emit `value-changed` synchronously, and
  /// `isApplying` keeps them from reaching the core as GTK motion (the core knows the values it set).
  /// The host hears last, and may call back into the scroller from there.
  func apply(_ decision: ArbiterDecision) {
    if let handOffGesture = hooks.hub?.gesture(followingPressOf: self) {
      switch decision.gesture {
      case .unchanged: break
      case .claim: gtk_gesture_set_state(handOffGesture, GTK_EVENT_SEQUENCE_CLAIMED)
      case .deny: gtk_gesture_set_state(handOffGesture, GTK_EVENT_SEQUENCE_DENIED)
      }
      if decision.resetsHandOffGesture {
        press = nil
        gtk_event_controller_reset(handOffGesture)
      }
    }
    if decision.resetsHandOffGesture, press != nil, hooks.hub?.gesture(followingPressOf: self) == nil {
      // A press the event watch follows (GTK took the hand-off gesture from it): dropped as a reset would.
      press = nil
      hub?.stopWatchingPress(of: self)
    }
    if decision.deniesGTKDrag, scrolledWindow != nil {
      internals.denyGTKDrag()
    }
    isApplying = true
    setValues(of: decision)
    isApplying = false
    switch decision.fling {
    case .start, .startPan: startFlingTicks()
    case .stop: stopFlingTicks()
    case nil: break
    }
    mirrorCoreState()
    if let pull = decision.pull {
      deliver(pull, at: decision.hostEdge)
    }
    if let velocity = decision.momentumToHost {
      host(at: decision.hostEdge)?.listFlingReachedTop(velocity: velocity)
    }
    onStateChange?(self)
  }

  /// Brings what GTK and the input hub mirror of the core's state in step with it, changing only what
  /// differs: GTK's touchpad fling flag, the quiet timer (and with it the hub's routing of the window's scroll
  /// events), and the hub's press-landing watch. Run after every decision, empty ones included, so that
  /// none can leave them out of step. A detached scroller mirrors nothing: GTK's flags are restored.
  func mirrorCoreState() {
    guard scrolledWindow != nil else { return }
    internals.allowTouchpadKinetic(arbiter.allowsTouchpadFling)
    if arbiter.watchesTouchpadQuiet != (touchpadQuietTimer != nil) {
      if arbiter.watchesTouchpadQuiet {
        startTouchpadQuietTimer()
      } else {
        stopTouchpadQuietTimer()
      }
    }
    if arbiter.awaitsPressLanding {
      hub?.awaitPressLanding(by: self)
    } else {
      hub?.stopAwaitingPressLanding(by: self)
    }
  }

  private func setValues(of decision: ArbiterDecision) {
    guard let widget = scrolledWindow, let adjustment = hooks.adjustment else { return }
    if let horizontalValue = decision.newHorizontalValue,
      let horizontal = gtk_scrolled_window_get_hadjustment(OpaquePointer(widget))
    {
      gtk_adjustment_set_value(horizontal, horizontalValue)
    }
    if let newValue = decision.newValue {
      gtk_adjustment_set_value(adjustment, newValue)
    }
    if decision.stopsKinetic {
      internals.stopGTKKineticScrolling(
        of: widget, adjustment: adjustment,
        horizontalSet: decision.newHorizontalValue == nil
          ? nil : gtk_scrolled_window_get_hadjustment(OpaquePointer(widget)),
        mouseDragEnabled: options.mouseDragEnabled)
    } else if decision.resyncsGTKValue {
      ScrolledWindowInternals.resyncValue(of: adjustment, in: widget)
    }
  }

  /// The host of `edge`: `host` at the top, `bottomHost` at the bottom.
  private func host(at edge: ScrollEdge) -> (any TopLockHost)? {
    edge == .top ? host : bottomHost
  }

  /// Tells the host of `edge` of `pull`, keeping what it hears well formed: began, changed any number of
  /// times, then ended or cancelled. A host may call back into the scroller from a pull event (`detach()`,
  /// `setOptions(_:)`) and so end the pull inside `pullBegan`; what this delivery still had to say of that
  /// pull is then dropped.
  private func deliver(_ pull: PullEvent, at edge: ScrollEdge) {
    guard let host = host(at: edge) else { return }
    switch pull {
    case .began(let sample):
      let number = pullDelivery.begin()
      host.pullBegan()
      guard pullDelivery.isOpen(number) else { return }
      host.pullChanged(translation: sample.translation, velocity: sample.velocity)
    case .changed(let sample):
      guard pullDelivery.isOpen else { return }
      host.pullChanged(translation: sample.translation, velocity: sample.velocity)
    case .ended(let velocity):
      guard pullDelivery.end() else { return }
      host.pullEnded(velocity: velocity)
    case .cancelled:
      guard pullDelivery.end() else { return }
      host.pullCancelled()
    }
  }

  private func startFlingTicks() {
    guard let widget = scrolledWindow else { return }
    stopFlingTicks()
    flingTicks = ElapsedFrameTicks(on: widget) { [weak self] elapsed in
      self?.flingTick(elapsed: elapsed) ?? false
    }
  }

  func stopFlingTicks() {
    flingTicks?.remove()
    flingTicks = nil
  }

  private func startTouchpadQuietTimer() {
    guard scrolledWindow != nil else { return }
    stopTouchpadQuietTimer()
    let interval = guint(Tuning.milliseconds(Tuning.touchpadQuietPoll))
    touchpadQuietTimer = MainLoopSource(intervalMilliseconds: interval) { [weak self] in
      self?.touchpadQuietTick() ?? false
    }
    hub?.followTouchpad(by: self)
  }

  func stopTouchpadQuietTimer() {
    touchpadQuietTimer?.remove()
    touchpadQuietTimer = nil
    hub?.stopFollowingTouchpad(by: self)
  }
}

/// What the host has been told of pulls: which one is open (told it began, not yet that it ended).
struct PullDelivery {
  private var pullsBegun = 0
  private var openPull: Int?

  /// Whether a pull is open.
  var isOpen: Bool { openPull != nil }

  /// Whether pull `number` is still the open one.
  func isOpen(_ number: Int) -> Bool { openPull == number }

  /// Opens a new pull and returns its number.
  mutating func begin() -> Int {
    pullsBegun += 1
    openPull = pullsBegun
    return pullsBegun
  }

  /// Closes the open pull; returns whether there was one.
  mutating func end() -> Bool {
    defer { openPull = nil }
    return openPull != nil
  }
}
