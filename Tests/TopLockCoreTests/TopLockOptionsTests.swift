import Testing
import TopLockCore

/// `TopLockOptions`: the defaults, and `validate()` for the drag threshold.
struct TopLockOptionsTests {
  @Test func defaults_areTheDocumentedOnes() {
    let options = TopLockOptions()
    #expect(options.topPolicy == .lockAndHandOff)
    #expect(options.bottomPolicy == .stock)
    #expect(!options.mouseDragEnabled)
    #expect(options.touchpadPullEnabled)
    #expect(options.dragThreshold == nil)
  }

  @Test(arguments: [nil, 0, 0.5, 8] as [Double?])
  func validate_acceptsAMissingOrFiniteNonNegativeThreshold(threshold: Double?) throws {
    var options = TopLockOptions()
    options.dragThreshold = threshold
    try options.validate()
  }

  @Test(arguments: [Double.nan, -1, -0.001, .infinity, -.infinity])
  func validate_rejectsANaNNegativeOrInfiniteThreshold(threshold: Double) {
    var options = TopLockOptions()
    options.dragThreshold = threshold
    let error = #expect(throws: TopLockError.self) { try options.validate() }
    guard case .invalidOption(let name, let reason) = error else {
      Issue.record("expected invalidOption, got \(String(describing: error))")
      return
    }
    #expect(name == "dragThreshold")
    #expect(!reason.isEmpty)
  }
}
