import CTopLockGtk
import TopLockGObject
import TopLockTestSupport

/// The window `frames` scrolls: `ScrolledListFixture`'s undecorated 400 x 700 px window, whose scrolled
/// window holds a GtkListView of `rowCount` one-label rows instead of the fixture's box. The model is a
/// GtkStringList filled once (GTK 4.8 makes one GtkStringObject per string up front); the rows are made by a
/// GtkBuilderListItemFactory, whose expression binds each label to its string, and recycled as they scroll.
///
/// Main actor only. The fixture owns the window; `destroy()` it at the end.
@MainActor
final class ListViewWindow {
  /// The factory's row template: a left-aligned label bound to the item's string.
  private static let rowTemplate = """
    <?xml version="1.0" encoding="UTF-8"?>
    <interface>
      <template class="GtkListItem">
        <property name="child">
          <object class="GtkLabel">
            <property name="xalign">0</property>
            <binding name="label">
              <lookup name="string" type="GtkStringObject">
                <lookup name="item">GtkListItem</lookup>
              </lookup>
            </binding>
          </object>
        </property>
      </template>
    </interface>
    """

  /// The window, its scrolled window and adjustment.
  let fixture: ScrolledListFixture
  /// The number of rows.
  let rowCount: Int
  /// The time taken to fill the GtkStringList, in ms.
  let modelFillMilliseconds: Double

  /// Builds the window with `rowCount` rows ("Row 0", "Row 1", ...), not yet shown. GTK must be started.
  init(rowCount: Int) {
    self.rowCount = rowCount
    fixture = ScrolledListFixture(rowCount: 0)
    let fillStart = BenchClock.monotonicNanoseconds()
    let strings = gtk_string_list_new(nil)!
    for index in 0..<rowCount {
      gtk_string_list_append(strings, "Row \(index)")
    }
    modelFillMilliseconds = BenchClock.milliseconds(BenchClock.monotonicNanoseconds() - fillStart)
    let selection = gtk_no_selection_new(strings)
    let listView = gtk_list_view_new(selection, Self.makeFactory())!
    gtk_scrolled_window_set_child(OpaquePointer(fixture.scrolledWindow), listView)
  }

  /// A factory that builds rows from `rowTemplate` (`gtk_builder_list_item_factory_new_from_bytes`).
  private static func makeFactory() -> OpaquePointer {
    let bytes = rowTemplate.withCString { text in g_bytes_new(text, gsize(strlen(text))) }
    defer { g_bytes_unref(bytes) }
    return gtk_builder_list_item_factory_new_from_bytes(nil, bytes)
  }
}
