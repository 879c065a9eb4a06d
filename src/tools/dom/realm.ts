/**
 * Type checks that hold across same-origin frames, for the DOM tools' code
 * (loaded on their first call, never up front).
 *
 * An element inside a same-origin `<iframe>` belongs to the frame's window:
 * it is an instance of the frame's `HTMLInputElement`, not this window's, so
 * `element instanceof HTMLInputElement` is false for it. Every check the DOM
 * tools make on a page element goes through here instead: node kinds by
 * `nodeType`, element classes against the element's own window.
 *
 * Invariant: for an element of this window each check answers what
 * `instanceof` would; for an element of a same-origin frame it answers what
 * `instanceof` would in that frame.
 */

/** The element classes the DOM tools tell apart. */
interface ElementClasses {
  HTMLElement: HTMLElement;
  HTMLInputElement: HTMLInputElement;
  HTMLTextAreaElement: HTMLTextAreaElement;
  HTMLSelectElement: HTMLSelectElement;
  HTMLOptionElement: HTMLOptionElement;
  HTMLLabelElement: HTMLLabelElement;
  HTMLAnchorElement: HTMLAnchorElement;
  HTMLSlotElement: HTMLSlotElement;
  HTMLDetailsElement: HTMLDetailsElement;
  HTMLTableElement: HTMLTableElement;
  HTMLImageElement: HTMLImageElement;
  HTMLIFrameElement: HTMLIFrameElement;
}

type Classes = { [K in keyof ElementClasses]: abstract new () => ElementClasses[K] };

/** True when `node` is an instance of class `kind` of its own window (this one, or a same-origin frame's). */
export function isKind<K extends keyof ElementClasses>(node: unknown, kind: K): node is ElementClasses[K] {
  if (typeof node !== 'object' || node === null) return false;
  if (node instanceof (globalThis as unknown as Classes)[kind]) return true;
  const view = (node as Node).ownerDocument?.defaultView as unknown as Classes | null | undefined;
  return !!view && view !== (globalThis as unknown) && node instanceof view[kind];
}

/** True for an element of any realm. */
export function isElement(node: unknown): node is Element {
  return typeof node === 'object' && node !== null && (node as Node).nodeType === 1;
}

/** True for a document of any realm. */
export function isDocument(node: unknown): node is Document {
  return typeof node === 'object' && node !== null && (node as Node).nodeType === 9;
}

/** True for a shadow root of any realm (a fragment with a host). */
export function isShadowRoot(node: unknown): node is ShadowRoot {
  return typeof node === 'object' && node !== null && (node as Node).nodeType === 11 && 'host' in node;
}

/** The window `node` belongs to (a same-origin frame's for what is inside it); this one for a node without. */
export function windowOf(node: Node): Window & typeof globalThis {
  const doc = isDocument(node) ? node : node.ownerDocument;
  return (doc?.defaultView ?? window) as Window & typeof globalThis;
}
