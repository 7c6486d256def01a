import Glibc

/// A display server of the test's own (`gtk4-broadwayd`, or headless sway in `HeadlessSway`) on a free
/// number (a display number, a runtime folder's), so that parallel test runs do not collide.
///
/// `start` tries random numbers from `numbers`: it skips a number `isFree` rejects, starts the server with
/// `launch`, and waits until `isListening` holds; a server that ends before it listens (another run took the
/// number meanwhile) is reaped, `release` frees what `launch` made for its number, and the next number is
/// tried. The server is stopped by `stop()` or when the `PrivateServer` goes (`deinit`), which also runs
/// `release` for its number. Not thread-safe.
public final class PrivateServer {
  /// How many numbers `start` tries before it gives up.
  public static let attempts = 8

  /// The display number the server runs on.
  public let number: Int
  /// The server process.
  public let process: ManagedProcess
  private let release: (Int) -> Void
  private var isReleased = false

  /// Starts a server on a free number from `numbers`.
  ///
  /// - Parameters:
  ///   - isFree: whether nothing else uses the number (a port that binds, no socket file).
  ///   - launch: starts the server for a number.
  ///   - isListening: whether the server for a number accepts clients yet.
  ///   - release: frees what `launch` made for a number (files, folders) once its server is stopped.
  ///   - timeoutMilliseconds: how long one server may take to listen, in ms.
  /// - Throws: what `launch` throws; `ProcessError.notFound` when the server is not installed (so a test
  ///   that needs it fails, never skips); `TestSupportError.timedOut` when no attempt listened.
  public init(
    numbers: ClosedRange<Int>, timeoutMilliseconds: Double = 5000,
    isFree: (Int) -> Bool, launch: (Int) throws -> ManagedProcess, isListening: (Int) -> Bool,
    release: @escaping (Int) -> Void = { _ in }
  ) throws {
    self.release = release
    var tried: [Int] = []
    for _ in 0..<Self.attempts {
      guard let candidate = numbers.filter({ !tried.contains($0) && isFree($0) }).randomElement() else {
        break
      }
      tried.append(candidate)
      let process: ManagedProcess
      do {
        process = try launch(candidate)
      } catch {
        release(candidate)
        throw error
      }
      let deadline = ManagedProcess.nowMilliseconds + timeoutMilliseconds
      while process.isRunning, !isListening(candidate), ManagedProcess.nowMilliseconds < deadline {
        usleep(10_000)
      }
      if process.isRunning, isListening(candidate) {
        number = candidate
        self.process = process
        return
      }
      process.stop()
      release(candidate)
    }
    throw TestSupportError.timedOut(waitingFor: "a private display server to listen (tried numbers \(tried))")
  }

  deinit {
    stop()
  }

  /// Stops the server (its whole process group) and runs `release` for its number. Safe to call twice.
  public func stop() {
    process.stop()
    guard !isReleased else { return }
    isReleased = true
    release(number)
  }
}
