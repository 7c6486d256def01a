/// What `memory` measured for one `HostedScene`: windows of its cells built attached against the same
/// windows built stock (`BuiltAttachedMeasurement`, its scrollers counted as the scene's scrollers times its
/// cells), and attach/detach cycles of its host.
struct HostedMemoryMeasurement: Encodable {
  let scene: HostedScene
  let builtAttached: BuiltAttachedMeasurement
  let cycles: CycleMeasurement

  /// Heap bytes per instance of the scene: per scroller times the scene's scrollers.
  var heapBytesPerInstance: Double { builtAttached.heapBytesPerScroller * Double(scene.scrollers) }

  /// Whether the heap per scroller is under the budget per attached scroller.
  var isWithinBudget: Bool { builtAttached.heapBytesPerScroller < MemoryReport.bytesPerScrollerBudget }
}
