/**
 * The card of one tool call: its name, its arguments (live while they
 * stream), its status and, once it ended, its result behind a disclosure.
 * Everything shown is text bound through Lit, never HTML, so a tool name or
 * result cannot inject markup. A `dispatch_agent` call also shows its
 * sub-agent's work, collapsed, drawn by the `subAgent` it is given
 * (sub-agent-view.ts, a chunk the element loads with the first sub-agent).
 *
 * A chunk of its own, with its styles (tool-card.styles.ts), loaded by
 * `ToolCards` (tool-cards.ts) with the first call to show, or before it when
 * the element has tools: a chat whose agent calls no tool never loads it.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ConversationState, ToolCallItem, ToolCallStatus, prettyJson } from '../conversation/index.js';
import type { RenderedView } from './tool-view.js';
import type { formatCount } from '../format/index.js';
import type { ToolCardWords } from './tool-card-words.js';

export { toolCardWords } from './tool-card-words.js';

/** Its styles, adopted by the element when this module loads (lazy-view.ts). */
export { toolCardStyles as styles } from './tool-card.styles.js';

/**
 * The element's helpers a card uses, handed over by it: imported here, in a
 * chunk of its own, they would make the conversation and format rooms chunks
 * shared with this one, loaded up front.
 */
export interface CardKit {
  readonly prettyJson: typeof prettyJson;
  readonly formatCount: typeof formatCount;
  /** The cards' words in the element's language. */
  readonly words: ToolCardWords;
}

/**
 * What a card draws besides its item, each the element's: `approval` the
 * approval panel when the call awaits one, `view` the tool's own UI when it
 * renders (tool-view.ts; it replaces the JSON body, which stays behind a
 * "raw" disclosure), `files` the images and files the tool returned
 * (attachments), `subAgent` a sub-agent's work (nothing while not given),
 * `undo` the call's Undo buttons or what came of its undo (undo-bar.ts).
 */
export interface CardParts {
  readonly approval: TemplateResult | typeof nothing;
  readonly undo?: TemplateResult | typeof nothing;
  readonly view: RenderedView | undefined;
  readonly files: unknown;
  readonly subAgent: SubAgentDrawing | undefined;
}

/** Draws a sub-agent's work in its card (the conversation room's sub-agent view, bound by the element); `renderCard` draws its calls. */
export type SubAgentDrawing = (sub: ConversationState, renderCard: (item: ToolCallItem) => TemplateResult) => TemplateResult;

const STATUS_LABEL: Record<ToolCallStatus, keyof ToolCardWords & `status${string}`> = {
  streaming: 'statusStreaming',
  pending: 'statusPending',
  'awaiting-approval': 'statusAwaitingApproval',
  'awaiting-input': 'statusAwaitingInput',
  running: 'statusRunning',
  done: 'statusDone',
  failed: 'statusFailed',
  denied: 'statusDenied',
  cancelled: 'statusCancelled',
  interrupted: 'statusInterrupted',
};

/** Who asked for a call the model did not ask for (`requestedBy`): the card's badge and label. */
const ASKER: Record<NonNullable<ToolCallItem['requestedBy']>, { badge: keyof ToolCardWords; label: keyof ToolCardWords; title: keyof ToolCardWords }> = {
  'browser-agent': { badge: 'badgeBrowserAgent', label: 'askerBrowserAgent', title: 'titleBrowserAgent' },
  'mcp-app': { badge: 'badgeMcpApp', label: 'askerMcpApp', title: 'titleMcpApp' },
};

/**
 * How a call that did not run to an end says why: a denial is not an error
 * (the user chose it, and their reason is worth reading at a glance), nor is
 * a cancelled or interrupted call; only a failed call's error hides behind "Error".
 */
const NOTE_LABEL: Partial<Record<ToolCallStatus, keyof ToolCardWords>> = {
  denied: 'noteDenied',
  cancelled: 'noteCancelled',
  interrupted: 'noteInterrupted',
};

/** Characters of arguments or a result a card shows at most (a million: whole for anything a person would read, bounded for 16 MB): a browser struggles with megabytes in one `<pre>`. */
export const CARD_TEXT_CHARS = 1_000_000;

/** `text` cut to what a card shows, saying how much was left out. */
function clipForCard(text: string, kit: CardKit): string {
  if (text.length <= CARD_TEXT_CHARS) return text;
  return `${text.slice(0, CARD_TEXT_CHARS)}\n… (${kit.words.moreCharacters(kit.formatCount(text.length - CARD_TEXT_CHARS), text.length - CARD_TEXT_CHARS)})`;
}

/** Arguments as they stream: pretty JSON as soon as they parse, the raw text until then. */
function formatArgs(argsText: string, kit: CardKit): string {
  if (argsText.trim() === '') return '{}';
  // Not parsed again on every render when long: shown as they came, cut.
  if (argsText.length > CARD_TEXT_CHARS) return clipForCard(argsText, kit);
  try {
    return JSON.stringify(JSON.parse(argsText), null, 2);
  } catch {
    return argsText;
  }
}

/** Renders one tool call with its `parts` (see CardParts) and the element's helpers (`kit`). */
export function renderToolCard(item: ToolCallItem, { approval, view, files, subAgent, undo }: CardParts, kit: CardKit): TemplateResult {
  const ui = view && 'ui' in view ? view : undefined;
  // Frameless: the rendered UI alone (an approval panel still shows).
  const frame = !ui || ui.frame;
  const w = kit.words;
  const said = (id: keyof ToolCardWords): string => w[id] as string;
  const status = said(STATUS_LABEL[item.status]);
  const asker = item.requestedBy && ASKER[item.requestedBy];
  return html`<article part="tool-call" class=${frame ? 'tool-call' : 'tool-call frameless'} data-status=${item.status} data-call-id=${item.id} data-undone=${item.undo?.status === 'undone' ? 'true' : nothing}
      data-requested-by=${item.requestedBy ?? nothing} aria-label=${asker ? w.toolCallRequested(item.name, said(asker.label), status) : w.toolCall(item.name, status)}>
    ${frame
      ? html`<header class="tool-head">
          <span class="tool-icon" aria-hidden="true">⚙</span>
          <code class="tool-name">${item.name}</code>
          ${asker ? html`<span part="requested-by" class="requested-by" title=${said(asker.title)}>${said(asker.badge)}</span>` : nothing}
          <span class="tool-status" data-status=${item.status}>${status}</span>
        </header>`
      : nothing}
    ${item.status === 'running' && item.progress ? renderProgress(item.progress, kit) : nothing}
    ${ui ? html`<div part="tool-view" class="tool-view">${ui.ui}</div>` : nothing}
    ${!ui
      ? html`${view && 'failed' in view ? html`<p class="tool-view-note">${view.failed}</p>` : nothing}${renderBody(item, kit)}`
      : frame ? html`<details part="tool-raw" class="tool-raw"><summary>${w.raw}</summary>${renderBody(item, kit)}</details>` : nothing}
    ${files}
    ${item.sub && subAgent ? subAgent(item.sub, (child) => renderToolCard(child, { approval: nothing, view: undefined, files: nothing, subAgent }, kit)) : nothing}
    ${approval}${undo ?? nothing}
  </article>`;
}

/** How far a running call got (`tool-progress`): a bar when the total is known, else a busy bar, and the tool's message. */
function renderProgress(p: NonNullable<ToolCallItem['progress']>, kit: CardKit): TemplateResult {
  const known = p.total !== undefined && p.total > 0;
  const label = p.message ?? (known ? kit.words.progressOf(kit.formatCount(p.progress), kit.formatCount(p.total!)) : kit.formatCount(p.progress));
  return html`<div part="tool-progress" class="tool-progress" role="status">
    <progress max=${known ? p.total! : nothing} value=${known ? Math.min(p.progress, p.total!) : nothing} aria-label=${kit.words.progress}></progress>
    <span class="tool-progress-text">${label}</span>
  </div>`;
}

/** The card's JSON: the arguments, and once it ended its result or error behind a disclosure. */
function renderBody(item: ToolCallItem, kit: CardKit): TemplateResult {
  const settled = item.status === 'done' || item.status === 'failed' || item.status === 'denied' || item.status === 'cancelled' || item.status === 'interrupted';
  // A denial without a reason has an empty error: nothing to disclose.
  const error = item.error === '' ? undefined : item.error;
  const hasResult = item.result !== undefined || error !== undefined;
  // The JSON boxes scroll when long (a call waiting for approval shows a short one): focusable, so a keyboard can scroll them.
  return html`<pre class="tool-args" tabindex="0"><code>${clipForCard(formatArgs(item.argsText, kit), kit)}</code></pre>
    ${settled && error !== undefined && NOTE_LABEL[item.status]
      ? html`<p class="tool-note" data-status=${item.status}><span class="tool-note-label">${kit.words[NOTE_LABEL[item.status]!] as string}:</span> ${clipForCard(error, kit)}</p>`
      : settled && hasResult
      ? html`<details class="tool-result">
          <summary>${error !== undefined ? kit.words.error : kit.words.result}</summary>
          ${error !== undefined ? html`<pre class="tool-error" tabindex="0"><code>${clipForCard(error, kit)}</code></pre>` : html`<pre tabindex="0"><code>${clipForCard(kit.prettyJson(item.result), kit)}</code></pre>`}
        </details>`
      : nothing}`;
}
