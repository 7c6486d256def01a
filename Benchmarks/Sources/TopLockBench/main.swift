import Foundation

// `toplock-bench`: measures TopLock against the budgets of docs/RULES.md ("Budgets"), one mode a run.
let command: BenchCommand
do {
  command = try BenchCommand(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("toplock-bench: \(error.message) (see --help)\n".utf8))
  exit(2)
}

exit(MainActor.assumeIsolated { command.run() })
