import CTopLock
import CTopLockGtk
@_spi(Engine) import TopLockCore

extension ScrollMetrics {
  /// The metrics of a GtkAdjustment, in px.
  @MainActor
  init(_ adjustment: UnsafeMutablePointer<GtkAdjustment>) {
    self.init(
      value: gtk_adjustment_get_value(adjustment), lower: gtk_adjustment_get_lower(adjustment),
      upper: gtk_adjustment_get_upper(adjustment), pageSize: gtk_adjustment_get_page_size(adjustment))
  }
}
