/**
 * Walking the flat tree (what is rendered) for the DOM tools' code, which
 * loads on their first call (read-impl.ts, act-impl.ts): kept out of
 * scope.ts, which every page that exports the tools loads up front.
 */

/** Elements whose content is never page text. */
const NEVER_TEXT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'HEAD', 'META', 'LINK', 'TITLE', 'IFRAME', 'OBJECT']);

/**
 * The node's children in the flat tree: a host's shadow content instead of its
 * light children, a slot's assigned nodes (or its fallback content).
 */
export function flatChildren(node: Node): Node[] {
  if (node instanceof Element) {
    if (node.shadowRoot) return [...node.shadowRoot.childNodes];
    if (node instanceof HTMLSlotElement) {
      const assigned = node.assignedNodes();
      if (assigned.length > 0) return assigned;
    }
    // A closed <details> renders only its summary.
    if (node instanceof HTMLDetailsElement && !node.open) {
      return [...node.children].filter((child) => child.tagName === 'SUMMARY');
    }
  }
  return [...node.childNodes];
}

/**
 * True when the element and its subtree are not rendered, or are hidden from
 * assistive technology: `display: none`, the `hidden` attribute,
 * `aria-hidden="true"`, or content that is never page text (scripts, styles).
 */
export function isSubtreeHidden(element: Element, style: CSSStyleDeclaration): boolean {
  if (NEVER_TEXT.has(element.tagName)) return true;
  if (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true') return true;
  return style.display === 'none';
}

/**
 * True when the element itself is painted with a size: not `visibility:
 * hidden`, not inside `content-visibility: hidden`, and not zero-sized.
 * Elements scrolled out of view count as visible: the outline covers the page,
 * not just the viewport.
 */
export function isElementVisible(element: Element): boolean {
  if (typeof element.checkVisibility === 'function' && !element.checkVisibility({ visibilityProperty: true })) {
    return false;
  }
  for (const rect of element.getClientRects()) {
    if (rect.width > 0 && rect.height > 0) return true;
  }
  return false;
}

/** The element's parent in the flat tree: its slot, its parent, or its shadow host. */
export function flatParent(element: Element): Element | null {
  if (element.assignedSlot) return element.assignedSlot;
  if (element.parentElement) return element.parentElement;
  const parent = element.parentNode;
  return parent instanceof ShadowRoot ? parent.host : null;
}
