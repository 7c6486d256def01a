/// Every tuning constant of the core, with its unit, in one place.
///
/// The kinetic figures reproduce GTK 4.8's `GtkKineticScrolling` deceleration, so that a fling the core
/// runs after a hand-back feels the same as one GTK runs after an ordinary drag.
@_spi(Engine)
public enum Tuning {
  /// How close to `lower` the value may be and still count as "at the top", in px.
  public static let topTolerance = 0.5

  /// How close to `upper - page` the value may be and still count as "at the bottom", in px.
  public static let bottomTolerance = 0.5

  /// The drag threshold used when neither the options nor the platform give one, in px
  /// (GTK's default `gtk-dnd-drag-threshold`).
  public static let defaultDragThreshold = 8.0

  /// A drag is vertical when its vertical travel is at least this many times its horizontal travel.
  public static let verticalDominance = 1.0

  /// How far back the velocity estimator looks (GTK's swipe gesture uses the same window).
  public static let velocityWindow: Duration = .milliseconds(150)

  /// Exponential deceleration of a fling, per second (GTK's `DECELERATION_FRICTION`).
  public static let decelerationFriction = 4.0

  /// A fling stops when its speed falls below this, in px/s (GTK's kinetic stop test).
  public static let stopVelocity = 0.1

  /// A release slower than this starts no fling at all, in px/s.
  public static let minimumFlingVelocity = 1.0

  /// A touchpad sequence with no event for this long is over: its pull settles where it is (rule R13a).
  public static let touchpadQuietLimit: Duration = .seconds(1)

  /// How often the GTK layer tells the core how long the touchpad sequence it follows has been quiet.
  public static let touchpadQuietPoll: Duration = .milliseconds(100)

  /// The lift velocity of a touchpad scroll counts the deltas of this window before the stop (GTK 4.8's
  /// `SCROLL_CAPTURE_THRESHOLD_MS` in gtkeventcontrollerscroll.c).
  public static let touchpadLiftWindow: Duration = .milliseconds(150)

  /// How far GTK's own drag offset may differ from the one the core works out, in px: GTK maps each event
  /// into the scrolled window's coordinates in single-precision floats, so a travel of exactly the threshold
  /// in whole pixels of the stable frame can come out a hair above it there (8.0000019 px for 8), and GTK's
  /// drag then claims one motion before the core decides. GTK's drag counts as past its threshold this much
  /// early.
  public static let gtkCoordinateSlack = 0.01

  /// `velocityWindow` in milliseconds, the unit of event timestamps.
  static let velocityWindowMilliseconds = milliseconds(velocityWindow)
  /// `touchpadQuietLimit` in milliseconds.
  static let touchpadQuietLimitMilliseconds = milliseconds(touchpadQuietLimit)
  /// `touchpadLiftWindow` in milliseconds.
  static let touchpadLiftWindowMilliseconds = milliseconds(touchpadLiftWindow)

  /// `duration` in milliseconds.
  public static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  }
}
