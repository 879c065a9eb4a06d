/**
 * The read-only DOM tools: `page_outline`, `dom_query`, `dom_read`. They never
 * change the page, so they need no approval; they never return a password or
 * hidden input's value, anything inside `[data-agent-private]` or the app's
 * `exclude` list, or the agent's own `<agent-chat>`.
 */
import { PageloopError } from '../errors.js';
import type { Tool } from '../types.js';
import { defineTool } from './define-tool.js';
import { clip, describeElement, valueOf } from './dom-describe.js';
import { resolveIndex, sharedDomIndex, type DomIndex } from './dom-index.js';
import { buildOutline } from './dom-outline.js';
import { createDomScope, isElementVisible, type DomRoot, type DomScope, type DomScopeOptions } from './dom-scope.js';
import { readText } from './dom-text.js';

/** Options of `domTools`. */
export interface DomToolsOptions extends DomScopeOptions {
  /** Token budget of `page_outline` and `dom_read` (estimated as characters / 4); default 4000. */
  maxTokens?: number;
  /**
   * The index registry; default the one shared by all DOM tools on the same
   * root, so `domActions()` acts on the indexes `page_outline` gives out.
   */
  index?: DomIndex;
}

/** Arguments of `page_outline`. */
export interface PageOutlineArgs {
  within?: number;
}

/** Arguments of `dom_query`. */
export interface DomQueryArgs {
  selector: string;
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

const DEFAULT_MAX_TOKENS = 4000;
const QUERY_LIMIT = 20;
const QUERY_LIMIT_MAX = 100;
const QUERY_TEXT = 300;

/**
 * Makes the read-only DOM tools over `root` (default `document`).
 *
 * @example
 * const agent = createAgent({ baseURL, model, tools: [...domTools({ exclude: ['#billing'] }), ...domActions()] });
 */
export function domTools(options: DomToolsOptions = {}): Tool[] {
  const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  if (!Number.isInteger(maxTokens) || maxTokens < 100) {
    throw new PageloopError('bad-request', `domTools: maxTokens must be an integer of at least 100; got ${String(maxTokens)}.`);
  }
  const scope = createDomScope(options);
  const index = options.index ?? sharedDomIndex(scope.root);

  const pageOutline = defineTool<PageOutlineArgs, string>({
    name: 'page_outline',
    description:
      'Outline of the page as it is rendered: landmarks, headings, text, links, buttons and form fields (with labels and current values), tables summarized. ' +
      'Each line starts with an [index] to pass to dom_read and the action tools; an element keeps its index while it stays on the page. ' +
      'Pass `within` (an index) to outline only that part.',
    parameters: {
      type: 'object',
      properties: { within: { type: 'integer', minimum: 1, description: 'Outline only inside this element.' } },
      additionalProperties: false,
    },
    execute: ({ within }) => {
      if (within === undefined) return buildOutline(scope, index, { maxTokens });
      const resolved = resolveIndex(index, scope, within);
      if (!resolved.ok) return resolved.message;
      return buildOutline(scope, index, { maxTokens, within: resolved.element });
    },
  });

  const domQuery = defineTool<DomQueryArgs, DomQueryResult>({
    name: 'dom_query',
    description:
      'Find elements by CSS selector (open shadow roots included) and return their text, chosen attributes and an index usable by the other DOM tools.',
    parameters: {
      type: 'object',
      properties: {
        selector: { type: 'string', minLength: 1, description: 'A CSS selector, e.g. "#results li" or "a[href*=invoice]".' },
        limit: { type: 'integer', minimum: 1, maximum: QUERY_LIMIT_MAX, description: `Most matches to return; default ${QUERY_LIMIT}.` },
        attributes: { type: 'array', items: { type: 'string' }, maxItems: 20, description: 'Attribute names to return, e.g. ["href", "aria-label"].' },
      },
      required: ['selector'],
      additionalProperties: false,
    },
    execute: (args) => runQuery(scope, index, args),
  });

  const domRead = defineTool<{ index: number }, DomReadResult>({
    name: 'dom_read',
    description: 'The full text of one element from the outline (paragraphs, list, table rows, form fields described in brackets).',
    parameters: {
      type: 'object',
      properties: { index: { type: 'integer', minimum: 1, description: 'An index from page_outline or dom_query.' } },
      required: ['index'],
      additionalProperties: false,
    },
    execute: ({ index: n }) => {
      const resolved = resolveIndex(index, scope, n);
      if (!resolved.ok) return { error: resolved.message };
      const { text, truncated } = readText(scope, resolved.element, { maxChars: maxTokens * 4, controls: 'describe' });
      return { index: n, element: describeElement(scope, resolved.element), text, truncated };
    },
  });

  return [pageOutline, domQuery, domRead] as Tool[];
}

function runQuery(scope: DomScope, index: DomIndex, args: DomQueryArgs): DomQueryResult {
  let found: Element[];
  try {
    found = queryFlat(scope, args.selector);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return {
      error: `${JSON.stringify(args.selector)} is not a valid CSS selector (${detail}). Write a standard CSS selector such as "main h2" or "button[type=submit]".`,
    };
  }
  const allowed = found.filter((el) => !scope.isOffLimits(el));
  const limit = args.limit ?? QUERY_LIMIT;
  const matches = allowed.slice(0, limit).map((element): DomQueryMatch => {
    const match: DomQueryMatch = {
      index: index.indexOf(element),
      element: describeElement(scope, element),
      text: clip(readText(scope, element, { maxChars: QUERY_TEXT + 1, controls: 'describe' }).text, QUERY_TEXT),
      visible: isElementVisible(element),
    };
    if (args.attributes && args.attributes.length > 0) match.attributes = pickAttributes(element, args.attributes);
    return match;
  });
  return { count: allowed.length, shown: matches.length, matches };
}

/** Matches in the root and in every open shadow root inside it, in tree order per root. */
function queryFlat(scope: DomScope, selector: string): Element[] {
  const root: DomRoot = scope.root;
  const treeScopes: Array<Document | Element | ShadowRoot> = [root];
  if (root instanceof Element && root.shadowRoot) treeScopes.push(root.shadowRoot);
  const matches: Element[] = [];
  for (let i = 0; i < treeScopes.length; i++) {
    const tree = treeScopes[i]!;
    // Throws a SyntaxError for a bad selector; the caller explains it.
    matches.push(...tree.querySelectorAll(selector));
    for (const el of tree.querySelectorAll('*')) {
      if (el.shadowRoot && !scope.isBlocked(el)) treeScopes.push(el.shadowRoot);
    }
  }
  return matches;
}

/** Chosen attributes; `value` is the control's current value, never a secret one. */
function pickAttributes(element: Element, names: readonly string[]): Record<string, string> {
  // Entries, not assignments: a model-chosen name like "__proto__" stays an own property.
  const picked: Array<[string, string]> = [];
  for (const raw of names) {
    const name = raw.toLowerCase();
    if (name === 'value') {
      const value = valueOf(element, QUERY_TEXT) ?? element.getAttribute('value');
      if (value !== null) picked.push([name, value]);
      continue;
    }
    const attr = element.getAttribute(name);
    if (attr !== null) picked.push([name, clip(attr, QUERY_TEXT)]);
  }
  return Object.fromEntries(picked);
}
