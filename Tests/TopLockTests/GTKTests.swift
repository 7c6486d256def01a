import Testing

/// The parent suite of every test that drives real GTK windows with real X input.
///
/// Serialized: there is one pointer and, with no window manager, every window opens at (0,0), so two GTK
/// tests at once would steer each other's input. Main actor: GTK runs on one thread, and all its calls stay on
/// the main actor. Nested suites join through extensions of this type.
@Suite(.serialized)
@MainActor
struct GTKTests {}
