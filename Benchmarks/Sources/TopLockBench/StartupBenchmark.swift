import Foundation

/// `toplock-bench startup`: the start-up budget of docs/RULES.md ("Budgets"). Spawns
/// `toplock-bench bare-window`, `toplock-demo --trace --quit-after` and the same demo with `--no-attach` (the
/// same window, TopLock not attached to the list) in turn, the same number of times, and times each from
/// spawn to its ready line (the demo prints it after its first paint with the list laid out; the bare window
/// after its first frame). The budget compares the demo with the unattached demo: TopLock's share of the
/// start. The demo against the bare window, what the demo's own widgets cost, is reported without a budget.
/// One unmeasured warm-up run of each comes first (it loads the binaries and fonts into the page cache), and
/// the order rotates from run to run, so that no program always runs first.
struct StartupBenchmark {
  /// How long the demo runs after its ready line, in s (`--quit-after`).
  static let demoQuitAfterSeconds = "0.1"

  let settings: StartupSettings

  /// Runs the programs; a program that could not be run or printed no ready line ends the runs, and the
  /// report says so.
  func measure() -> StartupReport {
    let ownPath = Self.ownExecutablePath()
    let demoPath = settings.demoPath
    let demoArguments = ["--trace", "--quit-after", Self.demoQuitAfterSeconds]
    let programs = [
      ReadyLineTimer(executablePath: ownPath, arguments: [BenchMode.bareWindow.rawValue]),
      ReadyLineTimer(executablePath: demoPath, arguments: demoArguments),
      ReadyLineTimer(executablePath: demoPath, arguments: demoArguments + ["--no-attach"]),
    ]
    var times = Array(repeating: [Double](), count: programs.count)
    var failure: String?
    do {
      for program in programs {
        _ = try program.measure()
      }
      for run in 0..<settings.runs {
        for offset in programs.indices {
          let index = (run + offset) % programs.count
          times[index].append(try programs[index].measure())
        }
      }
    } catch {
      failure = error.description
    }
    return StartupReport(
      demoPath: demoPath, bareMilliseconds: times[0], demoMilliseconds: times[1],
      unattachedDemoMilliseconds: times[2], failure: failure)
  }

  /// This executable's path (`/proc/self/exe`), to run it again as `bare-window`.
  private static func ownExecutablePath() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }
}
