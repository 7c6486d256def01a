import Glibc

/// A child process the test owns: started in a process group of its own, with an empty signal mask and
/// default signal dispositions, and its standard input and output optionally piped to the parent.
///
/// `stop()` (and `deinit`, so a failing test that throws or traps its way out of scope stops it too) sends
/// SIGTERM to the whole group, waits up to `Self.gracefulStopMilliseconds` ms, then SIGKILLs the group and
/// reaps the child. Not thread-safe: one thread starts, talks to and stops the process.
public final class ManagedProcess {
  /// How long `stop()` waits for the group to end after SIGTERM before SIGKILL, in ms.
  public static let gracefulStopMilliseconds = 1000.0
  private static let pollMilliseconds: Int32 = 10

  /// The child's process id, also its process group id.
  public let processIdentifier: pid_t
  /// The executable as given to `init`, for messages.
  public let executable: String
  private var standardInput: Int32
  private var standardOutput: Int32
  private var pendingOutput: [UInt8] = []
  private var exitStatus: Int32?

  /// Starts `executable` (a path, or a name looked up in `PATH`) with `arguments`, adding `environment` to the
  /// parent's environment (a value replaces the parent's). Standard error is inherited, so a child's
  /// complaint shows in the test log.
  ///
  /// - Parameters:
  ///   - pipesInput: gives the parent a pipe to the child's standard input (`writeLine`); otherwise the child
  ///     reads `/dev/null`.
  ///   - pipesOutput: gives the parent a pipe from the child's standard output (`readLine`); otherwise the
  ///     child's output goes to `/dev/null`.
  /// - Throws: `ProcessError.notFound` when no such executable is found, `.spawnFailed` when `posix_spawnp`
  ///   fails otherwise.
  public init(
    executable: String, arguments: [String] = [], environment: [String: String] = [:],
    pipesInput: Bool = false, pipesOutput: Bool = false
  ) throws(ProcessError) {
    self.executable = executable
    guard Self.isInstalled(executable) else { throw .notFound(executable) }
    let input = pipesInput ? Self.makePipe() : nil
    let output = pipesOutput ? Self.makePipe() : nil
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let input {
      posix_spawn_file_actions_adddup2(&actions, input.read, STDIN_FILENO)
      posix_spawn_file_actions_addclose(&actions, input.write)
    } else {
      posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    }
    if let output {
      posix_spawn_file_actions_adddup2(&actions, output.write, STDOUT_FILENO)
      posix_spawn_file_actions_addclose(&actions, output.read)
    } else {
      posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A group of its own, so that stop() reaches the child's children too. The test thread's signal mask
    // (libdispatch blocks SIGTERM on its threads) must not be inherited, or SIGTERM would never end it.
    var emptySignals = sigset_t()
    sigemptyset(&emptySignals)
    var defaultSignals = sigset_t()
    sigemptyset(&defaultSignals)
    sigaddset(&defaultSignals, SIGTERM)
    sigaddset(&defaultSignals, SIGPIPE)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setsigmask(&attributes, &emptySignals)
    posix_spawnattr_setsigdefault(&attributes, &defaultSignals)

    var merged: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        merged[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    merged.merge(environment) { _, new in new }
    let argumentList = [executable] + arguments
    let environmentList = merged.map { "\($0.key)=\($0.value)" }
    var pid: pid_t = 0
    let status = Self.withCStrings(argumentList) { argv in
      Self.withCStrings(environmentList) { envp in
        posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
      }
    }
    if let input { close(input.read) }
    if let output { close(output.write) }
    guard status == 0 else {
      if let input { close(input.write) }
      if let output { close(output.read) }
      throw .spawnFailed(executable, errno: status)
    }
    processIdentifier = pid
    standardInput = input?.write ?? -1
    standardOutput = output?.read ?? -1
  }

  deinit {
    stop()
  }

  /// Whether the child still runs (reaps it when it has ended).
  public var isRunning: Bool {
    guard exitStatus == nil else { return false }
    var status: Int32 = 0
    let reaped = waitpid(processIdentifier, &status, WNOHANG)
    guard reaped == processIdentifier || reaped < 0 else { return true }
    exitStatus = status
    return false
  }

  /// The child's exit status (0 ... 255) once it exited on its own; `nil` while it runs or when a signal ended
  /// it.
  public var exitCode: Int32? {
    guard !isRunning, let exitStatus, exitStatus & 0x7f == 0 else { return nil }
    return (exitStatus >> 8) & 0xff
  }

  /// Writes `line` and a newline to the child's standard input.
  ///
  /// - Throws: `ProcessError.writeFailed` when the input is not piped or the child closed it.
  public func writeLine(_ line: String) throws(ProcessError) {
    guard standardInput >= 0 else { throw .writeFailed(executable) }
    var bytes = Array((line + "\n").utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(standardInput, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { throw .writeFailed(executable) }
      bytes = bytes.dropFirst(written)
    }
  }

  /// The next line of the child's standard output without its newline, waiting at most
  /// `timeoutMilliseconds` ms; `nil` at the deadline, at the end of the output, or when it is not piped.
  public func readLine(timeoutMilliseconds: Double) -> String? {
    let deadline = Self.nowMilliseconds + timeoutMilliseconds
    while true {
      if let newline = pendingOutput.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pendingOutput[..<newline], as: UTF8.self)
        pendingOutput.removeSubrange(...newline)
        return line
      }
      let remaining = deadline - Self.nowMilliseconds
      guard standardOutput >= 0, remaining > 0 else { return nil }
      var poller = pollfd(fd: standardOutput, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, Int32(remaining.rounded(.up))) > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { read(standardOutput, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        close(standardOutput)
        standardOutput = -1
        continue
      }
      pendingOutput += chunk[..<count]
    }
  }

  /// Ends the child's process group: SIGTERM, up to `gracefulStopMilliseconds` ms to go, then SIGKILL; reaps
  /// the child and closes the pipes. Safe to call twice.
  public func stop() {
    if standardInput >= 0 {
      close(standardInput)
      standardInput = -1
    }
    if isRunning {
      kill(-processIdentifier, SIGTERM)
      let deadline = Self.nowMilliseconds + Self.gracefulStopMilliseconds
      while isRunning, Self.nowMilliseconds < deadline { usleep(UInt32(Self.pollMilliseconds) * 1000) }
    }
    // The group may outlive its leader (a child it started); SIGKILL whatever is left of it.
    kill(-processIdentifier, SIGKILL)
    if exitStatus == nil {
      var status: Int32 = 0
      waitpid(processIdentifier, &status, 0)
      exitStatus = status
    }
    if standardOutput >= 0 {
      close(standardOutput)
      standardOutput = -1
    }
  }

  /// CLOCK_MONOTONIC, in ms.
  public static var nowMilliseconds: Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
  }

  private static func makePipe() -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { preconditionFailure("pipe failed: errno \(errno)") }
    // Close-on-exec: no later child (another test's server) inherits this pipe and keeps it open.
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
  }

  /// Whether `executable` (a path, or a name looked up in `PATH`) exists and may be run.
  public static func isInstalled(_ executable: String) -> Bool {
    if executable.contains("/") { return access(executable, X_OK) == 0 }
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { access("\($0)/\(executable)", X_OK) == 0 }
  }

  private static func withCStrings<Result>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
  ) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer {
      for pointer in pointers { free(pointer) }
    }
    return body(pointers)
  }
}

/// Why a `ManagedProcess` could not start or be written to.
public enum ProcessError: Error, Equatable, CustomStringConvertible {
  /// No executable of that name or path; for a test tool, install the test dependencies.
  case notFound(String)
  /// `posix_spawnp` failed with this errno.
  case spawnFailed(String, errno: Int32)
  /// The child's standard input is not piped, or the child closed it.
  case writeFailed(String)

  /// One line saying what failed.
  public var description: String {
    switch self {
    case .notFound(let executable):
      "\(executable) not found: run `scripts/install-deps test`"
    case .spawnFailed(let executable, let errno):
      "could not start \(executable): errno \(errno)"
    case .writeFailed(let executable):
      "\(executable) does not read its standard input any more"
    }
  }
}
