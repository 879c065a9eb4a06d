/**
 * The DOM action tools: `click`, `fill`, `select`, `scroll_to`. They act on the
 * indexes `page_outline` and `dom_query` give out, dispatch real events (so
 * React-, Vue- and Lit-controlled fields really update), and answer with what
 * changed — or why nothing could be done. They need approval by default.
 * What changed is page text, so their results are marked untrusted
 * (`untrustedOutput`), like the read tools'. Each shows what it will do
 * before it is approved (`preview`); `fill` and `select` can be undone (the
 * field's old value put back with the same events), `click` cannot
 * (act-undo.ts).
 */
import type { Tool } from '../../types.js';
import { defineTool } from '../define-tool.js';
import { sharedDomIndex, type DomIndex } from './element-index.js';
import { checkDomScope, type DomScopeOptions } from './scope.js';
import { loadedOnFirstCall } from '../first-call-loads.js';
import type { DomActionResult, domActing as domActingType } from './act-impl.js';

export type { DomActionRefusal, DomActionResult } from './act-impl.js';

/** Options of `domActions`. */
export interface DomActionsOptions extends DomScopeOptions {
  /** Ask the user before each action; default true. */
  needsApproval?: boolean;
  /** The index registry; default the one shared with `domTools()` on the same root. */
  index?: DomIndex;
}

/** Arguments of `fill`. */
export interface FillArgs {
  index: number;
  value: string;
}

/** Arguments of `select`. */
export interface SelectArgs {
  index: number;
  value: string | string[];
}

/** The actions' code, a chunk of its own; one function, so a warm-up loads it once for all four tools. */
const loadActing = () => import('./act-impl.js');

const INDEX = { type: 'integer', minimum: 1, description: 'An index from page_outline or dom_query.' } as const;

/**
 * Makes the DOM action tools over `root` (default `document`).
 *
 * @example
 * const tools = [...domTools(), ...domActions({ exclude: ['#admin'] })];
 */
export function domActions(options: DomActionsOptions = {}): Tool[] {
  const scope = checkDomScope(options);
  const index = options.index ?? sharedDomIndex(scope.root);
  const needsApproval = options.needsApproval ?? true;

  // The actions' code loads on the first call; defining the tools stays cheap.
  let loaded: Promise<ReturnType<typeof domActingType>> | undefined;
  const acting = () => (loaded ??= loadActing().then((m) => m.domActing(scope, index)));

  const click = defineTool<{ index: number }, DomActionResult>({
    name: 'click',
    description: 'Click an element (button, link, checkbox, tab, …) by its index, with real pointer and mouse events. Returns what changed on the page.',
    parameters: { type: 'object', properties: { index: INDEX }, required: ['index'], additionalProperties: false },
    needsApproval,
    untrustedOutput: true,
    execute: async ({ index: n }) => (await acting()).click(n),
    // No undo: a click may have submitted, navigated or paid; an app tool that knows how to take it back declares its own.
    preview: async (args) => (await acting()).preview('click', args),
  });

  const fill = defineTool<FillArgs, DomActionResult>({
    name: 'fill',
    description: 'Replace the text of a field (text input, textarea, contenteditable) by its index, firing input and change events. For checkboxes use click; for dropdowns use select.',
    parameters: {
      type: 'object',
      properties: { index: INDEX, value: { type: 'string', description: 'The new value, replacing what is there.' } },
      required: ['index', 'value'],
      additionalProperties: false,
    },
    needsApproval,
    untrustedOutput: true,
    execute: async ({ index: n, value }, { callId }) => (await acting()).fill(n, value, callId),
    preview: async (args) => (await acting()).preview('fill', args),
    // A refused action changed nothing: nothing to put back.
    undo: async (_args, result, { callId }) => (result?.ok === false ? undefined : (await acting()).undo(callId)),
  });

  const select = defineTool<SelectArgs, DomActionResult>({
    name: 'select',
    description: 'Choose an option of a dropdown or list box (<select>) by its index; value is the option label or value (an array for multi-select).',
    parameters: {
      type: 'object',
      properties: {
        index: INDEX,
        value: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }], description: 'Option label or value.' },
      },
      required: ['index', 'value'],
      additionalProperties: false,
    },
    needsApproval,
    untrustedOutput: true,
    execute: async ({ index: n, value }, { callId }) => (await acting()).select(n, value, callId),
    preview: async (args) => (await acting()).preview('select', args),
    // A refused action changed nothing: nothing to put back.
    undo: async (_args, result, { callId }) => (result?.ok === false ? undefined : (await acting()).undo(callId)),
  });

  const scrollTo = defineTool<{ index: number }, DomActionResult>({
    name: 'scroll_to',
    description: 'Scroll the page so the element with this index is in the middle of the view.',
    parameters: { type: 'object', properties: { index: INDEX }, required: ['index'], additionalProperties: false },
    needsApproval,
    untrustedOutput: true,
    execute: async ({ index: n }) => (await acting()).scrollTo(n),
    preview: async (args) => (await acting()).preview('scroll_to', args),
  });

  return ([click, fill, select, scrollTo] as Tool[]).map((tool) => loadedOnFirstCall(tool, loadActing));
}
