/**
 * The readable text of an element, the way a person sees it: rendered text
 * only, blocks on their own lines, table cells joined with ` | `, form controls
 * described in brackets, and nothing private. `innerText` would be simpler but
 * reads private regions and skips shadow DOM, so the flat tree is walked here.
 *
 * Names live here too, because the two recurse: an accessible name is read
 * from text (a simplified accname: labelledby, label, labels, content, title,
 * placeholder), and text describes the controls in it by their names.
 */
import { isDocument, isElement, isKind } from './realm.js';
import { clip, NAME_MAX, roleOf, statesOf, valueOf } from './element-facts.js';
import { flatChildren, isSubtreeHidden } from './flat-tree.js';
import type { DomScope } from './scope.js';

/** How `readText` treats what it meets. */
export interface ReadTextOptions {
  /** Stop after about this many characters. */
  maxChars: number;
  /** `describe` writes `[textbox "Email" = "a@b.c"]`; `skip` leaves controls out (for names). */
  controls: 'describe' | 'skip';
  /** Leave out the text of links and buttons (used to tell prose from a list of links). */
  skipActionable?: boolean;
  /** Read only the element's inline content, leaving out nested blocks (they get outline lines of their own). */
  inlineOnly?: boolean;
}

/** Text and whether it was cut at `maxChars`. */
export interface ReadTextResult {
  text: string;
  truncated: boolean;
}

const FORM_CONTROLS = new Set(['INPUT', 'SELECT', 'TEXTAREA']);
const ACTIONABLE_ROLES = new Set(['link', 'button', 'tab', 'menuitem']);

/** Thrown inside the walk to stop it once enough text is collected. */
const FULL = Symbol('full');

/** Reads the element's text under the scope's rules. */
export function readText(scope: DomScope, element: Element, options: ReadTextOptions): ReadTextResult {
  const out = new TextBuilder(options.maxChars);
  // A control read on its own is its (safe) value.
  if (FORM_CONTROLS.has(element.tagName)) {
    return { text: options.controls === 'skip' ? '' : (valueOf(element, options.maxChars) ?? ''), truncated: false };
  }
  try {
    walk(scope, element, options, out, true, element);
  } catch (err) {
    if (err !== FULL) throw err;
  }
  return { text: out.result(), truncated: out.full };
}

function walk(scope: DomScope, node: Node, options: ReadTextOptions, out: TextBuilder, visible: boolean, start: Element): void {
  if (node.nodeType === Node.TEXT_NODE) {
    if (visible) out.text((node as Text).data, preserved(node.parentElement));
    return;
  }
  if (!(isElement(node))) return;
  if (scope.isBlocked(node)) return;
  const style = getComputedStyle(node);
  if (isSubtreeHidden(node, style)) return;
  const shown = style.visibility === 'visible';
  const tag = node.tagName;
  if (FORM_CONTROLS.has(tag)) {
    // Controls are never read as text: described (with a safe value) or left out.
    if (options.controls === 'describe' && shown && !(tag === 'INPUT' && (node as HTMLInputElement).type === 'hidden')) {
      out.inline(`[${describeElement(scope, node)}]`);
    }
    return;
  }
  if (options.skipActionable) {
    // Links, buttons and the labels of controls each get their own outline line.
    if (ACTIONABLE_ROLES.has(roleOf(node))) return;
    if (tag === 'LABEL' && (node as HTMLLabelElement).control) return;
  }
  if (tag === 'BR') {
    out.newline();
    return;
  }
  if (tag === 'IMG') {
    const alt = node.getAttribute('alt')?.trim();
    if (alt && shown) out.inline(alt);
    return;
  }
  const display = style.display;
  const block = !display.startsWith('inline') && display !== 'contents';
  if (options.inlineOnly && block && node !== start) {
    // The block is left out, but it still separates the text around it.
    out.newline();
    return;
  }
  if (display === 'table-cell') out.cell();
  else if (block) out.newline();
  for (const child of flatChildren(node)) walk(scope, child, options, out, shown, start);
  if (block && display !== 'table-cell') out.newline();
}

function preserved(parent: Element | null): boolean {
  return !!parent && getComputedStyle(parent).whiteSpace.startsWith('pre');
}

/** Accumulates text with collapsed whitespace, stopping at a size. */
class TextBuilder {
  full = false;
  #parts: string[] = [];
  #length = 0;
  /** Text on the current line so far (for cell separators and spacing). */
  #line = '';

  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  text(data: string, keepWhitespace: boolean): void {
    if (keepWhitespace) {
      const lines = data.split('\n');
      lines.forEach((l, i) => {
        if (i > 0) this.newline(true);
        if (l) this.#push(l);
      });
      return;
    }
    let flat = data.replace(/\s+/g, ' ');
    if (this.#line === '' || this.#line.endsWith(' ')) flat = flat.trimStart();
    if (flat) this.#push(flat);
  }

  inline(text: string): void {
    if (this.#line !== '' && !this.#line.endsWith(' ')) this.#push(' ');
    this.#push(text);
  }

  cell(): void {
    if (this.#line.trim() !== '') this.#push(' | ');
  }

  newline(force = false): void {
    if (this.#line === '' && !force) return;
    this.#push('\n');
  }

  #push(text: string): void {
    const room = this.#max - this.#length;
    const piece = text.length > room ? text.slice(0, Math.max(0, room)) : text;
    this.#parts.push(piece);
    this.#length += piece.length;
    const nl = piece.lastIndexOf('\n');
    this.#line = nl >= 0 ? piece.slice(nl + 1) : this.#line + piece;
    if (piece.length < text.length) {
      this.full = true;
      throw FULL;
    }
  }

  result(): string {
    return this.#parts
      .join('')
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }
}

/** The accessible name, simplified, at most about 80 characters. */
export function nameOf(scope: DomScope, element: Element): string {
  return clip(computeName(scope, element), NAME_MAX);
}

function computeName(scope: DomScope, element: Element): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    const rootNode = element.getRootNode() as Document | ShadowRoot;
    const parts = labelledBy
      .split(/\s+/)
      .map((id) => rootNode.getElementById?.(id))
      .filter((el): el is HTMLElement => !!el && !scope.isOffLimits(el))
      .map((el) => readText(scope, el, { maxChars: NAME_MAX * 2, controls: 'skip' }).text);
    const joined = parts.join(' ').trim();
    if (joined) return joined;
  }
  const label = element.getAttribute('aria-label')?.trim();
  if (label) return label;
  if (isKind(element, 'HTMLInputElement') && ['button', 'submit', 'reset'].includes(element.type)) {
    return element.value || (element.type === 'reset' ? 'Reset' : 'Submit');
  }
  if (isKind(element, 'HTMLInputElement') && element.type === 'image') return element.alt || 'Submit';
  if (isKind(element, 'HTMLImageElement')) return element.alt.trim();
  const labels = labelsOf(element);
  if (labels.length > 0) {
    const text = labels
      .filter((l) => !scope.isOffLimits(l))
      .map((l) => readText(scope, l, { maxChars: NAME_MAX * 2, controls: 'skip' }).text)
      .join(' ')
      .trim();
    if (text) return text;
  }
  const role = roleOf(element);
  if (element.tagName === 'TABLE') {
    const caption = (element as HTMLTableElement).caption;
    if (caption) return readText(scope, caption, { maxChars: NAME_MAX * 2, controls: 'skip' }).text;
  } else if (element.tagName === 'FIELDSET') {
    const legend = element.querySelector(':scope > legend');
    if (legend) return readText(scope, legend, { maxChars: NAME_MAX * 2, controls: 'skip' }).text;
  } else if (NAMED_BY_CONTENT.has(role)) {
    const text = readText(scope, element, { maxChars: NAME_MAX * 2, controls: 'skip' }).text;
    if (text) return text;
  }
  const title = element.getAttribute('title')?.trim();
  if (title) return title;
  const placeholder = element.getAttribute('placeholder')?.trim();
  if (placeholder) return placeholder;
  return '';
}

/** Roles whose name is their content. */
const NAMED_BY_CONTENT = new Set([
  'button', 'link', 'heading', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem',
  'checkbox', 'radio', 'switch',
]);

type Labelable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement | HTMLMeterElement | HTMLOutputElement | HTMLProgressElement;

function isLabelable(element: Element): element is Labelable {
  return 'labels' in element;
}

/** A document's `<label>` elements: one live collection per document, kept so the browser's cache of it is too. */
const documentLabels = new WeakMap<Document, HTMLCollectionOf<HTMLLabelElement>>();

/**
 * `element.labels`, found through the document's one live collection of
 * `<label>`s. Each element's own `labels` list walks the whole document the
 * first time it is read after any change to the page (about 0.4 ms on a
 * 20,000-element page), so naming 20 fields walked it 20 times; the shared
 * collection is walked once, and the browser drops its cache on any change
 * to the page, so it is never stale. Same labels, same (tree) order.
 */
function labelsOf(element: Element): HTMLLabelElement[] {
  if (!isLabelable(element) || !element.labels) return [];
  const root = element.getRootNode();
  // A shadow root has no collection of its own to share (and is seldom big): its elements' own lists.
  if (!isDocument(root)) return [...element.labels];
  let all = documentLabels.get(root);
  if (!all) documentLabels.set(root, (all = root.getElementsByTagName('label')));
  const found: HTMLLabelElement[] = [];
  for (const label of all) {
    // A label names the element its `for` points at, else the first labelable element inside it.
    const may = label.hasAttribute('for') ? label.getAttribute('for') === element.id : label.contains(element);
    if (may && label.control === element) found.push(label);
  }
  return found;
}

/** A one-line description: `button "Save" (disabled)`, `textbox "Email" = "a@b.c"`. */
export function describeElement(scope: DomScope, element: Element): string {
  const role = roleOf(element);
  const name = nameOf(scope, element);
  let line = name ? `${role} ${JSON.stringify(name)}` : role;
  const value = valueOf(element);
  if (value !== undefined && value !== '') line += ` = ${value === '(hidden)' ? value : JSON.stringify(value)}`;
  const states = statesOf(element);
  if (states.length > 0) line += ` (${states.join(', ')})`;
  return line;
}
