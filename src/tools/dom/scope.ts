/**
 * What the DOM tools may see: a root, minus private regions, the agent's own
 * chat, and whatever the app excludes. Traversal follows the flat tree (what is
 * rendered): open shadow roots are entered, slots yield what is assigned to
 * them, so components built with Lit or other web-component libraries are read
 * like any other markup. Closed shadow roots cannot be entered and are skipped.
 * Up front, only the options and their check (the tools' factories check
 * `exclude` at once); the scope itself (open-scope.ts) and the walking
 * helpers (flat-tree.ts) load with the tools' code on their first call.
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

/** A scope as the factories checked it: the tools' code makes it a `DomScope` on their first call (open-scope.ts). */
export interface DomScopeSpec {
  readonly root: DomRoot;
  /** One selector list: what is always blocked, then the app's selectors. */
  readonly blocked: string;
  /** The app's excluded elements. */
  readonly elements: ReadonlySet<Element>;
}

/** Checks the scope's options now, so a typo in `exclude` fails at definition time. */
export function checkDomScope(options: DomScopeOptions = {}): DomScopeSpec {
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
  return { root: options.root ?? document, blocked: selectors.join(', '), elements };
}

function assertSelector(selector: string): void {
  try {
    document.createDocumentFragment().querySelector(selector);
  } catch {
    throw new PageloopError('bad-request', `DOM tools: exclude selector ${JSON.stringify(selector)} is not valid CSS.`);
  }
}
