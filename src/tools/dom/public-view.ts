/**
 * The public view: the page as a model-chosen CSS selector may see it.
 *
 * A selector is an oracle. `dom_query` returns nothing private, yet a count,
 * an empty answer or an index is enough to learn a secret one character at a
 * time: `input[type=hidden][value^="CSRF"]`, `form:has(input[type=password]
 * [value^="a"])`, `main:has([data-agent-private] [data-balance^="9"])`,
 * `li:nth-child(4)` counting private siblings, `:checked` on a box inside a
 * private region. Refusing "dangerous" selectors cannot be made sound: the
 * language nests (`:is`, `:where`, `:not`, `:has`, `:nth-child(n of S)`),
 * escapes (`[v\61lue]`), and grows every year.
 *
 * So the selector never runs against the page. It runs against a copy built
 * from public facts only, in an inert document (no scripts run, no custom
 * element upgrades, no layout):
 *
 * - blocked subtrees (`[data-agent-private]`, the agent's own chat, the app's
 *   `exclude`) are left out entirely — not emptied: their attributes, children,
 *   number and position among siblings are not in the copy;
 * - secret fields (passwords, hidden inputs, one-time codes, card numbers)
 *   keep only attributes that describe the field (type, name, label…), never
 *   `value`, `data-*` or `aria-value*`; their current value becomes a fixed
 *   mask when filled, '' when empty (the outline says as much);
 * - `nonce` attributes and `<meta content>` (where CSRF tokens live) are dropped;
 * - other controls carry their current value, checkedness and selection.
 *
 * Whatever a selector asks, its answer is a function of that copy, and the
 * copy is the same for two pages that differ only in their secrets: no count,
 * error, index or match can depend on a secret. (test/reliability/
 * dom-selector-oracle.test.ts checks exactly that, with seeded probes run on
 * two such pages.) Matches are mapped back to the page's own elements.
 * Pseudo-classes of live interaction (`:focus`, `:hover`, `:target`,
 * `:popover-open`, `:defined` on custom elements) do not match in the copy.
 *
 * Built with the browser's own deep clone (`importNode` into an inert
 * document, which copies values, checkedness and selection, then pairs page
 * and copy element by element from two `querySelectorAll('*')` lists in the
 * same order), then cut: a few milliseconds for a page of a few thousand
 * elements. Secret values are only ever overwritten, never inspected, so the
 * time taken does not depend on them.
 *
 * Kept between calls (`publicView`): a big page's copy takes far longer to
 * build than a query takes to run. The copy is rebuilt when anything it was
 * built from may have changed: a MutationObserver on the page and on every
 * shadow root copied (children, attributes, text) says so, and so does a
 * shadow root attached since to an element that had none (no mutation tells
 * of that). Typing and scripts change form controls without any mutation, so
 * the live state of every control (value, checkedness, selection; a secret's
 * only as filled or empty) is copied again before each query. Reused or
 * rebuilt, the copy is the one a fresh build would give.
 */
import { isDocument, isElement, isKind, isShadowRoot } from './realm.js';
import { isSecret } from './element-facts.js';
import { flatParent } from './flat-tree.js';
import type { DomScope } from './scope.js';

/** The public copy of a scope, and the way back to the page. */
export interface PublicView {
  /**
   * The page elements inside the scope's root that match `selector` in the
   * copy, in tree order per tree (the root, then each open shadow root).
   * Throws the browser's SyntaxError for an invalid selector.
   */
  query(selector: string): Element[];
  /** The copy of a page element, whose attributes are the ones a selector could see. */
  copyOf(element: Element): Element | undefined;
}

/** What a filled secret field's value is in the copy: the same whatever was typed. */
const MASK = '0';

/** The only attributes a secret field keeps: what it is and how it is labelled, never what it holds. */
const SECRET_FIELD_ATTRIBUTES = new Set([
  'id', 'class', 'name', 'type', 'autocomplete', 'placeholder', 'required', 'disabled', 'readonly', 'form', 'title', 'role',
  'tabindex', 'hidden', 'inputmode', 'maxlength', 'minlength', 'size', 'lang', 'dir', 'slot', 'part',
  'aria-label', 'aria-labelledby', 'aria-describedby', 'aria-required', 'aria-disabled',
]);

/** One tree (the document, an element's subtree, or a shadow root) and its copy. */
type Tree = Document | Element | ShadowRoot;

/** Builds the public copy of what the scope may see, afresh (`publicView` keeps one between calls). */
export function buildPublicView(scope: DomScope): PublicView {
  return build(scope).view;
}

/** A built view and what tells whether it still holds. */
interface Built {
  view: PublicView;
  /** The page trees copied: the top one and every open shadow root entered. */
  trees: Node[];
  /** Form controls and options, page and copy, whose live state is copied again before each query. */
  controls: Array<[Element, Element]>;
  /** Elements that could host a shadow root and had none when the copy was built. */
  hostless: Element[];
}

/** A scope's kept view: reused while nothing it was built from changed. */
interface Kept {
  built: Built;
  observer: MutationObserver;
  dirty: boolean;
}

const kept = new WeakMap<DomScope, Kept>();

/**
 * The public copy of what the scope may see, reused between calls while the
 * page did not change (see the header), its form controls' state brought up
 * to date first.
 */
export function publicView(scope: DomScope): PublicView {
  const old = kept.get(scope);
  if (old && !old.dirty && old.observer.takeRecords().length === 0 && !old.built.hostless.some((el) => el.shadowRoot)) {
    for (const [element, clone] of old.built.controls) syncControl(element, clone);
    return old.built.view;
  }
  old?.observer.disconnect();
  const built = build(scope);
  const entry: Kept = { built, dirty: false, observer: new MutationObserver(() => {
    entry.dirty = true;
    // Nothing more to learn until it is rebuilt: no records pile up meanwhile.
    entry.observer.disconnect();
  }) };
  for (const tree of built.trees) entry.observer.observe(tree, { subtree: true, childList: true, attributes: true, characterData: true });
  kept.set(scope, entry);
  return built.view;
}

/** Elements that may have a shadow root attached (the HTML standard's list, and custom elements). */
const SHADOW_HOSTS = new Set(['article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'main', 'nav', 'p', 'section', 'span']);

function build(scope: DomScope): Built {
  const doc = document.implementation.createHTMLDocument('');
  const toPage = new Map<Node, Element>();
  const toCopy = new Map<Node, Node>();
  const secrets: Array<[Element, Element]> = [];
  const blocked: Element[] = [];
  const trees: Node[] = [];
  const controls: Array<[Element, Element]> = [];
  const hostless: Element[] = [];
  /** Each copy tree's shadow roots, in tree order of their hosts. */
  const childTrees = new Map<Tree, Tree[]>();

  /** Pairs a page tree with its fresh copy, element by element, and queues their shadow roots. */
  const pair = (page: Tree, copy: Tree): void => {
    toCopy.set(page, copy);
    trees.push(page);
    const children: Tree[] = [];
    childTrees.set(copy, children);
    const pageAll = elementsOf(page);
    const copyAll = elementsOf(copy);
    if (pageAll.length !== copyAll.length) throw new Error('public view: the copy does not match the page');
    for (let i = 0; i < pageAll.length; i++) {
      const element = pageAll[i]!;
      const clone = copyAll[i]!;
      toPage.set(clone, element);
      toCopy.set(element, clone);
      if (isKind(element, 'HTMLInputElement') || isKind(element, 'HTMLTextAreaElement')) {
        if (isSecret(element)) secrets.push([element, clone]);
        else if (isKind(element, 'HTMLInputElement') && isKind(clone, 'HTMLInputElement')) clone.indeterminate = element.indeterminate;
        controls.push([element, clone]);
      } else if (isKind(element, 'HTMLOptionElement')) controls.push([element, clone]);
      const shadow = element.shadowRoot;
      if (!shadow && (SHADOW_HOSTS.has(element.localName) || element.localName.includes('-'))) hostless.push(element);
      if (shadow && !scope.isBlocked(element)) {
        let copyShadow: ShadowRoot;
        try {
          copyShadow = clone.attachShadow({ mode: 'open' });
        } catch {
          continue; // the copy cannot host a shadow root: that content stays out of the view
        }
        for (const child of shadow.childNodes) copyShadow.appendChild(doc.importNode(child, true));
        children.push(copyShadow);
        pair(shadow, copyShadow);
      }
    }
    blocked.push(...scope.blockedWithin(page));
    // Slotted content renders where its slot is: inside a blocked subtree, it is blocked too.
    if (isShadowRoot(page)) {
      for (const child of page.host.children) if (child.assignedSlot && rendersBlocked(scope, child)) blocked.push(child);
    }
  };

  // Copy the whole tree the root lives in, so selectors naming ancestors (`body.dark main a`) work as on the page.
  let top: Node = scope.root;
  for (let node = top.getRootNode(); ; node = top.getRootNode()) {
    if (isShadowRoot(node)) top = node.host;
    else {
      top = node;
      break;
    }
  }
  const topElement = isDocument(top) ? top.documentElement : isElement(top) ? top : null;
  if (topElement) {
    const copyTop = doc.importNode(topElement, true);
    doc.replaceChild(copyTop, doc.documentElement);
    if (isDocument(top)) pair(top, doc);
    else pair(topElement, copyTop);
  }

  // Cut: blocked subtrees out entirely, secret fields down to what describes them.
  for (const element of blocked) (toCopy.get(element) as Element | undefined)?.remove();
  for (const [element, clone] of secrets) maskSecret(element, clone as HTMLInputElement | HTMLTextAreaElement);
  for (const tree of new Set([doc, ...[...toCopy.values()].filter((n): n is ShadowRoot => isShadowRoot(n))])) {
    for (const el of tree.querySelectorAll('[nonce]')) el.removeAttribute('nonce');
    for (const el of tree.querySelectorAll('meta[content]')) el.removeAttribute('content');
  }

  // The trees a query searches, as a walk of the copy would find them: the root's own, then, level by
  // level, the shadow roots of hosts within it, each level in tree order (found once, then kept).
  let searched: Tree[] | undefined;
  const searchedTrees = (root: Tree): Tree[] => {
    if (searched) return searched;
    const live = (tree: Tree): boolean => isShadowRoot(tree) && tree.host.isConnected;
    const home = isElement(root) ? (root.getRootNode() as Tree) : root;
    const first = (childTrees.get(home) ?? []).filter((t) => live(t) && (home === root || root.contains((t as ShadowRoot).host)));
    searched = [root];
    for (let i = 0, level = first; level.length > 0; ) {
      searched.push(...level);
      const next: Tree[] = [];
      for (; i < searched.length; i++) if (i > 0) next.push(...(childTrees.get(searched[i]!) ?? []).filter(live));
      level = next;
    }
    return searched;
  };

  const view: PublicView = {
    query(selector) {
      const root = toCopy.get(scope.root);
      if (!root || !(isDocument(root) || isShadowRoot(root) || root.isConnected)) {
        doc.querySelectorAll(selector); // still throws for a bad selector
        return [];
      }
      const found: Element[] = [];
      for (const tree of searchedTrees(root as Tree)) {
        for (const match of tree.querySelectorAll(selector)) {
          const element = toPage.get(match);
          if (element) found.push(element);
        }
      }
      return found;
    },
    copyOf(element) {
      const copy = toCopy.get(element);
      return isElement(copy) && copy.isConnected ? copy : undefined;
    },
  };
  return { view, trees, controls, hostless };
}

/** Copies a control's live state to its copy again: a secret's only as filled (the mask) or empty. */
function syncControl(element: Element, clone: Element): void {
  if (isKind(element, 'HTMLOptionElement')) {
    (clone as HTMLOptionElement).selected = element.selected;
    return;
  }
  const control = element as HTMLInputElement | HTMLTextAreaElement;
  const copy = clone as HTMLInputElement | HTMLTextAreaElement;
  if (isSecret(control)) {
    if (!(isKind(copy, 'HTMLInputElement') && copy.type === 'hidden')) copy.value = control.value !== '' ? MASK : '';
    return;
  }
  if (isKind(control, 'HTMLInputElement') && isKind(copy, 'HTMLInputElement')) {
    if (control.type === 'checkbox' || control.type === 'radio') {
      copy.checked = control.checked;
      copy.indeterminate = control.indeterminate;
    } else if (control.type !== 'file' && copy.value !== control.value) copy.value = control.value;
    return;
  }
  if (copy.value !== control.value) copy.value = control.value;
}

/** The elements of one tree in tree order, the tree's own element first. */
function elementsOf(tree: Tree): Element[] {
  const all = [...tree.querySelectorAll('*')];
  return isElement(tree) ? [tree, ...all] : all;
}

/** Leaves a secret field its describing attributes, and a value that is a mask when filled, '' when empty. */
function maskSecret(element: Element, clone: HTMLInputElement | HTMLTextAreaElement): void {
  const filled = (element as HTMLInputElement | HTMLTextAreaElement).value !== '';
  for (const name of clone.getAttributeNames()) if (!SECRET_FIELD_ATTRIBUTES.has(name.toLowerCase())) clone.removeAttribute(name);
  if (isKind(clone, 'HTMLTextAreaElement')) clone.textContent = '';
  // A hidden input's value is its attribute, already gone; the others hold a live value.
  if (!(isKind(clone, 'HTMLInputElement') && clone.type === 'hidden')) clone.value = filled ? MASK : '';
}

/** True when a slotted element renders inside a blocked subtree (its flat-tree ancestors). */
function rendersBlocked(scope: DomScope, element: Element): boolean {
  for (let current: Element | null = element; current; current = flatParent(current)) {
    if (scope.isBlocked(current)) return true;
  }
  return false;
}
