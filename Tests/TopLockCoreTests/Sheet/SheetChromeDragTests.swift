import Testing
@_spi(Engine) import TopLockCore

/// A drag on the sheet's chrome: a click until the travel passes the threshold, then a pull by the whole
/// travel, with the pointer's velocity.
struct SheetChromeDragTests {
  @Test func withinTheThreshold_isAClick_thenPullsByTheWholeTravel() {
    var drag = SheetChromeDrag(pressY: 100, time: 0, threshold: 8)
    #expect(drag.move(y: 106, time: 10) == nil)
    #expect(drag.move(y: 92, time: 15) == nil)
    #expect(!drag.isDragging)
    #expect(drag.move(y: 109, time: 20) == 9)
    #expect(drag.move(y: 104, time: 30) == 4, "once a drag, even back within the threshold")
    #expect(drag.move(y: 40, time: 40) == -60)
    #expect(drag.isDragging)
  }

  @Test func velocity_isThePointers() {
    var drag = SheetChromeDrag(pressY: 0, time: 0, threshold: 8)
    for step in 1...10 {
      _ = drag.move(y: Double(step * 10), time: Double(step * 10))
    }
    #expect(abs(drag.velocity - 1000) < 1, "10 px every 10 ms")
  }
}
