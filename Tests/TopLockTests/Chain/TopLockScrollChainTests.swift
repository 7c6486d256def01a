import CTopLockGtk
import Testing
import TopLock
import TopLockTestSupport

extension GTKTests {
  /// `TopLockScrollChain` in-process on X11 (XTest, mouse drag on): misuse is a typed error that attaches
  /// nothing, and `.contain` (CSS `overscroll-behavior: contain`) keeps the rest of a drag at the inner's top
  /// from the page, with no glow, where `.auto` chains it.
  @Suite
  @MainActor
  struct TopLockScrollChainTests {
    /// A window whose page (a scrolled window) holds a 400 px label, a 300 px inner list of 50 rows of
    /// 30 px, and 1,200 px of rows below: the page scrolls 1,200 px.
    @MainActor
    private final class ChainScene {
      let fixture: ScrolledListFixture
      let page: UnsafeMutablePointer<GtkWidget>
      let inner: UnsafeMutablePointer<GtkWidget>

      init() {
        fixture = ScrolledListFixture()
        page = fixture.scrolledWindow
        inner = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(OpaquePointer(inner), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(
          OpaquePointer(inner), ScrolledListFixture.makeRows(count: 50, height: 30))
        gtk_widget_set_size_request(inner, -1, 300)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let header = gtk_label_new("page")!
        gtk_widget_set_size_request(header, -1, 400)
        gtk_box_append(content.cast(to: GtkBox.self), header)
        gtk_box_append(content.cast(to: GtkBox.self), inner)
        gtk_box_append(content.cast(to: GtkBox.self), ScrolledListFixture.makeRows(count: 40, height: 30))
        gtk_scrolled_window_set_child(OpaquePointer(page), content)
      }

      var pageValue: Double {
        gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(page)))
      }
    }

    @Test func init_misuse_isATypedError_andAttachesNothing() throws {
      try GtkRuntime.start()
      let scene = ChainScene()
      defer { scene.fixture.destroy() }
      let loose = gtk_scrolled_window_new()!
      g_object_ref_sink(loose)
      defer { g_object_unref(loose) }
      var notNested: TopLockError?
      do {
        _ = try TopLockScrollChain(inner: loose, outer: scene.page)
      } catch {
        notNested = error
      }
      var reversed: TopLockError?
      do {
        _ = try TopLockScrollChain(inner: scene.page, outer: scene.inner)
      } catch {
        reversed = error
      }
      let host = RecordingHost()
      let taken = try TopLockScroller.attach(to: scene.inner, host: host)
      var innerHasAHost: TopLockError?
      do {
        _ = try TopLockScrollChain(inner: scene.inner, outer: scene.page)
      } catch {
        innerHasAHost = error
      }
      print(
        "figure: chain misuse: \(String(describing: notNested)); \(String(describing: reversed)); \(String(describing: innerHasAHost))"
      )
      if case .invalidOption(name: "outer", _)? = notNested {} else { Issue.record("not nested") }
      if case .invalidOption(name: "outer", _)? = reversed {} else { Issue.record("reversed") }
      #expect(innerHasAHost == .alreadyAttached)
      #expect(TopLockScroller.attached(to: scene.page) == nil, "nothing attached to the page")
      #expect(TopLockScroller.attached(to: loose) == nil)
      #expect(taken.host === host, "the inner's host kept")
      taken.detach()
    }

    /// With the page 300 px down and the inner at its top, a 120 px mouse drag down on the inner: `.contain`
    /// moves neither (no top glow on the inner), `.auto` scrolls the page 120 px back.
    @Test func contain_keepsTheDragFromThePage_andAutoChainsIt() throws {
      try GtkRuntime.start()
      let scene = ChainScene()
      defer { scene.fixture.destroy() }
      var options = TopLockOptions()
      options.mouseDragEnabled = true
      let chain = try TopLockScrollChain(
        inner: scene.inner, outer: scene.page, innerOptions: options, outerOptions: options,
        chainOptions: TopLockChainOptions(top: .contain))
      let glow = GlowFrameCounter(scrolledWindow: scene.inner)
      defer { glow.remove() }
      try scene.fixture.present()
      try scene.fixture.scroll(to: 300)
      let pointer = try XTestPointer()
      let stroke = DragStroke.drag(dy: 120, holdBeforeReleaseMilliseconds: 200)
      glow.reset()
      try pointer.drag(stroke, from: WidgetPoint(x: 200, y: 60), in: scene.inner)
      MainLoopPump.run(forMilliseconds: 400)
      let contained = (page: scene.pageValue, glowFrames: glow.topGlowFrameCount)
      chain.setOptions(TopLockChainOptions(top: .auto))
      try pointer.drag(stroke, from: WidgetPoint(x: 200, y: 60), in: scene.inner)
      MainLoopPump.run(forMilliseconds: 400)
      print(
        "figure: chain .contain: page \(contained.page) px, inner top-glow frames \(contained.glowFrames); "
          + ".auto: page \(scene.pageValue) px, inner top-glow frames \(glow.topGlowFrameCount)")
      #expect(contained.page == 300)
      #expect(contained.glowFrames == 0)
      #expect(abs(scene.pageValue - 180) <= 1, "chained: the page came 120 px")
      #expect(glow.topGlowFrameCount == 0)
      #expect(chain.inner.owner == .none)
    }
  }
}
