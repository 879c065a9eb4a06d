/**
 * The read-only DOM tools: `page_outline`, `dom_query`, `dom_read`. They never
 * change the page, so they need no approval; they never return a password or
 * hidden input's value, anything inside `[data-agent-private]` or the app's
 * `exclude` list, or the agent's own `<agent-chat>`. A selector runs on a
 * public copy of the page (public-view.ts), so even whether it matches says
 * nothing about a secret. Their results are page text, which may hold
 * planted instructions: they are marked untrusted (`untrustedOutput`). They
 * only read (`readOnly`), so sub-agents may use them; the action tools may not.
 */
import { PageloopError } from '../../errors.js';
import type { Tool } from '../../types.js';
import { defineTool } from '../define-tool.js';
import { sharedDomIndex, type DomIndex } from './element-index.js';
import { checkDomScope, type DomScopeOptions } from './scope.js';
import { loadedOnFirstCall } from '../first-call-loads.js';
import type { DomQueryArgs, DomQueryResult, DomReadResult, domReading as domReadingType } from './read-impl.js';

export type { DomQueryArgs, DomQueryMatch, DomQueryResult, DomReadResult } from './read-impl.js';

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

/** The reading code, a chunk of its own; one function, so a warm-up loads it once for all three tools. */
const loadReading = () => import('./read-impl.js');

const DEFAULT_MAX_TOKENS = 4000;
/** How many matches `dom_query` returns unless asked otherwise. */
const QUERY_LIMIT = 20;
const QUERY_LIMIT_MAX = 100;

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
  const scope = checkDomScope(options);
  const index = options.index ?? sharedDomIndex(scope.root);
  // The reading code loads on the first call; defining the tools stays cheap.
  let loaded: Promise<ReturnType<typeof domReadingType>> | undefined;
  const reading = () => (loaded ??= loadReading().then((m) => m.domReading(scope, index, maxTokens)));

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
    untrustedOutput: true,
    readOnly: true,
    execute: async ({ within }) => (await reading()).outline(within),
  });

  const domQuery = defineTool<DomQueryArgs, DomQueryResult>({
    name: 'dom_query',
    description:
      'Find elements by CSS selector (open shadow roots included; pass `frame` to search inside a same-origin iframe) and return their text, chosen attributes and an index usable by the other DOM tools.',
    parameters: {
      type: 'object',
      properties: {
        selector: { type: 'string', minLength: 1, description: 'A CSS selector, e.g. "#results li" or "a[href*=invoice]".' },
        limit: { type: 'integer', minimum: 1, maximum: QUERY_LIMIT_MAX, description: `Most matches to return; default ${QUERY_LIMIT}.` },
        attributes: { type: 'array', items: { type: 'string' }, maxItems: 20, description: 'Attribute names to return, e.g. ["href", "aria-label"].' },
        frame: { type: 'integer', minimum: 1, description: 'The index of an <iframe> from page_outline: search inside that same-origin frame instead of the page.' },
      },
      required: ['selector'],
      additionalProperties: false,
    },
    untrustedOutput: true,
    readOnly: true,
    execute: async (args) => (await reading()).query(args, QUERY_LIMIT),
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
    untrustedOutput: true,
    readOnly: true,
    execute: async ({ index: n }) => (await reading()).read(n),
  });

  return ([pageOutline, domQuery, domRead] as Tool[]).map((tool) => loadedOnFirstCall(tool, loadReading));
}
