import Foundation

// `toplock-bench`: measures TopLock against the budgets of docs/RULES.md ("Budgets"), one mode a run.
let command: BenchCommand
do {
  command = try BenchCommand(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("toplock-bench: \(error.message) (see --help)\n".utf8))
  exit(2)
}

switch command {
case .help:
  print(BenchCommand.usage)
case .core(let eventCount):
  exit(CoreBenchmark(eventCount: eventCount).run())
case .frames(let settings):
  exit(MainActor.assumeIsolated { FramesBenchmark(settings: settings).run() })
case .memory(let settings):
  exit(MainActor.assumeIsolated { MemoryBenchmark(settings: settings).run() })
case .scale(let settings):
  exit(MainActor.assumeIsolated { ScaleBenchmark(settings: settings).run() })
case .lag:
  exit(MainActor.assumeIsolated { LagBenchmark().run() })
case .startup(let settings):
  exit(StartupBenchmark(settings: settings).run())
case .bareWindow:
  exit(MainActor.assumeIsolated { BareWindow.run() })
}
