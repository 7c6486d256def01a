import Foundation
@_spi(Engine) import TopLockCore

/// How many inputs of each kind a workload holds, for the report: the figures mean something only for a
/// realistic mix.
struct InputMix {
  /// Each kind's name and count, most frequent first.
  let counts: [(kind: String, count: Int)]
  private let total: Int

  /// Counts the kinds in `inputs`.
  init(_ inputs: [ArbiterInput]) {
    var countByKind: [String: Int] = [:]
    for input in inputs {
      countByKind[Self.kind(of: input), default: 0] += 1
    }
    counts = countByKind.map { (kind: $0.key, count: $0.value) }.sorted { $0.count > $1.count }
    total = inputs.count
  }

  /// One line: each kind with its share in percent.
  var summary: String {
    counts.map { "\($0.kind) \(Self.percent($0.count, of: total))%" }.joined(separator: ", ")
  }

  private static func percent(_ count: Int, of total: Int) -> String {
    String(format: "%.2f", Double(count) * 100 / Double(max(total, 1)))
  }

  private static func kind(of input: ArbiterInput) -> String {
    switch input {
    case .dragBegan: "dragBegan"
    case .dragMoved: "dragMoved"
    case .dragEnded: "dragEnded"
    case .dragCancelled: "dragCancelled"
    case .handOffGestureTakenByGTK: "handOffGestureTakenByGTK"
    case .gtkDragBegan: "gtkDragBegan"
    case .gtkDragMotion: "gtkDragMotion"
    case .gtkDragWillEnd: "gtkDragWillEnd"
    case .optionsChanged: "optionsChanged"
    case .scrolled(_, .wheel, _, _, _, _): "scrolled(wheel)"
    case .scrolled(_, .touchpad, _, _, _, _): "scrolled(touchpad)"
    case .windowScrolled: "windowScrolled"
    case .windowPressed: "windowPressed"
    case .pressLanding: "pressLanding"
    case .touchpadQuiet: "touchpadQuiet"
    case .pullDroppedByHost: "pullDroppedByHost"
    case .touchpadScrollEnded: "touchpadScrollEnded"
    case .valueChanged: "valueChanged"
    case .contentSizeChanged: "contentSizeChanged"
    case .flingFrame: "flingFrame"
    case .momentumFromHost: "momentumFromHost"
    case .hostPressed: "hostPressed"
    }
  }
}
