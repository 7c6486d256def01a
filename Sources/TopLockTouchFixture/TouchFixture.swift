import CTopLockGtk
import Foundation
import TopLockTestSupport

/// Reads commands, keeps the current scene and answers, turning GTK's main loop while it waits for input.
/// Main actor only.
@MainActor
final class TouchFixture {
  private let input = CommandInput()
  private var scene: TouchFixtureScene?

  /// Runs until `quit` or the end of standard input; returns the exit status (1 when GTK cannot start).
  func run() -> Int32 {
    guard gtk_init_check() != 0 else {
      FileHandle.standardError.write(
        Data(
          "TopLockTouchFixture: gtk_init_check failed: no display (set BROADWAY_DISPLAY or WAYLAND_DISPLAY)\n"
            .utf8))
      return 1
    }
    while true {
      MainLoopPump.run(timeoutMilliseconds: 1000) { input.isReady }
      guard input.isReady else { continue }
      guard let line = input.nextLine() else { break }
      guard let command = try? JSONDecoder().decode(TouchFixtureCommand.self, from: Data(line.utf8)) else {
        answer(TouchFixtureReply(.error, message: "not a command: \(line)"))
        continue
      }
      if command.command == .quit { break }
      answer(handle(command))
    }
    scene?.tearDown()
    return 0
  }

  private func handle(_ command: TouchFixtureCommand) -> TouchFixtureReply {
    switch command.command {
    case .scene:
      scene?.tearDown()
      scene = nil
      do {
        let built = try TouchFixtureScene(command)
        scene = built
        return built.readyReply
      } catch {
        return TouchFixtureReply(.error, message: "could not build the scene: \(error)")
      }
    case .report:
      guard let scene else { return TouchFixtureReply(.error, message: "report before any scene") }
      return TouchFixtureReply(.report, report: scene.report())
    case .waitStill:
      guard let scene else { return TouchFixtureReply(.error, message: "wait-still before any scene") }
      scene.waitUntilStill()
      return TouchFixtureReply(.still, value: scene.fixture.scrollValue)
    case .quit:
      return TouchFixtureReply(.error, message: "quit is handled before")
    case .options:
      return change(command) { try $0.changeOptions(command.options) }
    case .detach:
      return change(command) { try $0.detach() }
    case .visible:
      return change(command) { $0.setListVisible(command.visible ?? true) }
    case .settle:
      return change(command) { try $0.settle(to: command.detent, animated: command.animated ?? true) }
    case .resize:
      return change(command) { try $0.resizeSheet(height: command.height ?? 0) }
    case .endRefresh:
      return change(command) { try $0.endRefresh() }
    case .accessible:
      guard let scene else { return TouchFixtureReply(.error, message: "accessible before any scene") }
      do {
        if scene.hasRefresh {
          let (busy, labelMatches) = try scene.refreshAccessibleState()
          return TouchFixtureReply(.done, labelMatches: labelMatches, busy: busy)
        }
        let (expanded, labelMatches) = try scene.handleAccessibleState()
        return TouchFixtureReply(.done, expanded: expanded, labelMatches: labelMatches)
      } catch {
        return TouchFixtureReply(.error, message: "accessible refused: \(error)")
      }
    case .pressed, .checkpoint, .releasing, .invariants:
      return handleMonitorCommand(command)
    }
  }

  /// Applies `change` to the scene and answers `done`, or the error why it could not.
  private func change(
    _ command: TouchFixtureCommand, _ change: (TouchFixtureScene) throws -> Void
  ) -> TouchFixtureReply {
    guard let scene else { return TouchFixtureReply(.error, message: "\(command.command) before any scene") }
    do {
      try change(scene)
      return TouchFixtureReply(.done)
    } catch {
      return TouchFixtureReply(.error, message: "\(command.command) refused: \(error)")
    }
  }

  /// Tells the scene's `InvariantMonitor` of the driver's drag, or answers what it found.
  private func handleMonitorCommand(_ command: TouchFixtureCommand) -> TouchFixtureReply {
    guard let scene, let monitor = scene.monitor else {
      return TouchFixtureReply(.error, message: "\(command.command.rawValue) without a monitored scene")
    }
    if command.command == .invariants {
      return TouchFixtureReply(.invariants, invariants: scene.invariants())
    }
    guard let y = command.y, y.isFinite else {
      return TouchFixtureReply(.error, message: "\(command.command.rawValue) needs a finite y")
    }
    switch command.command {
    case .pressed:
      monitor.context = command.context ?? ""
      monitor.pressed(pointerY: y)
    case .checkpoint:
      monitor.checkpoint(pointerY: y)
    default:
      monitor.releasing(pointerY: y)
    }
    return TouchFixtureReply(.done)
  }

  private func answer(_ reply: TouchFixtureReply) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    guard let data = try? encoder.encode(reply) else { preconditionFailure("a reply always encodes") }
    FileHandle.standardOutput.write(data + Data("\n".utf8))
  }
}
