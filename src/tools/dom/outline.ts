/**
 * The page outline: a compact, indexed map of what is rendered — landmarks,
 * headings, prose, controls with their labels and values, tables summarized —
 * bounded to a token budget, saying what it left out.
 */
import { isDocument, isElement, isKind } from './realm.js';
import type { DomIndex } from './element-index.js';
import { clip, kindOf, optionsOf, roleOf, type ElementKind } from './element-facts.js';
import { describeElement, nameOf, readText } from './read-text.js';
import { flatChildren, frameReach, isElementVisible, isSubtreeHidden } from './flat-tree.js';
import type { DomScope } from './scope.js';

/** Options of one outline. */
export interface OutlineOptions {
  /** Token budget, estimated as characters / 4. */
  maxTokens: number;
  /** Outline only inside this element (an index the outline gave out before). */
  within?: Element;
}

/** Characters of prose shown per text line; `dom_read` gives the rest. */
const SNIPPET = 140;
const CHARS_PER_TOKEN = 4;
/** Room kept for the note on what was left out. */
const NOTE_RESERVE = 260;

/** Outline kinds as counted in the "left out" note. */
type Counted = 'controls' | 'headings' | 'text blocks' | 'tables' | 'landmarks' | 'images';
const COUNTED: Record<ElementKind | 'text', Counted | undefined> = {
  control: 'controls',
  heading: 'headings',
  text: 'text blocks',
  table: 'tables',
  landmark: 'landmarks',
  image: 'images',
  other: undefined,
};

/** Builds the outline text. */
export function buildOutline(scope: DomScope, index: DomIndex, options: OutlineOptions): string {
  const budget = Math.max(200, options.maxTokens * CHARS_PER_TOKEN);
  const start = options.within ?? scope.start();
  const header = headerLine(scope, options.within);
  const lines: string[] = [];
  let used = header.length;
  const omitted = new Map<Counted, number>();

  const emit = (kind: ElementKind | 'text', depth: number, element: Element, describe: () => string): void => {
    // The outline is a prefix of the page in document order: once one line
    // does not fit, everything after it is only counted, and never described
    // (describing is the costly part on a big page).
    const body = omitted.size === 0 ? describe() : '';
    const cost = depth * 2 + body.length + 8;
    if (omitted.size === 0 && used + cost <= budget - NOTE_RESERVE) {
      const line = `${'  '.repeat(depth)}[${index.indexOf(element)}] ${body}`;
      lines.push(line);
      used += line.length + 1;
      return;
    }
    const counted = COUNTED[kind];
    if (counted) omitted.set(counted, (omitted.get(counted) ?? 0) + 1);
  };

  /**
   * `covered` says how much of the text below is already in a line: `all`
   * (inside a heading or table: only controls still get lines), `inline` (the
   * inline content of a text block: nested blocks get their own lines), `none`.
   */
  const walk = (node: Node, depth: number, covered: Covered): void => {
    if (!(isElement(node))) return;
    if (scope.isBlocked(node)) return;
    const style = getComputedStyle(node);
    if (isSubtreeHidden(node, style)) return;
    if (covered === 'inline' && isBlockLevel(style)) covered = 'none';
    const role = roleOf(node);
    const kind = kindOf(role);
    const visible = kind !== 'other' && isElementVisible(node);
    let childDepth = depth;
    let childCovered = covered;

    if (isKind(node, 'HTMLIFrameElement')) {
      // A frame is a line of its own, its content (when it can be reached) nested under it.
      if (isElementVisible(node)) emit('landmark', depth, node, () => frameLine(scope, node));
      childDepth = depth + 1;
      childCovered = 'none';
    } else if (visible && kind === 'landmark') {
      emit(kind, depth, node, () => {
        const name = nameOf(scope, node);
        return name ? `${role} ${JSON.stringify(name)}` : role;
      });
      childDepth = depth + 1;
    } else if (visible && kind === 'heading') {
      const level = Number(node.getAttribute('aria-level') ?? node.tagName.slice(1)) || 2;
      emit(kind, depth, node, () => `${'#'.repeat(Math.min(level, 6))} ${clip(nameOf(scope, node), SNIPPET)}`);
      childCovered = 'all';
    } else if (visible && kind === 'control') {
      emit(kind, depth, node, () => controlLine(scope, node, role));
      // A control's content is its name; nothing inside it gets a line of its own.
      return;
    } else if (visible && kind === 'table') {
      emit(kind, depth, node, () => tableLine(scope, node));
      childCovered = 'all';
    } else if (visible && kind === 'image' && covered === 'none') {
      emit(kind, depth, node, () => `image ${JSON.stringify(nameOf(scope, node))}`);
    } else if (covered === 'none' && isTextBlock(node, style)) {
      const prose = readText(scope, node, { maxChars: SNIPPET, controls: 'skip', skipActionable: true, inlineOnly: true }).text;
      if (prose.trim() !== '' && isElementVisible(node)) {
        const prefix = style.display === 'list-item' ? 'item' : 'text';
        emit('text', depth, node, () => {
          const full = readText(scope, node, { maxChars: SNIPPET + 1, controls: 'skip', inlineOnly: true });
          return `${prefix} ${JSON.stringify(clip(full.text, SNIPPET))}`;
        });
        childCovered = 'inline';
      }
    }
    for (const child of flatChildren(node)) walk(child, childDepth, childCovered);
  };

  if (start) walk(start, 0, 'none');
  index.prune();

  const out = [header, ...lines];
  if (lines.length === 0 && omitted.size === 0) out.push('(nothing visible)');
  if (omitted.size > 0) {
    const total = [...omitted.values()].reduce((a, b) => a + b, 0);
    const parts = [...omitted].map(([k, n]) => `${n} ${k}`).join(', ');
    out.push(
      `… ${total} more items left out to stay within about ${options.maxTokens} tokens (${parts}). ` +
        'Call page_outline with `within` set to the index of a landmark, heading or table above to see one part, or use dom_query.',
    );
  }
  return out.join('\n');
}

function headerLine(scope: DomScope, within: Element | undefined): string {
  const note = 'Covers the whole page, including parts scrolled out of view and same-origin frames (their elements are indexed like any other); pass an [index] to dom_read, click, fill, select or scroll_to.';
  if (within) return `Outline of ${describeElement(scope, within)}. ${note}`;
  if (isDocument(scope.root)) {
    return `Page ${JSON.stringify(clip(scope.root.title, 100))} at ${location.pathname}${location.search}. ${note}`;
  }
  return `Outline. ${note}`;
}

type Covered = 'none' | 'inline' | 'all';

/** Block-level: starts its own line (display: contents boxes nothing, so it is not). */
function isBlockLevel(style: CSSStyleDeclaration): boolean {
  return !style.display.startsWith('inline') && style.display !== 'contents';
}

/** A block with prose of its own: a text node, or inline content with text, directly inside. */
function isTextBlock(element: Element, style: CSSStyleDeclaration): boolean {
  if (!isBlockLevel(style)) return false;
  for (const child of flatChildren(element)) {
    if (child.nodeType === Node.TEXT_NODE) {
      if ((child as Text).data.trim() !== '') return true;
    } else if (isElement(child) && child.textContent?.trim()) {
      if (getComputedStyle(child).display.startsWith('inline')) return true;
    }
  }
  return false;
}

/** `frame "Payment"`, and why its content is not listed when it cannot be reached. */
function frameLine(scope: DomScope, frame: HTMLIFrameElement): string {
  const name = nameOf(scope, frame) || frame.title;
  const reach = frameReach(frame);
  const line = name ? `frame ${JSON.stringify(clip(name, 80))}` : 'frame';
  return reach === true ? line : `${line} (unreachable: ${reach})`;
}

function controlLine(scope: DomScope, element: Element, role: string): string {
  let line = describeElement(scope, element);
  if (role === 'link') {
    const href = element.getAttribute('href') ?? '';
    if (href && !href.startsWith('javascript:')) line += ` → ${clip(shortHref(element, href), 100)}`;
  }
  if (isKind(element, 'HTMLSelectElement')) line += ` options: ${optionsOf(element)}`;
  return line;
}

/** Same-origin links as paths, others in full: fewer tokens, same meaning. */
function shortHref(element: Element, href: string): string {
  try {
    const url = new URL(href, element.baseURI);
    return url.origin === location.origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
  } catch {
    return href;
  }
}

/** `table "Orders": 12 rows × 3 columns; columns: Id | Date | Total; first row: 1 | … | …`. */
function tableLine(scope: DomScope, element: Element): string {
  const name = nameOf(scope, element);
  let line = name ? `table ${JSON.stringify(name)}` : 'table';
  if (!(isKind(element, 'HTMLTableElement'))) return line;
  const rows = [...element.rows].filter((r) => !scope.isOffLimits(r));
  const cellsOf = (row: HTMLTableRowElement): string =>
    [...row.cells].map((c) => clip(readText(scope, c, { maxChars: 40, controls: 'skip' }).text, 30)).join(' | ');
  const headerRow = rows.find((r) => r.cells.length > 0 && [...r.cells].every((c) => c.tagName === 'TH'));
  const body = rows.filter((r) => r !== headerRow);
  const columns = Math.max(0, ...rows.map((r) => r.cells.length));
  line += `: ${body.length} rows × ${columns} columns`;
  if (headerRow) line += `; columns: ${cellsOf(headerRow)}`;
  const first = body[0];
  if (first) line += `; first row: ${cellsOf(first)}`;
  return line;
}
