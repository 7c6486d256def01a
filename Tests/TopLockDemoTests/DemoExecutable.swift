import Foundation

/// Where the built `toplock-demo` is: next to the test bundle, in the same build directory
/// (`.build/debug`, or whatever `--scratch-path` chose).
enum DemoExecutable {
  /// The executable's URL; `swift test` builds it first (the test target depends on TopLockDemo).
  static var url: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("toplock-demo")
  }
}
