/**
 * The card of one tool call: its name, its arguments (live while they
 * stream), its status and, once it ended, its result behind a disclosure.
 * Everything shown is text bound through Lit, never HTML, so a tool name or
 * result cannot inject markup. A `dispatch_agent` call also shows its
 * sub-agent's work, collapsed, drawn by the `subAgent` it is given
 * (sub-agent-view.ts, a chunk the element loads with the first sub-agent).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { prettyJson, type ToolCallItem, type ToolCallStatus } from '../conversation/conversation-state.js';
import type { renderSubAgent } from '../conversation/sub-agent-view.js';
import type { RenderedView } from './tool-view.js';
import { formatCount } from '../format/format-count.js';

const STATUS_LABEL: Record<ToolCallStatus, string> = {
  streaming: 'writing arguments…',
  pending: 'queued',
  'awaiting-approval': 'awaiting approval',
  'awaiting-input': 'waiting for your answer',
  running: 'running',
  done: 'done',
  failed: 'failed',
  denied: 'denied',
  cancelled: 'cancelled',
  interrupted: 'interrupted — may or may not have taken effect',
};

/** Who asked for a call the model did not ask for (`requestedBy`): the card's badge and label. */
const ASKER: Record<NonNullable<ToolCallItem['requestedBy']>, { badge: string; label: string; title: string }> = {
  'browser-agent': { badge: 'browser agent', label: 'a browser agent', title: 'A browser agent called this tool of the page through WebMCP; the model did not ask for it.' },
  'mcp-app': { badge: 'MCP App', label: 'an MCP App', title: "An MCP App shown in this chat called its server's tool; the model did not ask for it." },
};

/**
 * How a call that did not run to an end says why: a denial is not an error
 * (the user chose it, and their reason is worth reading at a glance), nor is
 * a cancelled or interrupted call; only a failed call's error hides behind "Error".
 */
const NOTE_LABEL: Partial<Record<ToolCallStatus, string>> = {
  denied: 'Denied',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted',
};

/** Characters of arguments or a result a card shows at most (a million: whole for anything a person would read, bounded for 16 MB): a browser struggles with megabytes in one `<pre>`. */
export const CARD_TEXT_CHARS = 1_000_000;

/** `text` cut to what a card shows, saying how much was left out. */
export function clipForCard(text: string): string {
  if (text.length <= CARD_TEXT_CHARS) return text;
  return `${text.slice(0, CARD_TEXT_CHARS)}\n… (${formatCount(text.length - CARD_TEXT_CHARS)} more characters not shown)`;
}

/** Arguments as they stream: pretty JSON as soon as they parse, the raw text until then. */
export function formatArgs(argsText: string): string {
  if (argsText.trim() === '') return '{}';
  // Not parsed again on every render when long: shown as they came, cut.
  if (argsText.length > CARD_TEXT_CHARS) return clipForCard(argsText);
  try {
    return JSON.stringify(JSON.parse(argsText), null, 2);
  } catch {
    return argsText;
  }
}

/**
 * Renders one tool call; `approval` is the approval panel when the call
 * awaits one, `view` the tool's own UI when it renders (tool-view.ts): it
 * replaces the JSON body, which stays behind a "raw" disclosure. `files` are
 * the images and files the tool returned (attachments.ts), shown under its result;
 * `subAgent` draws a sub-agent's work (nothing while it is not given).
 */
export function renderToolCard(item: ToolCallItem, approval: TemplateResult | typeof nothing, view?: RenderedView, files: unknown = nothing, subAgent?: typeof renderSubAgent): TemplateResult {
  const ui = view && 'ui' in view ? view : undefined;
  // Frameless: the rendered UI alone (an approval panel still shows).
  const frame = !ui || ui.frame;
  const asker = item.requestedBy ? `, requested by ${ASKER[item.requestedBy].label}` : '';
  return html`<article part="tool-call" class=${frame ? 'tool-call' : 'tool-call frameless'} data-status=${item.status} data-call-id=${item.id}
      data-requested-by=${item.requestedBy ?? nothing} aria-label=${`Tool call ${item.name}${asker}: ${STATUS_LABEL[item.status]}`}>
    ${frame
      ? html`<header class="tool-head">
          <span class="tool-icon" aria-hidden="true">⚙</span>
          <code class="tool-name">${item.name}</code>
          ${item.requestedBy ? html`<span part="requested-by" class="requested-by" title=${ASKER[item.requestedBy].title}>${ASKER[item.requestedBy].badge}</span>` : nothing}
          <span class="tool-status" data-status=${item.status}>${STATUS_LABEL[item.status]}</span>
        </header>`
      : nothing}
    ${item.status === 'running' && item.progress ? renderProgress(item.progress) : nothing}
    ${ui ? html`<div part="tool-view" class="tool-view">${ui.ui}</div>` : nothing}
    ${!ui
      ? html`${view && 'failed' in view ? html`<p class="tool-view-note">${view.failed}</p>` : nothing}${renderBody(item)}`
      : frame ? html`<details part="tool-raw" class="tool-raw"><summary>Raw</summary>${renderBody(item)}</details>` : nothing}
    ${files}
    ${item.sub && subAgent ? subAgent(item.sub, (child) => renderToolCard(child, nothing, undefined, nothing, subAgent), guard) : nothing}
    ${approval}
  </article>`;
}

/** How far a running call got (`tool-progress`): a bar when the total is known, else a busy bar, and the tool's message. */
function renderProgress(p: NonNullable<ToolCallItem['progress']>): TemplateResult {
  const known = p.total !== undefined && p.total > 0;
  const label = p.message ?? (known ? `${p.progress} of ${p.total}` : `${p.progress}`);
  return html`<div part="tool-progress" class="tool-progress" role="status">
    <progress max=${known ? p.total! : nothing} value=${known ? Math.min(p.progress, p.total!) : nothing} aria-label="Progress"></progress>
    <span class="tool-progress-text">${label}</span>
  </div>`;
}

/** The card's JSON: the arguments, and once it ended its result or error behind a disclosure. */
function renderBody(item: ToolCallItem): TemplateResult {
  const settled = item.status === 'done' || item.status === 'failed' || item.status === 'denied' || item.status === 'cancelled' || item.status === 'interrupted';
  // A denial without a reason has an empty error: nothing to disclose.
  const error = item.error === '' ? undefined : item.error;
  const hasResult = item.result !== undefined || error !== undefined;
  return html`<pre class="tool-args"><code>${clipForCard(formatArgs(item.argsText))}</code></pre>
    ${settled && error !== undefined && NOTE_LABEL[item.status]
      ? html`<p class="tool-note" data-status=${item.status}><span class="tool-note-label">${NOTE_LABEL[item.status]}:</span> ${clipForCard(error)}</p>`
      : settled && hasResult
      ? html`<details class="tool-result">
          <summary>${error !== undefined ? 'Error' : 'Result'}</summary>
          ${error !== undefined ? html`<pre class="tool-error"><code>${clipForCard(error)}</code></pre>` : html`<pre><code>${clipForCard(prettyJson(item.result))}</code></pre>`}
        </details>`
      : nothing}`;
}
