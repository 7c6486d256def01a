import Foundation

// The GTK side of the touch tests: one scene at a time on the display GTK opens (a Broadway display, from
// GDK_BACKEND=broadway and BROADWAY_DISPLAY), driven by `TouchFixtureCommand` lines on standard input and
// answered with `TouchFixtureReply` lines on standard output (TouchFixtureProtocol.swift has the protocol).
// Started by the tests; not a product.

guard CommandLine.arguments.count == 1 else {
  FileHandle.standardError.write(
    Data("usage: TopLockTouchFixture (no arguments; commands on standard input)\n".utf8))
  exit(2)
}
exit(MainActor.assumeIsolated { TouchFixture().run() })
