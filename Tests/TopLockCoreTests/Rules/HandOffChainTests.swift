import Testing
@_spi(Engine) import TopLockCore

/// How `HandOffChain` shares a movement between the host and the content.
struct HandOffChainTests {
  @Test func hostAway_takesEveryDownwardMovement() {
    var chain = HandOffChain(hostOffsetAtPress: 50, translation: 0, hasHost: true, lastPointerY: 0)
    #expect(chain.move(by: 40, metrics: .list(at: 300)) == 300)
    #expect(chain.translation == 40)
  }

  @Test func hostAtRest_contentTakesTheMovementFirst() {
    var chain = HandOffChain(hostOffsetAtPress: 0, translation: 0, hasHost: true, lastPointerY: 0)
    #expect(chain.move(by: 50, metrics: .list(at: 30)) == 0)
    #expect(chain.translation == 20)
  }

  @Test func upwardMovement_returnsTheHostThenScrollsTheContent() {
    var chain = HandOffChain(hostOffsetAtPress: 50, translation: 0, hasHost: true, lastPointerY: 0)
    #expect(chain.move(by: -80, metrics: .list(at: 0)) == 30)
    #expect(chain.translation == -50)
    #expect(!chain.isHostAway)
  }

  /// A host with an end (an outer scroller 30 px below its own top): the pull stops there, what goes
  /// further is dropped, and pushing back moves the host at once.
  @Test func hostWithALimit_stopsThere_andPushingBackMovesItAtOnce() {
    var chain = HandOffChain(
      hostOffsetAtPress: 0, translation: 0, hasHost: true, lastPointerY: 0, hostOffsetLimit: 30)
    #expect(chain.move(by: 80, metrics: .list(at: 0)) == 0)
    #expect(chain.translation == 30)
    #expect(chain.move(by: 40, metrics: .list(at: 0)) == 0)
    #expect(chain.translation == 30, "past the end, nothing more")
    #expect(chain.move(by: -10, metrics: .list(at: 0)) == 0)
    #expect(chain.translation == 20, "back at once")
    #expect(chain.move(by: -50, metrics: .list(at: 0)) == 30, "then the content scrolls")
    #expect(chain.translation == 0)
  }

  /// The limit a press and a touchpad sequence read from the host reaches the pull they start.
  @Test func hostOffsetLimit_fromThePressAndTheTouchpad_holdsThePull() {
    var arbiter = DragArbiter()
    _ = arbiter.handle(
      .dragBegan(DragStart(x: 0, y: 100, time: 0, metrics: .list(at: 0), hosts: .top(offset: 0, limit: 30))))
    let pulled = [120.0, 160, 200].map {
      arbiter.handle(.dragMoved(x: 0, y: $0, time: $0, metrics: .list(at: 0))).pull?.sample?.translation
    }
    let pushedBack = arbiter.handle(.dragMoved(x: 0, y: 190, time: 210, metrics: .list(at: 0)))
    #expect(pulled == [20, 30, nil], "held at the end: no change to tell")
    #expect(pushedBack.pull?.sample?.translation == 20)
    _ = arbiter.handle(.dragEnded(x: 0, y: 190, time: 220, metrics: .list(at: 0)))

    var touchpad = DragArbiter()
    let translations = (1...5).map { step in
      touchpad.handle(
        .scrolled(
          deltaY: -10, source: .touchpad, time: Double(step * 10), metrics: .list(at: 0),
          hosts: .top(offset: 0, limit: 25))
      ).pull?.sample?.translation
    }
    #expect(translations == [10, 20, 25, nil, nil])
  }

  @Test func translationGivenPastTheLimit_isHeldAtIt() {
    let chain = HandOffChain(
      hostOffsetAtPress: 10, translation: 100, hasHost: true, lastPointerY: 0, hostOffsetLimit: 50)
    #expect(chain.translation == 40)
    #expect(chain.hostOffset == 50)
  }

  @Test func returningHost_landsExactlyAtRest() {
    // 100.3 - 16.1 - (100.3 - 16.1) is 1.4e-14 in floating point, not 0.
    var chain = HandOffChain(hostOffsetAtPress: 100.3, translation: 0, hasHost: true, lastPointerY: 0)
    _ = chain.move(by: -16.1, metrics: .list(at: 0))
    _ = chain.move(by: -200, metrics: .list(at: 0))
    #expect(chain.hostOffset == 0)
    #expect(!chain.isHostAway)
  }

  @Test func contentShare_landsExactlyAtLower() {
    // 0.2 - (0.2 - (-0.1)) is just below -0.1 in floating point.
    var chain = HandOffChain(hostOffsetAtPress: 0, translation: 0, hasHost: true, lastPointerY: 0)
    let metrics = ScrollMetrics(value: 0.2, lower: -0.1, upper: 5_000, pageSize: 500)
    #expect(chain.move(by: 10, metrics: metrics) == -0.1)
  }

  @Test func withoutHost_dropsWhatTheContentCannotTake() {
    var chain = HandOffChain(hostOffsetAtPress: 0, translation: 0, hasHost: false, lastPointerY: 0)
    #expect(chain.move(by: 100, metrics: .list(at: 30)) == 0)
    #expect(chain.translation == 0)
    #expect(chain.hostOffset == 0)
  }

  @Test func atBottom_dropsWhatTheContentCannotTake() {
    var chain = HandOffChain(hostOffsetAtPress: 0, translation: 0, hasHost: true, lastPointerY: 0)
    #expect(chain.move(by: -100, metrics: .list(at: 9_480)) == 9_500)
    #expect(chain.translation == 0)
  }

  @Test func init_keepsTheHostAtOrBelowRest() {
    let withHost = HandOffChain(hostOffsetAtPress: 30, translation: -50, hasHost: true, lastPointerY: 0)
    let withoutHost = HandOffChain(hostOffsetAtPress: 30, translation: 40, hasHost: false, lastPointerY: 0)
    #expect(withHost.translation == -30)
    #expect(withoutHost.translation == 0)
  }
}
