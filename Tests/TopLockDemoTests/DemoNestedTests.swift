import CTopLockGtk
import Foundation
import Testing
import TopLockTestSupport

/// Scroll chaining (rules C1 to C3) in `toplock-demo --scene nested`: a page that scrolls holding a 300 px
/// list chained to it, driven by real input from outside (the X11 mouse with XTest, mouse drag on; Broadway
/// touch with one and two fingers; sway's touchpad). The trace's `value` is the list's, `outer` the page's;
/// `overshoot` lines are GTK's `edge-overshot`, the page's with `"scroller":"page"`. The stock control,
/// `--scene nested --stock`, is two plain scrolled windows under the same input: the list overshoots its top
/// and the page stays.
///
/// Each test first scrolls the page down with the wheel over its title, so that it has room to scroll back.
@Suite(.serialized)
struct DemoNestedTests {
  private static let scene = ["--scene", "nested"]
  /// The largest accepted difference between a traced length and the pointer's, px.
  private static let tolerance = 1.0

  /// What a trace says of the chain.
  private struct Chain {
    let states: [TraceEvent]
    let listOvershoots: Int
    let pageOvershoots: Int

    init(_ events: [TraceEvent]) {
      states = events.filter { $0.name == "state" }
      listOvershoots = events.count { $0.name == "overshoot" && $0.string("scroller") == nil }
      pageOvershoots = events.count { $0.name == "overshoot" && $0.string("scroller") == "page" }
    }

    var outers: [Double] { states.compactMap { $0.number("outer") } }
    var values: [Double] { states.compactMap { $0.number("value") } }
    var last: TraceEvent? { states.last }

    var summary: String {
      "page \(outers.first ?? .nan) -> \(outers.last ?? .nan) px (least \(outers.min() ?? .nan)), list last "
        + "\(values.last ?? .nan) px (most \(values.max() ?? .nan)); overshoots: list \(listOvershoots), page "
        + "\(pageOvershoots)"
    }
  }

  /// Scrolls the page down with `clicks` wheel notches over its title and returns the page's value then
  /// (from the trace) and where the list lies, in root px; `nil` when the trace says nothing of it.
  private static func scrollThePage(
    _ pointer: ServerPointer, ready: TraceEvent, clicks: Int, run: DemoRun
  ) -> (outer: Double, list: TraceEvent.Rectangle)? {
    guard let page = ready.rectangle("page"), let list = ready.rectangle("list") else { return nil }
    pointer.wheelDown(atX: page.x + page.width / 2, y: page.y + 30, clicks: clicks)
    pointer.wait(milliseconds: 800)
    var outer: Double?
    while let line = run.nextLine(withinSeconds: 0.3), let event = TraceEvent(line) {
      if let value = event.number("outer") { outer = value }
    }
    guard let outer else { return nil }
    return (outer, TraceEvent.Rectangle(x: list.x, y: list.y - outer, width: list.width, height: list.height))
  }

  /// Runs the nested scene (`stock`: its control) on a private X server for `seconds` s, scrolls the page
  /// down by `clicks` notches, calls `drive` with the pointer and the list's rectangle then, and returns the
  /// page's value before `drive` and the trace lines `drive` caused.
  private func trace(
    stock: Bool = false, clicks: Int = 3, seconds: Int = 4,
    drive: (ServerPointer, TraceEvent.Rectangle) -> Void
  ) throws -> (outerBefore: Double, events: [TraceEvent]) {
    let server = try PrivateXServer()
    defer { server.stop() }
    let run = try DemoRun(
      ["--trace", "--quit-after", "\(seconds)"] + Self.scene + (stock ? ["--stock"] : []),
      display: server.display)
    let ready = try #require(run.nextLine().flatMap(TraceEvent.init))
    let pointer = try #require(ServerPointer(display: server.display))
    let scrolled = try #require(Self.scrollThePage(pointer, ready: ready, clicks: clicks, run: run))
    try #require(scrolled.outer > 150, "the wheel scrolled the page: \(scrolled.outer) px")
    drive(pointer, scrolled.list)
    pointer.close()
    let (status, lines, errors) = run.finish()
    #expect(status == 0)
    #expect(DemoRun.unexplainedLines(in: errors).isEmpty, "the demo printed on standard error: \(errors)")
    return (scrolled.outer, lines.compactMap(TraceEvent.init))
  }

  /// C1 both ways in one drag: 120 px down at the list's top scrolls the page 120 px back toward its top
  /// (the list stays at its top); 200 px back up returns the page to where it was, then scrolls the list
  /// the last 80 px. The stock control: GTK's page takes the whole drag (its drag gesture sees the press
  /// first), so the page goes 80 px past where it was and the list never scrolls.
  @Test(arguments: [false, true])
  func nested_mouseDragDownAtTheListsTop_scrollsThePage_thenPushingBackReturnsItAndScrollsTheList(
    stock: Bool
  ) throws {
    let (outerBefore, events) = try trace(stock: stock) { pointer, list in
      let x = list.x + list.width / 2
      let y = list.y + 100
      pointer.move(toX: x, y: y)
      pointer.wait(milliseconds: 100)
      pointer.press()
      pointer.move(toX: x, y: y + 1)
      pointer.wait(milliseconds: ServerPointer.settleMilliseconds)
      pointer.moveHeld(verticalDistance: 120, fromX: x, y: y, steps: 24)
      pointer.wait(milliseconds: 100)
      pointer.moveHeld(verticalDistance: -200, fromX: x, y: y + 120, steps: 40)
      pointer.wait(milliseconds: 150)
      pointer.release()
      pointer.wait(milliseconds: 600)
    }
    let chain = Chain(events)
    let down = chain.states.prefix { ($0.number("outer") ?? 0) > outerBefore - 120 + Self.tolerance }
    print(
      "figure: demo nested\(stock ? " --stock" : ""), 120 px down then 200 px up at the list's top: \(chain.summary)"
    )
    #expect(abs((chain.outers.min() ?? .nan) - (outerBefore - 120)) <= Self.tolerance, "the page came 120 px")
    #expect(down.allSatisfy { $0.number("value") == 0 }, "the list stayed at its top while the page moved")
    if stock {
      #expect(abs((chain.outers.last ?? .nan) - (outerBefore + 80)) <= Self.tolerance, "the page took it all")
      #expect(chain.values.allSatisfy { $0 == 0 }, "the stock list never scrolled")
    } else {
      #expect(abs((chain.outers.last ?? .nan) - outerBefore) <= Self.tolerance, "the page went back")
      #expect(abs((chain.values.last ?? .nan) - 80) <= Self.tolerance, "then the list scrolled 80 px")
      #expect(chain.listOvershoots == 0)
      #expect(chain.pageOvershoots == 0)
    }
  }

  /// C1 at the list's bottom, mirrored (B1): with the list scrolled to its bottom by the wheel, 120 px up
  /// scrolls the page 120 px further down (the list stays at its bottom); 200 px back down returns the page,
  /// then scrolls the list 80 px up. The stock control: GTK's page takes the whole drag, so it ends 80 px
  /// above where it was and the list never moves. It runs on GTK 4.8 and 4.18 only: from 4.22 GTK chains the
  /// stock list's wheel scrolling into the page, so the wheel that takes the list to its bottom takes the
  /// page to its own (measured on 4.24: 246 to 712 px), and the page has no room left to show the drag.
  @Test(arguments: [false, true])
  func nested_mouseDragUpAtTheListsBottom_scrollsThePageOn_thenPushingBackReturnsItAndScrollsTheList(
    stock: Bool
  ) throws {
    guard !stock || gtk_get_minor_version() < 22 else {
      print("figure: demo nested --stock at the list's bottom: not run on GTK 4.\(gtk_get_minor_version())")
      return
    }
    let (outerBefore, events) = try trace(stock: stock, seconds: 7) { pointer, list in
      let x = list.x + list.width / 2
      pointer.wheelDown(atX: x, y: list.y + 150, clicks: 60)
      pointer.wait(milliseconds: 800)
      let y = list.y + 200
      pointer.move(toX: x, y: y)
      pointer.wait(milliseconds: 100)
      pointer.press()
      pointer.move(toX: x, y: y - 1)
      pointer.wait(milliseconds: ServerPointer.settleMilliseconds)
      pointer.moveHeld(verticalDistance: -120, fromX: x, y: y, steps: 24)
      pointer.wait(milliseconds: 100)
      pointer.moveHeld(verticalDistance: 200, fromX: x, y: y - 120, steps: 40)
      pointer.wait(milliseconds: 150)
      pointer.release()
      pointer.wait(milliseconds: 600)
    }
    expectUpThenBackAtTheListsBottom(
      Chain(events), outerBefore: outerBefore, stock: stock, input: "mouse drag")
  }

  /// What a drag 120 px up then 200 px down on the list at its bottom must leave (`chain`, the page at
  /// `outerBefore` px before it), printed as a figure after `input`: the page went 120 px on while the list
  /// stayed at its bottom; then, with TopLock, the page went back and the list scrolled 80 px up, nothing
  /// overshooting, and in the stock control the page took the whole drag and the list never scrolled.
  private func expectUpThenBackAtTheListsBottom(
    _ chain: Chain, outerBefore: Double, stock: Bool, input: String
  ) {
    let listBottom = chain.values.max() ?? .nan
    let pageAway = chain.states.filter { ($0.number("outer") ?? 0) > outerBefore + Self.tolerance }
    print(
      "figure: demo nested\(stock ? " --stock" : ""), \(input) 120 px up then 200 px down at the list's "
        + "bottom (\(listBottom) px): \(chain.summary)")
    #expect(abs((chain.outers.max() ?? .nan) - (outerBefore + 120)) <= Self.tolerance, "the page went 120 px")
    #expect(!pageAway.isEmpty && pageAway.allSatisfy { $0.number("value") == listBottom }, "the list stayed")
    if stock {
      #expect(abs((chain.outers.last ?? .nan) - (outerBefore - 80)) <= Self.tolerance, "the page took it all")
      #expect(chain.values.last == listBottom, "the stock list never scrolled under the \(input)")
    } else {
      #expect(abs((chain.outers.last ?? .nan) - outerBefore) <= Self.tolerance, "the page went back")
      #expect(
        abs((chain.values.last ?? .nan) - (listBottom - 80)) <= Self.tolerance, "then the list scrolled 80 px"
      )
      #expect(chain.listOvershoots == 0)
      #expect(chain.pageOvershoots == 0)
    }
  }

  /// C1 at the page's own top: a pull further than the page can go stops it at its top without overshoot,
  /// and pushing back scrolls it back at once, with no travel lost.
  @Test func nested_pullPastThePagesTop_stopsThere_andPushingBackMovesItAtOnce() throws {
    var pagePull = 0.0
    let (outerBefore, events) = try trace(clicks: 3) { pointer, list in
      let x = list.x + list.width / 2
      let y = list.y + 20
      pagePull = 350
      pointer.move(toX: x, y: y)
      pointer.wait(milliseconds: 100)
      pointer.press()
      pointer.move(toX: x, y: y + 1)
      pointer.wait(milliseconds: ServerPointer.settleMilliseconds)
      pointer.moveHeld(verticalDistance: pagePull, fromX: x, y: y, steps: 50)
      pointer.wait(milliseconds: 100)
      pointer.moveHeld(verticalDistance: -50, fromX: x, y: y + pagePull, steps: 10)
      pointer.wait(milliseconds: 200)
      pointer.release()
      pointer.wait(milliseconds: 600)
    }
    let chain = Chain(events)
    print(
      "figure: demo nested, \(pagePull) px pull from a page at \(outerBefore) px, then 50 px back: \(chain.summary)"
    )
    try #require(outerBefore < pagePull - 60, "the pull goes past the page's top")
    #expect(chain.outers.min() == 0, "the page reached its top")
    #expect(abs((chain.outers.last ?? .nan) - 50) <= Self.tolerance, "50 px back moved the page 50 px")
    #expect(chain.pageOvershoots == 0)
    #expect(chain.listOvershoots == 0)
  }

  /// C2: a fling of the list released short of its top (a 192 px drag at about 1,000 px/s with the list
  /// 220 px down) reaches its top still moving, and that velocity flings the page on; no pull happens. The
  /// stock control: GTK's page takes the drag, so the list neither scrolls nor reaches its top.
  @Test(arguments: [false, true])
  func nested_listFlingReachingItsTop_flingsThePageOn_whereStockGivesThePageTheDrag(stock: Bool) throws {
    let (outerBefore, events) = try trace(stock: stock) { pointer, list in
      let x = list.x + list.width / 2
      pointer.wheelDown(atX: x, y: list.y + 150, clicks: 5)
      pointer.wait(milliseconds: 600)
      pointer.move(toX: x, y: list.y + 40)
      pointer.wait(milliseconds: 100)
      pointer.press()
      pointer.move(toX: x, y: list.y + 41)
      pointer.wait(milliseconds: ServerPointer.settleMilliseconds)
      pointer.moveHeld(verticalDistance: 192, fromX: x, y: list.y + 40, steps: 12)
      pointer.release()
      pointer.wait(milliseconds: 1_500)
    }
    let chain = Chain(events)
    let listScrolled = chain.values.max() ?? 0
    print(
      "figure: demo nested\(stock ? " --stock" : ""), a fling down toward the list's top from \(listScrolled) px: "
        + "\(chain.summary)")
    try #require(listScrolled > 200, "the wheel scrolled the list")
    if stock {
      #expect(abs((chain.last?.number("value") ?? .nan) - listScrolled) <= Self.tolerance, "the list stayed")
    } else {
      #expect(!chain.states.contains { $0.string("owner") == "host" }, "released short of the top: no pull")
      #expect(chain.last?.number("value") == 0, "the list flung to its top")
      #expect(chain.listOvershoots == 0)
      #expect(chain.pageOvershoots == 0)
      #expect((chain.outers.last ?? .nan) < outerBefore - 20, "the page flung on")
    }
  }

  // MARK: - Broadway touch and sway's touchpad

  /// Runs the nested scene on `environment`'s display, scrolls the page by dragging its text up (`drag`,
  /// given the page's rectangle), then runs `chainDrive` with the list's rectangle then; returns the page's
  /// value before `chainDrive` and what followed.
  private func chainTrace(
    stock: Bool = false, seconds: Int = 5, environment: [String: String],
    scrollPage: (TraceEvent.Rectangle) throws -> Void,
    chainDrive: (TraceEvent.Rectangle) throws -> Void
  ) throws -> (outerBefore: Double, events: [TraceEvent]) {
    let demo = try DemoTraceProcess.start(
      environment: environment, quitAfter: "\(seconds)", arguments: Self.scene + (stock ? ["--stock"] : []))
    defer { demo.stop() }
    let ready = try #require(demo.nextTraceEvent())
    let page = try #require(ready.rectangle("page"))
    let list = try #require(ready.rectangle("list"))
    try scrollPage(page)
    let scrolled = demo.drainTrace()
    let outerBefore = try #require(scrolled.last { $0.number("outer") != nil }?.number("outer"))
    try #require(outerBefore > 150, "the page scrolled: \(outerBefore) px")
    try chainDrive(
      TraceEvent.Rectangle(x: list.x, y: list.y - outerBefore, width: list.width, height: list.height))
    let (events, status) = demo.finishTrace()
    #expect(status == 0)
    return (outerBefore, events)
  }

  /// Under Broadway: scrolls the page by a touch drag of `pageTravel` px on its text, then runs `chainDrive`
  /// with the touchscreen, the surface and the list's rectangle then (`chainTrace`).
  private func touchChainTrace(
    stock: Bool = false, seconds: Int = 5, pageTravel: Double,
    chainDrive: (BroadwayTouchscreen, Int, TraceEvent.Rectangle) throws -> Void
  ) throws -> (outerBefore: Double, events: [TraceEvent]) {
    let touchscreen = try BroadwayTouchscreen()
    defer { touchscreen.stop() }
    var surface = 0
    return try chainTrace(
      stock: stock, seconds: seconds, environment: touchscreen.applicationEnvironment,
      scrollPage: { page in
        surface = try touchscreen.waitForNewSurface().id
        try touchscreen.drag(
          .drag(dy: pageTravel, holdBeforeReleaseMilliseconds: 300),
          from: WidgetPoint(x: page.x + page.width / 2, y: page.y + 300), on: surface)
        touchscreen.hold(milliseconds: 1_000)
      },
      chainDrive: { list in try chainDrive(touchscreen, surface, list) })
  }

  @Test func nested_touchDragDownAtTheListsTop_scrollsThePageOneToOne() throws {
    let (outerBefore, events) = try touchChainTrace(pageTravel: -250) { touchscreen, surface, list in
      try touchscreen.drag(
        .drag(dy: 120, holdBeforeReleaseMilliseconds: 300),
        from: WidgetPoint(x: list.x + list.width / 2, y: list.y + 100), on: surface)
    }
    let chain = Chain(events)
    print("figure: demo nested under Broadway, a 120 px touch drag down at the list's top: \(chain.summary)")
    #expect(abs((chain.outers.min() ?? .nan) - (outerBefore - 120)) <= Self.tolerance)
    #expect(chain.values.allSatisfy { $0 == 0 }, "the list stayed at its top")
    #expect(chain.listOvershoots == 0)
    #expect(chain.pageOvershoots == 0)
  }

  /// C3 at the list's bottom by touch: with the list wheeled to its bottom (Broadway's wheel), one finger drags
  /// 120 px up on it, then 200 px down: the page goes 120 px on while the list stays at its bottom, then comes
  /// back, then the list scrolls 80 px up, in one gesture. The stock control, on GTK 4.8 and 4.18 as the
  /// mouse's (`nested_mouseDragUpAtTheListsBottom_...`): the stock page takes the whole drag, 80 px back past
  /// where it was, and the stock list never scrolls under the finger.
  @Test(arguments: [false, true])
  func nested_touchDragUpAtTheListsBottom_scrollsThePageOn_thenBackAndTheList(stock: Bool) throws {
    guard !stock || gtk_get_minor_version() < 22 else {
      print(
        "figure: demo nested --stock, touch at the list's bottom: not run on GTK 4.\(gtk_get_minor_version())"
      )
      return
    }
    let (outerBefore, events) = try touchChainTrace(stock: stock, seconds: 9, pageTravel: -250) {
      touchscreen, surface, list in
      let start = WidgetPoint(x: list.x + list.width / 2, y: list.y + 200)
      try touchscreen.wheelDown(clicks: 60, at: start, on: surface)
      touchscreen.hold(milliseconds: 800)
      var finger = try touchscreen.down(at: start, on: surface)
      finger = try touchscreen.move(
        finger, to: WidgetPoint(x: start.x, y: start.y - 1), steps: 1, stepMilliseconds: 1)
      touchscreen.hold(milliseconds: 50)
      finger = try touchscreen.move(
        finger, to: WidgetPoint(x: start.x, y: start.y - 120), steps: 24, stepMilliseconds: 16)
      touchscreen.hold(milliseconds: 100)
      finger = try touchscreen.move(
        finger, to: WidgetPoint(x: start.x, y: start.y + 80), steps: 40, stepMilliseconds: 16)
      touchscreen.hold(milliseconds: 300)
      try touchscreen.up(finger)
      touchscreen.hold(milliseconds: 600)
    }
    let chain = Chain(events)
    try #require((chain.values.max() ?? 0) > 1_000, "the wheel took the list down")
    expectUpThenBackAtTheListsBottom(
      chain, outerBefore: outerBefore, stock: stock, input: "finger (Broadway)")
  }

  /// Two fingers: the second lands during the first's chained drag, moves along and lifts first; up to the
  /// first finger's release the page follows it alone, 200 px in all (the second, on the list too, is the
  /// list's, not the page's); the release, 100 ms after the last motion, may fling it on.
  @Test func nested_touchWithASecondFinger_thePageFollowsTheFirst() throws {
    var firstTravel = 0.0
    let (outerBefore, events) = try touchChainTrace(pageTravel: -290) { touchscreen, surface, list in
      firstTravel = try touchscreen.pullWithASecondFinger(
        firstAt: WidgetPoint(x: list.x + list.width / 3, y: list.y + 40),
        secondAt: WidgetPoint(x: list.x + list.width * 2 / 3, y: list.y + 40), on: surface)
    }
    let chain = Chain(events)
    let expected = max(0, outerBefore - firstTravel)
    let atRelease = chain.states.last { $0.string("owner") == "host" }?.number("outer")
    print(
      "figure: demo nested under Broadway, two fingers, the first \(firstTravel) px: page at the release "
        + "\(atRelease ?? .nan) px; \(chain.summary)")
    #expect(abs((atRelease ?? .nan) - expected) <= Self.tolerance, "the page followed the first finger alone")
    #expect((chain.outers.last ?? .nan) <= (atRelease ?? .nan), "then flung on toward its top, if at all")
    #expect(chain.listOvershoots == 0)
    #expect(chain.pageOvershoots == 0)
  }

  /// Under sway: runs the nested scene, waits for sway to tile its window, places the pointer on the page's
  /// text 30 px below its top and runs `scrollPage`, then places it on the list, `listDepth` px below the list's
  /// top then, and runs `chainDrive` 200 ms later (`chainTrace`).
  private func swayChainTrace(
    stock: Bool = false, scrollPage: (WaylandVirtualPointer) throws -> Void, listDepth: Double,
    chainDrive: (WaylandVirtualPointer) throws -> Void
  ) throws -> (outerBefore: Double, events: [TraceEvent]) {
    let sway = try HeadlessSway(
      outputWidth: DemoWaylandTests.outputSize.width, outputHeight: DemoWaylandTests.outputSize.height)
    defer { sway.stop() }
    let pointer = try WaylandVirtualPointer(on: sway)
    defer { pointer.stop() }
    var pageFrame: TraceEvent.Rectangle?
    return try chainTrace(
      stock: stock, environment: sway.applicationEnvironment,
      scrollPage: { page in
        pageFrame = page
        try sway.waitForATiledWindow()
        try pointer.place(
          at: try DemoWaylandTests.outputPoint(
            WidgetPoint(x: page.x + page.width / 2, y: page.y + 30), list: page))
        try scrollPage(pointer)
        usleep(600_000)
      },
      chainDrive: { list in
        guard let page = pageFrame else { return }
        try pointer.place(
          at: try DemoWaylandTests.outputPoint(
            WidgetPoint(x: list.x + list.width / 2, y: list.y + listDepth), list: page))
        usleep(200_000)
        try chainDrive(pointer)
      })
  }

  /// C3: a two-finger touchpad pull at the list's top: the list's sequence scrolls the page 2.5 px a unit.
  @Test func nested_touchpadPullAtTheListsTop_scrollsThePage() throws {
    let swipe = TouchpadSwipe.resting(-4, count: 10)
    let (outerBefore, events) = try swayChainTrace(
      scrollPage: { pointer in
        let down = TouchpadSwipe.resting(8, count: 12)
        try pointer.swipe(deltas: down.deltas, stepMilliseconds: down.stepMilliseconds)
        try pointer.scrollStop(afterMilliseconds: down.stopAfterMilliseconds)
      },
      listDepth: 100,
      chainDrive: { pointer in
        try pointer.swipe(deltas: swipe.deltas, stepMilliseconds: swipe.stepMilliseconds)
        try pointer.scrollStop(afterMilliseconds: swipe.stopAfterMilliseconds)
      })
    let chain = Chain(events)
    let pulled = -DemoWaylandTests.pixelsPerUnit * swipe.total
    print("figure: demo nested under sway, a \(pulled) px touchpad pull at the list's top: \(chain.summary)")
    #expect(abs((chain.outers.min() ?? .nan) - max(0, outerBefore - pulled)) <= Self.tolerance)
    #expect(chain.values.allSatisfy { $0 == 0 }, "the list stayed at its top")
    #expect(chain.listOvershoots == 0)
    #expect(chain.pageOvershoots == 0)
  }

  /// C3 at the list's bottom: with the list wheeled to its bottom, a two-finger touchpad push up on it
  /// scrolls the page on, 2.5 px a unit, while the list stays at its bottom. The stock control: the push
  /// overshoots the stock list's bottom and leaves the page where it was. It runs on GTK 4.8 and 4.18 only,
  /// as the mouse's does (`nested_mouseDragUpAtTheListsBottom_...`): from 4.22 GTK chains the stock list's
  /// wheel into the page, so the wheel that takes the list to its bottom moves the page too.
  @Test(arguments: [false, true])
  func nested_touchpadPushAtTheListsBottom_scrollsThePageOn(stock: Bool) throws {
    guard !stock || gtk_get_minor_version() < 22 else {
      print(
        "figure: demo nested --stock, touchpad at the list's bottom: not run on GTK 4.\(gtk_get_minor_version())"
      )
      return
    }
    let swipe = TouchpadSwipe.resting(4, count: 10)
    let (outerBefore, events) = try swayChainTrace(
      stock: stock, scrollPage: { pointer in try pointer.wheel(steps: 4) }, listDepth: 150,
      chainDrive: { pointer in
        try pointer.wheel(steps: 60)
        usleep(800_000)
        try pointer.swipe(deltas: swipe.deltas, stepMilliseconds: swipe.stepMilliseconds)
        try pointer.scrollStop(afterMilliseconds: swipe.stopAfterMilliseconds)
      })
    let chain = Chain(events)
    let pushed = DemoWaylandTests.pixelsPerUnit * swipe.total
    let listBottom = chain.values.max() ?? .nan
    let pageAway = chain.states.filter { ($0.number("outer") ?? 0) > outerBefore + Self.tolerance }
    print(
      "figure: demo nested\(stock ? " --stock" : "") under sway, a \(pushed) px touchpad push at the list's "
        + "bottom (\(listBottom) px): \(chain.summary)")
    if stock {
      #expect(chain.listOvershoots > 0, "the stock list overshoots its bottom")
      #expect(abs((chain.outers.max() ?? .nan) - outerBefore) <= Self.tolerance, "the page stayed")
    } else {
      #expect(
        abs((chain.outers.max() ?? .nan) - (outerBefore + pushed)) <= Self.tolerance, "the page went on")
      #expect(
        !pageAway.isEmpty && pageAway.allSatisfy { $0.number("value") == listBottom }, "the list stayed")
      #expect(chain.listOvershoots == 0)
      #expect(chain.pageOvershoots == 0)
    }
  }
}
