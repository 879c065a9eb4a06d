/**
 * Walking the flat tree (what is rendered) for the DOM tools' code, which
 * loads on their first call (read-impl.ts, act-impl.ts): kept out of
 * scope.ts, which every page that exports the tools loads up front.
 */
import { isDocument, isElement, isKind, isShadowRoot, windowOf } from './realm.js';

/** Elements whose content is never page text. */
const NEVER_TEXT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'HEAD', 'META', 'LINK', 'TITLE', 'OBJECT']);

/**
 * The node's children in the flat tree: a host's shadow content instead of its
 * light children, a slot's assigned nodes (or its fallback content), a
 * same-origin frame's document element (a frame that cannot be entered has
 * none: `frameReach` says why).
 */
export function flatChildren(node: Node): Node[] {
  if (isElement(node)) {
    if (isKind(node, 'HTMLIFrameElement')) {
      const root = frameDocument(node)?.documentElement;
      return root ? [root] : [];
    }
    if (node.shadowRoot) return [...node.shadowRoot.childNodes];
    if (isKind(node, 'HTMLSlotElement')) {
      const assigned = node.assignedNodes();
      if (assigned.length > 0) return assigned;
    }
    // A closed <details> renders only its summary.
    if (isKind(node, 'HTMLDetailsElement') && !node.open) {
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

/** The element's parent in the flat tree: its slot, its parent, its shadow host, or the frame its document is shown in. */
export function flatParent(element: Element): Element | null {
  if (element.assignedSlot) return element.assignedSlot;
  if (element.parentElement) return element.parentElement;
  const parent = element.parentNode;
  if (isShadowRoot(parent)) return parent.host;
  return isDocument(parent) ? (parent.defaultView?.frameElement ?? null) : null;
}

/** The document shown in a frame when this page may reach it (same origin, loaded); null otherwise. */
export function frameDocument(frame: HTMLIFrameElement): Document | null {
  try {
    return frame.contentDocument;
  } catch {
    return null;
  }
}

/**
 * Whether the DOM tools can reach into a frame: `true`, or why not, worded
 * for the model. A cross-origin frame's document is another site's (the
 * browser keeps it out of reach, as it should); a sandboxed frame without
 * `allow-same-origin` has an origin of its own.
 */
export function frameReach(frame: HTMLIFrameElement): true | string {
  if (frameDocument(frame)?.documentElement) return true;
  const sandbox = frame.getAttribute('sandbox');
  if (sandbox !== null && !/(^|\s)allow-same-origin(\s|$)/i.test(sandbox)) {
    return 'sandboxed without allow-same-origin: its content cannot be read or acted on';
  }
  let origin: string | undefined;
  try {
    origin = frame.srcdoc ? undefined : new URL(frame.src || 'about:blank', frame.baseURI).origin;
  } catch {
    origin = undefined;
  }
  if (origin && origin !== 'null' && origin !== windowOf(frame).location.origin) {
    return `cross-origin (${origin}): the browser keeps another site's frame out of this page's reach, so its content cannot be read or acted on`;
  }
  return 'not loaded yet: its content cannot be read or acted on until it loads';
}
