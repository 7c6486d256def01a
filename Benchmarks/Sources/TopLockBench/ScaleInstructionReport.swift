/// The outcome of `toplock-bench scale-instructions`, as text and as one JSON line, with the verdict on the
/// budget: for each window, instructions per input event attached over unattached; that ratio with 1,000
/// scrolled windows (in one native, and over the window and four popovers) at most 1.1 times the ratio with
/// one.
struct ScaleInstructionReport: Encodable {
  /// The budget on the largest windows' attached-over-unattached ratio over the smallest's (docs/RULES.md,
  /// "Budgets").
  static let growthBudget = 1.1
  /// How far A2 may differ from A1 for the counts to be the script's alone, as a fraction.
  static let noiseTolerance = 0.001

  /// One row per window, in `ScaleInstructionBenchmark.windows`' order: the smallest first.
  let rows: [ScaleInstructionRow]

  /// Each row's ratio over the first row's, with its window; `nil` where the first has no ratio.
  var growth: [(row: ScaleInstructionRow, growth: Double?)] {
    rows.map { row in
      (row, rows.first?.ratio.flatMap { smallest in row.ratio.map { $0 / smallest } })
    }
  }

  /// Whether every window's ratio is within `growthBudget` of the smallest's.
  var isWithinBudget: Bool { growth.allSatisfy { $0.growth.map { $0 <= Self.growthBudget } ?? false } }

  private enum CodingKeys: String, CodingKey {
    case mode, rows, growth, budgetGrowth, withinBudget, noiseTolerance
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(BenchMode.scaleInstructions.rawValue, forKey: .mode)
    try container.encode(rows, forKey: .rows)
    try container.encode(growth.map(\.growth), forKey: .growth)
    try container.encode(Self.growthBudget, forKey: .budgetGrowth)
    try container.encode(isWithinBudget, forKey: .withinBudget)
    try container.encode(Self.noiseTolerance, forKey: .noiseTolerance)
  }
}

extension ScaleInstructionReport: BenchReport {
  /// Whether the counts can be trusted: every pass counted, and each window's A2 within `noiseTolerance` of
  /// its A1.
  var isTrustworthy: Bool {
    !rows.isEmpty
      && rows.allSatisfy { row in
        row.stockA1 > 0 && row.topLock > 0 && abs(row.noise - 1) <= Self.noiseTolerance
      }
  }

  var text: String {
    let header = ["scrollers", "stock A1", "stock A2", "TopLock", "A2/A1", "added", "B/A", "B/A vs N=1"]
    let lines = growth.map { row, growth in
      [
        row.natives == 1 ? "\(row.scrollers)" : "\(row.scrollers) in \(row.natives)",
        FigureComparison.format(row.stockA1, 0), FigureComparison.format(row.stockA2, 0),
        FigureComparison.format(row.topLock, 0), FigureComparison.format(row.noise, 5),
        FigureComparison.format(row.topLock - row.stock, 0), FigureComparison.format(row.ratio, 4),
        "\(FigureComparison.format(growth, 3))x",
      ]
    }
    let table = ([header] + lines).map { cells in
      cells.map { String(repeating: " ", count: max(0, 13 - $0.count)) + $0 }.joined()
    }
    let largest = growth.dropFirst().map { row, growth in
      "\(row.natives == 1 ? "\(row.scrollers)" : "\(row.scrollers) over \(row.natives) natives"): "
        + "\(FigureComparison.format(growth, 3))x \(growth.map { $0 <= Self.growthBudget } ?? false ? "met" : "MISSED")"
    }
    return """
      scale-instructions: instructions per input event inside GTK's dispatch (callgrind), \
      \(rows.first?.eventsPerPass ?? 0) paced XTest events a pass (taps and a mouse drag over one list); \
      added: TopLock less stock; B/A: TopLock over stock
      \(table.joined(separator: "\n"))
      budget: B/A at each window / at N = \(rows.first?.scrollers ?? 0) (<= \(Self.growthBudget)x): \
      \(largest.joined(separator: "; "))
      """
  }

  var json: String { JSONLine.encode(self, mode: BenchMode.scaleInstructions.rawValue) }
}

/// One window's instruction counts per input event.
struct ScaleInstructionRow: Encodable {
  let scrollers: Int
  let natives: Int
  let eventsPerPass: Int
  /// Instructions per event in each pass: stock (two groups) and TopLock attached to every scrolled window.
  let stockA1: Double
  let stockA2: Double
  let topLock: Double

  /// The stock passes' mean.
  var stock: Double { (stockA1 + stockA2) / 2 }
  /// A2 over A1: 1 when the counts are the script's alone.
  var noise: Double { stockA1 > 0 ? stockA2 / stockA1 : 0 }
  /// TopLock over stock; `nil` when stock counted nothing.
  var ratio: Double? { stock > 0 ? topLock / stock : nil }

  private enum CodingKeys: String, CodingKey {
    case scrollers, natives, eventsPerPass, stockA1, stockA2, topLock, noise, ratio
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(scrollers, forKey: .scrollers)
    try container.encode(natives, forKey: .natives)
    try container.encode(eventsPerPass, forKey: .eventsPerPass)
    try container.encode(stockA1, forKey: .stockA1)
    try container.encode(stockA2, forKey: .stockA2)
    try container.encode(topLock, forKey: .topLock)
    try container.encode(noise, forKey: .noise)
    try container.encodeIfPresent(ratio, forKey: .ratio)
  }
}
