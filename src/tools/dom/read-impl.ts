/**
 * What the read-only DOM tools do, loaded on their first call: the page pays
 * for walking and describing the DOM only when the agent reads it. Selectors
 * run against the public view (public-view.ts), never the page, so no answer
 * of `dom_query` can depend on a secret value or a private region.
 */
import { clip, valueOf } from './element-facts.js';
import type { DomIndex } from './element-index.js';
import { resolveIndex } from './resolve-index.js';
import { buildOutline } from './outline.js';
import { publicView, type PublicView } from './public-view.js';
import { describeElement, readText } from './read-text.js';
import { frameDocument, frameReach, isElementVisible } from './flat-tree.js';
import { isKind } from './realm.js';
import type { DomScope, DomScopeSpec } from './scope.js';
import { openDomScope } from './open-scope.js';

/** Arguments of `dom_query`. */
export interface DomQueryArgs {
  selector: string;
  /** The index of a same-origin `<iframe>` (from the outline): the selector runs in that frame's document. */
  frame?: number;
  limit?: number;
  attributes?: string[];
}

/** One element `dom_query` found. */
export interface DomQueryMatch {
  index: number;
  element: string;
  text: string;
  visible: boolean;
  attributes?: Record<string, string>;
}

/** What `dom_query` returns: the matches, or why the selector could not be used. */
export type DomQueryResult = { count: number; shown: number; matches: DomQueryMatch[] } | { error: string };

/** What `dom_read` returns. */
export type DomReadResult = { index: number; element: string; text: string; truncated: boolean } | { error: string };

/** Characters of text shown per `dom_query` match. */
const QUERY_TEXT = 300;

/** The three reads over one scope and index registry, within a token budget. */
export function domReading(spec: DomScopeSpec, index: DomIndex, maxTokens: number) {
  const scope = openDomScope(spec);
  /** Each same-origin frame's document as a scope of its own, with the same blocked regions (kept: its public view is too). */
  const frames = new WeakMap<Document, DomScope>();
  const frameScope = (n: number): { scope: DomScope } | { error: string } => {
    const resolved = resolveIndex(index, scope, n);
    if (!resolved.ok) return { error: resolved.message };
    const frame = resolved.element;
    if (!isKind(frame, 'HTMLIFrameElement')) return { error: `${describeElement(scope, frame)} [${n}] is not a frame; pass the index of an <iframe> from page_outline, or leave frame out.` };
    const reach = frameReach(frame);
    const doc = frameDocument(frame);
    if (reach !== true || !doc) return { error: `Frame [${n}] is ${reach === true ? 'not loaded' : reach}.` };
    let inner = frames.get(doc);
    if (!inner) frames.set(doc, (inner = openDomScope({ ...spec, root: doc })));
    return { scope: inner };
  };
  return {
    outline(within: number | undefined): string {
      if (within === undefined) return buildOutline(scope, index, { maxTokens });
      const resolved = resolveIndex(index, scope, within);
      if (!resolved.ok) return resolved.message;
      return buildOutline(scope, index, { maxTokens, within: resolved.element });
    },
    /** `limit` is the caller's default, used when the model gave none. */
    query(args: DomQueryArgs, limit: number): DomQueryResult {
      if (args.frame === undefined) return runQuery(scope, index, args, limit);
      const inFrame = frameScope(args.frame);
      return 'error' in inFrame ? inFrame : runQuery(inFrame.scope, index, args, limit);
    },
    read(n: number): DomReadResult {
      const resolved = resolveIndex(index, scope, n);
      if (!resolved.ok) return { error: resolved.message };
      const { text, truncated } = readText(scope, resolved.element, { maxChars: maxTokens * 4, controls: 'describe' });
      return { index: n, element: describeElement(scope, resolved.element), text, truncated };
    },
  };
}

function runQuery(scope: DomScope, index: DomIndex, args: DomQueryArgs, defaultLimit: number): DomQueryResult {
  const view = publicView(scope);
  let found: Element[];
  try {
    found = view.query(args.selector);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return {
      error: `${JSON.stringify(args.selector)} is not a valid CSS selector (${detail}). Write a standard CSS selector such as "main h2" or "button[type=submit]".`,
    };
  }
  // The view holds no blocked element; checked again in case the page and the view ever disagree.
  const allowed = found.filter((el) => !scope.isOffLimits(el));
  const limit = args.limit ?? defaultLimit;
  const matches = allowed.slice(0, limit).map((element): DomQueryMatch => {
    const match: DomQueryMatch = {
      index: index.indexOf(element),
      element: describeElement(scope, element),
      text: clip(readText(scope, element, { maxChars: QUERY_TEXT + 1, controls: 'describe' }).text, QUERY_TEXT),
      visible: isElementVisible(element),
    };
    if (args.attributes && args.attributes.length > 0) match.attributes = pickAttributes(view, element, args.attributes);
    return match;
  });
  return { count: allowed.length, shown: matches.length, matches };
}

/**
 * Chosen attributes, as the public view has them (no secret field's value,
 * no nonce, no meta content); `value` is the control's current value, never a secret one.
 */
function pickAttributes(view: PublicView, element: Element, names: readonly string[]): Record<string, string> {
  const copy = view.copyOf(element);
  // Entries, not assignments: a model-chosen name like "__proto__" stays an own property.
  const picked: Array<[string, string]> = [];
  for (const raw of names) {
    const name = raw.toLowerCase();
    if (name === 'value') {
      const value = valueOf(element, QUERY_TEXT) ?? copy?.getAttribute('value') ?? null;
      if (value !== null) picked.push([name, value]);
      continue;
    }
    const attr = copy?.getAttribute(name) ?? null;
    if (attr !== null) picked.push([name, clip(attr, QUERY_TEXT)]);
  }
  return Object.fromEntries(picked);
}
