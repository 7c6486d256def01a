/// What a `toplock-bench` mode's measurement ends in: a report for a reader and the same as one JSON line
/// (`BenchCommand.run()` prints both, in that order), and whether its figures can be trusted, which sets the
/// exit status. Main actor only, as the GTK modes' reports are; a report type that is not bound to the main
/// actor conforms in an extension, which keeps it unbound.
@MainActor
protocol BenchReport {
  /// The report for a reader, one or more lines.
  var text: String { get }
  /// The report as one JSON object on one line, for `make bench`.
  var json: String { get }
  /// Whether the measurement can be trusted: the mode exits 0 when it can, whatever the verdict, else 1.
  var isTrustworthy: Bool { get }
}
