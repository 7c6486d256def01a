import CTopLockGtk

/// Finds colour nodes of given colours in a GSK render-node tree.
///
/// It descends through every node kind that wraps other nodes (container, transform, clip, rounded clip,
/// opacity, debug, shadow, blend, cross-fade, repeat, colour matrix, blur) and reads colour nodes; other
/// leaves (text, borders, textures, gradients) cannot hold a CSS background colour.
enum RenderNodeColorSearch {
  /// Which of `colors` appear as colour nodes in the tree under `root`, in the order given.
  static func colorsPresent(_ colors: [MarkerColor], under root: OpaquePointer) -> [Bool] {
    var found = Array(repeating: false, count: colors.count)
    var pending = [root]
    while let node = pending.popLast() {
      if gsk_render_node_get_node_type(node) == GSK_COLOR_NODE, let rgba = gsk_color_node_get_color(node) {
        for (index, color) in colors.enumerated() where color.matches(rgba.pointee) {
          found[index] = true
        }
      }
      pending.append(contentsOf: children(of: node))
    }
    return found
  }

  /// The nodes directly below `node`; empty for leaves.
  private static func children(of node: OpaquePointer) -> [OpaquePointer] {
    let children: [OpaquePointer?]
    switch gsk_render_node_get_node_type(node) {
    case GSK_CONTAINER_NODE:
      children = (0..<gsk_container_node_get_n_children(node)).map { gsk_container_node_get_child(node, $0) }
    case GSK_TRANSFORM_NODE: children = [gsk_transform_node_get_child(node)]
    case GSK_CLIP_NODE: children = [gsk_clip_node_get_child(node)]
    case GSK_ROUNDED_CLIP_NODE: children = [gsk_rounded_clip_node_get_child(node)]
    case GSK_OPACITY_NODE: children = [gsk_opacity_node_get_child(node)]
    case GSK_DEBUG_NODE: children = [gsk_debug_node_get_child(node)]
    case GSK_SHADOW_NODE: children = [gsk_shadow_node_get_child(node)]
    case GSK_BLEND_NODE:
      children = [gsk_blend_node_get_bottom_child(node), gsk_blend_node_get_top_child(node)]
    case GSK_CROSS_FADE_NODE:
      children = [gsk_cross_fade_node_get_start_child(node), gsk_cross_fade_node_get_end_child(node)]
    case GSK_REPEAT_NODE: children = [gsk_repeat_node_get_child(node)]
    case GSK_COLOR_MATRIX_NODE: children = [gsk_color_matrix_node_get_child(node)]
    case GSK_BLUR_NODE: children = [gsk_blur_node_get_child(node)]
    default: children = []
    }
    return children.compactMap { $0 }
  }
}
