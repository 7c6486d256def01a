import Foundation

// The trace's `t` counts from here.
_ = ProgramClock.start

do throws(DemoUsageError) {
  switch try DemoCommand(arguments: Array(CommandLine.arguments.dropFirst())) {
  case .help:
    print(DemoCommand.usage)
    exit(0)
  case .run(let options):
    exit(MainActor.assumeIsolated { DemoApplication(options: options).run() })
  }
} catch {
  FileHandle.standardError.write(Data((error.line + "\n").utf8))
  exit(2)
}
