/**
 * A checked scope (scope.ts) made into what the DOM tools' code asks of it:
 * which elements are blocked, and whether an element is off limits, walking
 * up the flat tree. Loaded with that code on the tools' first call
 * (read-impl.ts, act-impl.ts), never up front.
 */
import { isDocument, isElement, isShadowRoot } from './realm.js';
import { flatParent } from './flat-tree.js';
import type { DomScope, DomScopeSpec } from './scope.js';

/** The scope the tools read and act within, from what their factory checked. */
export function openDomScope({ root, blocked, elements }: DomScopeSpec): DomScope {
  const isBlocked = (element: Element): boolean => elements.has(element) || element.matches(blocked);

  return {
    root,
    isBlocked,
    blockedWithin(tree) {
      const found = [...tree.querySelectorAll(blocked)];
      if (isElement(tree) && isBlocked(tree)) found.unshift(tree);
      for (const element of elements) if (element !== tree && tree.contains(element) && !found.includes(element)) found.push(element);
      return found;
    },
    isOffLimits(element) {
      let current: Element | null = element;
      while (current) {
        if (isBlocked(current)) return true;
        // The root, or the top of a root that is a document or shadow root (a frame's document may be a root of its own).
        if (current === root || (current.parentNode === root && current.isConnected)) return false;
        const parent = flatParent(current);
        if (!parent) return !(current.parentNode === root && current.isConnected);
        current = parent;
      }
      return true;
    },
    start() {
      if (isDocument(root)) return root.documentElement;
      if (isShadowRoot(root)) return root.host;
      return root;
    },
  };
}
