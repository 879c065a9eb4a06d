/**
 * What the DOM tools may see: a root, minus private regions, the agent's own
 * chat, and whatever the app excludes. Traversal follows the flat tree (what is
 * rendered): open shadow roots are entered, slots yield what is assigned to
 * them, so components built with Lit or other web-component libraries are read
 * like any other markup. Closed shadow roots cannot be entered and are skipped.
 * Up front (the tools' factories build a scope, checking `exclude` at once);
 * the walking helpers the tools' code uses load with it (flat-tree.ts).
 */
import { PageloopError } from '../../errors.js';

/** Where the DOM tools look: a document, an element, or a shadow root. */
export type DomRoot = Document | Element | ShadowRoot;

/** Options every DOM tool factory shares. */
export interface DomScopeOptions {
  /** What the tools may see; default `document`. */
  root?: DomRoot;
  /** Elements, or CSS selectors, whose whole subtree the tools never read or act on. */
  exclude?: ReadonlyArray<string | Element>;
}

/**
 * Never readable, whatever the app passes: the agent's own chat (reading its
 * own transcript back as "page content" would loop) and regions the page
 * marked private.
 */
const ALWAYS_BLOCKED = 'agent-chat, [data-agent-chat], [data-agent-private]';

/** The resolved view of one root with its exclusions. */
export interface DomScope {
  readonly root: DomRoot;
  /** True when this element itself (not its ancestors) must not be read. */
  isBlocked(element: Element): boolean;
  /** Every blocked element inside `tree` (one tree: shadow roots in it are not entered), found natively. */
  blockedWithin(tree: Document | Element | ShadowRoot): Element[];
  /**
   * True when the element must not be read or acted on: it, or an ancestor in
   * the flat tree, is blocked, or it is not inside the root at all.
   */
  isOffLimits(element: Element): boolean;
  /** The element the root stands for, where traversal starts. */
  start(): Element | null;
}

/** Builds a scope, checking the exclude selectors now so a typo fails at definition time. */
export function createDomScope(options: DomScopeOptions = {}): DomScope {
  const root = options.root ?? document;
  const selectors: string[] = [ALWAYS_BLOCKED];
  const elements = new Set<Element>();
  for (const item of options.exclude ?? []) {
    if (typeof item === 'string') {
      assertSelector(item);
      selectors.push(item);
    } else if (item instanceof Element) {
      elements.add(item);
    } else {
      throw new PageloopError('bad-request', 'DOM tools: `exclude` takes CSS selectors and elements.');
    }
  }
  const blocked = selectors.join(', ');
  const isBlocked = (element: Element): boolean => elements.has(element) || element.matches(blocked);

  return {
    root,
    isBlocked,
    blockedWithin(tree) {
      const found = [...tree.querySelectorAll(blocked)];
      if (tree instanceof Element && isBlocked(tree)) found.unshift(tree);
      for (const element of elements) if (element !== tree && tree.contains(element) && !found.includes(element)) found.push(element);
      return found;
    },
    isOffLimits(element) {
      let current: Element | null = element;
      while (current) {
        if (isBlocked(current)) return true;
        if (current === root) return false;
        const parent = flatParent(current);
        if (!parent) return !(current.parentNode === root && current.isConnected);
        current = parent;
      }
      return true;
    },
    start() {
      if (root instanceof Document) return root.documentElement;
      if (root instanceof ShadowRoot) return root.host;
      return root;
    },
  };
}

function assertSelector(selector: string): void {
  try {
    document.createDocumentFragment().querySelector(selector);
  } catch {
    throw new PageloopError('bad-request', `DOM tools: exclude selector ${JSON.stringify(selector)} is not valid CSS.`);
  }
}

/** The element's parent in the flat tree: its slot, its parent, or its shadow host. */
export function flatParent(element: Element): Element | null {
  if (element.assignedSlot) return element.assignedSlot;
  if (element.parentElement) return element.parentElement;
  const parent = element.parentNode;
  return parent instanceof ShadowRoot ? parent.host : null;
}
