/// What one painted frame cost, as `FrameRecorder` saw it. Times in ns.
struct FrameSample {
  /// When the frame's before-paint phase began (monotonic ns): the frame's place on the timeline.
  var start: Int64
  /// Time in the frame clock's flush-events phases since the previous painted frame: the input events
  /// GDK held back for this frame, dispatched to the widgets (and TopLock's drag handlers).
  var flushNanoseconds: Int64
  /// Time from the start of before-paint to the end of after-paint: ticks (kinetic scrolling), layout,
  /// snapshot and render.
  var paintNanoseconds: Int64
  /// The main thread's CPU time over the same phases as `workNanoseconds`: the work without the time the
  /// thread waited (for the X server) or was preempted (by other processes on a shared machine).
  var cpuNanoseconds: Int64
  /// Thread CPU time in TopLock's callbacks since the previous painted frame; 0 unless they are timed.
  var handlerNanoseconds: Int64

  /// The frame's work on the monotonic clock: event dispatch plus update, layout and paint.
  var workNanoseconds: Int64 { flushNanoseconds + paintNanoseconds }
}
