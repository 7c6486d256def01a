import Testing

/// What the reference model (`SimulatedScroller`) found once GTK's drag became a gesture of its own there:
/// a press whose GTK drag the core denies before it decides the drag itself. Points in px, y downward.
struct GTKDragDenialTests {
  /// At the top, exactly the threshold down: GTK's drag would be past its threshold a hair early and set
  /// the value past the top, so the core denies it; the core itself is not past its threshold and decides
  /// nothing. The drag then goes up: the core leaves it to GTK's drag, which no longer scrolls anything.
  @Test func R7_gtksDragDeniedBeforeTheCoreDecides_anUpwardDragStillScrolls() {
    var scroller = SimulatedScroller()
    scroller.perform(.press(y: 300, threshold: 8))
    scroller.perform(.move(y: 308))
    scroller.perform(.move(y: 250))
    #expect(scroller.value == 50)
    #expect(scroller.violations.isEmpty, "\(scroller.violations)")
  }
}
