import CTopLockCallgrind
import Foundation

/// What the instruction modes (`scale-instructions`, `frames-instructions`) share: a temporary folder holding
/// a copy of this executable that valgrind can read, and the child processes run on it under callgrind, each
/// dumping into a folder of its own.
///
/// Runs in the parent's process; `remove()` deletes the folder.
struct CallgrindSession {
  /// Where valgrind is.
  static let valgrindPath = "/usr/bin/valgrind"
  /// The child's environment beside the parent's, so that the same binary counts the same instructions in
  /// every run:
  /// - Swift's hashing seeded the same in every process, so that TopLock's own dictionaries and sets probe
  ///   alike from run to run (with a random seed its own functions' count moved by 1.7% between two runs of
  ///   one binary; with this, not by one instruction);
  /// - Mesa's llvmpipe (the GL context GDK makes on Xvfb, even for the cairo renderer) drawing on the thread
  ///   that draws (`LP_NUM_THREADS=0`): its worker threads ran when valgrind's scheduler picked them, their
  ///   instructions landing in whichever dump was open;
  /// - Mesa's shader cache off (`MESA_SHADER_CACHE_DISABLE`): no disk-cache thread, and no process finding
  ///   the shaders that the one before it compiled.
  /// With the GL renderer, two processes playing the same pass so differed by 0.001% at the median frame
  /// (GTK 4.8); BENCHMARKS.md has the figures.
  static let deterministicEnvironment = [
    "SWIFT_DETERMINISTIC_HASHING": "1", "LP_NUM_THREADS": "0", "MESA_SHADER_CACHE_DISABLE": "true",
  ]
  /// Where binutils' objcopy is.
  static let objcopyPath = "/usr/bin/objcopy"

  /// What went wrong before anything could be measured.
  enum Unavailable: Error, CustomStringConvertible {
    case noValgrind
    case builtWithoutValgrindHeaders
    case noStrippedCopy

    var description: String {
      switch self {
      case .noValgrind:
        "no \(CallgrindSession.valgrindPath) or \(CallgrindSession.objcopyPath) "
          + "(scripts/install-deps bench installs valgrind and binutils)"
      case .noStrippedCopy:
        "\(CallgrindSession.objcopyPath) could not copy toplock-bench without its debug information"
      case .builtWithoutValgrindHeaders:
        "built without valgrind's headers, so its requests do nothing: scripts/install-deps bench, then rebuild"
      }
    }
  }

  /// The temporary folder.
  let folder: URL
  /// The copy of this executable the children run.
  let executable: String

  /// Checks that valgrind and objcopy are there and the requests reach callgrind, makes the folder and the
  /// copy.
  ///
  /// - Throws: `Unavailable`, or what making the folder threw.
  init() throws {
    guard FileManager.default.isExecutableFile(atPath: Self.valgrindPath),
      FileManager.default.isExecutableFile(atPath: Self.objcopyPath)
    else { throw Unavailable.noValgrind }
    guard toplock_callgrind_available() != 0 else { throw Unavailable.builtWithoutValgrindHeaders }
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "toplock-bench-callgrind-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    executable = try Self.copyWithoutDebugInfo(into: folder)
  }

  /// Deletes the folder, dumps included.
  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Runs the copy under callgrind (`--quiet --collect-atstart=no`, then `options`) with `arguments`, its
  /// dumps written into the subfolder `name`; returns the figures it printed as its last line and its dumps.
  ///
  /// - Throws: `ChildMeasurementProcess.Failure`, or what making the subfolder threw.
  func run<Figures: Decodable>(
    _: Figures.Type, arguments: [String], options: [String] = [], dumpsInto name: String
  ) throws -> (figures: Figures, dumps: CallgrindDumps) {
    let dumps = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: dumps, withIntermediateDirectories: true)
    let child = ChildMeasurementProcess(
      arguments: [
        "--tool=callgrind", "--quiet", "--collect-atstart=no",
        "--callgrind-out-file=\(dumps.path)/callgrind.out",
      ] + options + [executable] + arguments, program: Self.valgrindPath,
      extraEnvironment: Self.deterministicEnvironment)
    return (try child.measure(Figures.self), CallgrindDumps(folder: dumps))
  }

  /// Copies this executable into `folder` without its debug information (`objcopy --strip-debug`): valgrind
  /// 3.19 (Debian 12) cannot read the DWARF 5 that Swift emits and gives up; callgrind needs only the
  /// symbols, which stay. Returns the copy's path.
  private static func copyWithoutDebugInfo(into folder: URL) throws -> String {
    let copy = folder.appendingPathComponent("toplock-bench").path
    let objcopy = Process()
    objcopy.executableURL = URL(fileURLWithPath: objcopyPath)
    objcopy.arguments = [
      "--strip-debug",
      try FileManager.default.destinationOfSymbolicLink(atPath: ChildMeasurementProcess.executablePath), copy,
    ]
    try objcopy.run()
    objcopy.waitUntilExit()
    guard objcopy.terminationStatus == 0 else { throw Unavailable.noStrippedCopy }
    return copy
  }
}

extension CallgrindSession {
  /// How many times slower than usual a process runs under callgrind, at most, for its waits for GTK.
  static let callgrindSlowdown = 60.0

  /// The body of a child process that callgrind runs (`mode` run with `option`): refuses to run outside
  /// valgrind, lets GTK's waits take `callgrindSlowdown` times longer, then prints what `measure` returns as
  /// one JSON line. Returns the exit status: 1, with one line on standard error, when `measure` throws.
  @MainActor
  static func runChild(_ mode: BenchMode, option: String, measure: () throws -> some Encodable) -> Int32 {
    guard toplock_running_on_valgrind() != 0 else {
      FileHandle.standardError.write(
        Data(
          "toplock-bench \(mode.rawValue): \(option) runs under callgrind (\(mode.rawValue) starts it so)\n"
            .utf8))
      return 1
    }
    BenchWindow.timeoutScale = callgrindSlowdown
    do {
      print(JSONLine.encode(try measure(), mode: mode.rawValue))
      return 0
    } catch {
      FileHandle.standardError.write(Data("toplock-bench \(mode.rawValue): \(error)\n".utf8))
      return 1
    }
  }
}
