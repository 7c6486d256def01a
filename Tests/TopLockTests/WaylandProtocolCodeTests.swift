import Foundation
import Testing
import TopLockTestSupport

/// The committed C of `CTopLockWaylandPointer` is what `regenerate.sh` makes of the protocol description
/// beside it: a changed description without regenerated code fails here.
struct WaylandProtocolCodeTests {
  /// The target's folder: two folders above this file's, then `Sources/CTopLockWaylandPointer`.
  private static let targetFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/CTopLockWaylandPointer")

  @Test(arguments: [
    ("client-header", "include/virtual-pointer-client.h"), ("private-code", "virtual-pointer-protocol.c"),
  ])
  func wayland_generatedPointerCode_matchesItsProtocolDescription(mode: String, committedPath: String) throws
  {
    #expect(ManagedProcess.isInstalled("wayland-scanner"), "wayland-scanner: run `scripts/install-deps test`")
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("toplock-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    let scanner = Process()
    scanner.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    scanner.arguments = [
      "wayland-scanner", mode,
      Self.targetFolder.appendingPathComponent("virtual-pointer-unstable-v1.xml").path,
      output.path,
    ]
    try scanner.run()
    scanner.waitUntilExit()
    #expect(scanner.terminationStatus == 0)
    let generated = try String(contentsOf: output, encoding: .utf8)
    let committed = try String(
      contentsOf: Self.targetFolder.appendingPathComponent(committedPath), encoding: .utf8)
    #expect(generated == committed, "run Sources/CTopLockWaylandPointer/regenerate.sh and commit its output")
  }
}
