/// The modes of `toplock-bench`, one budget of DESIGN.md each, named by the first argument. A new mode is a
/// case here, a case of `BenchCommand` and its parser.
enum BenchMode: String, CaseIterable {
  /// The core decision budget: time and heap allocations per `DragArbiter.handle(_:)`.
  case core

  /// One line for `--help`: what the mode measures.
  var summary: String {
    switch self {
    case .core:
      "times DragArbiter.handle(_:) over a generated mix of inputs (budget: < 100 ns, 0 allocations each)"
    }
  }

  /// The mode's options for `--help`, one line each.
  var optionLines: [String] {
    switch self {
    case .core:
      ["--events N  how many inputs to generate and time (default \(BenchCommand.defaultEventCount))"]
    }
  }
}
