/**
 * The messages of `<agent-chat>`'s log: the user's (with the files sent with
 * it) and the assistant's (its reasoning collapsed, its reply as markdown
 * once the renderer is there, plain text until then).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AssistantItem, UserItem } from './conversation-state.js';
import { conversationWords, type ConversationWords } from './conversation-words.js';
import { isLongReply, userHead, type Expansion } from './long-text.js';

/** The mark on a user message that started a workflow run. */
function renderWorkflowBadge(workflow: string | undefined, w: ConversationWords): TemplateResult | typeof nothing {
  return workflow === undefined ? nothing : html`<span part="workflow" class="workflow-badge">${w.workflowBadge(workflow)}</span>`;
}

/** "Show all n lines" / "Show less" under a long message (long-text.ts). */
function renderShowAll(lines: number, long: Expansion, w: ConversationWords): TemplateResult {
  return html`<button part="show-all-button" class="show-all" type="button" aria-expanded=${long.open ? 'true' : 'false'} @click=${() => long.toggle()}>${long.open ? w.showLess : w.showAll(String(lines), lines)}</button>`;
}

/**
 * A user message; `files` is its attachments as the element shows them (attachments.ts).
 * `long`: a long one (a paste) shows its first lines until opened; the rest is in a
 * `hidden` span (kept whole, never laid out).
 */
export function renderUserMessage(item: UserItem, files: TemplateResult | typeof nothing, w: ConversationWords = conversationWords, long?: Expansion): TemplateResult {
  const { head, rest } = long ? userHead(item.text) : { head: item.text, rest: '' };
  const clipped = rest !== '' && !long!.open;
  return html`<div part="message user" class=${clipped ? 'message user clipped' : 'message user'}><span class="visually-hidden">${w.you} </span>${files}${renderWorkflowBadge(item.workflow, w)}${rest === ''
    ? item.text
    : html`${clipped ? html`<div class="long-head">${head}</div>` : head}<span class="long-rest" ?hidden=${clipped}>${rest}</span><div class="show-all-row">${renderShowAll(lineCount(item.text), long!, w)}</div>`}</div>`;
}

/** The lines of `text`. */
function lineCount(text: string): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

/**
 * An assistant message; `rendered` is its markdown element, once the renderer
 * made one. `held`: the renderer is on its way (reply-renderers.ts), so the
 * reply shows that it is coming rather than its raw markdown; without it and
 * without `rendered` (the renderer could not load), the reply is plain text.
 */
export function renderAssistantMessage(item: AssistantItem, rendered: HTMLElement | undefined, held = false, w: ConversationWords = conversationWords, long?: Expansion): TemplateResult {
  const thinkingOpen = item.streaming && item.text === '' && item.thinking !== '';
  // A finished reply of thousands of lines is clipped (CSS only: the whole reply is there) until opened.
  const clipped = long !== undefined && !item.streaming && isLongReply(item.text);
  return html`<div part="message assistant" class=${clipped && !long.open ? 'message assistant clipped' : 'message assistant'}>
    ${item.thinking
      ? html`<details part="thinking" class="thinking">
          <summary>${thinkingOpen ? w.thinking : w.thought}</summary>
          <div class="thinking-text">${item.thinking}</div>
        </details>`
      : nothing}
    ${item.text === '' ? nothing : (rendered ?? (held ? HELD : renderPlain(item.text)))}
    ${clipped ? html`<div class="show-all-row">${renderShowAll(lineCount(item.text), long, w)}</div>` : nothing}
  </div>`;
}

/** A reply waiting for the renderer: a quiet mark that it is coming (not read out: the reply is, once drawn). */
const HELD = html`<span class="reply-held" aria-hidden="true">…</span>`;

/** Where a plain reply is cut into parts: after a blank line (a run of line ends stays whole, in the part before). */
const PARAGRAPH_ENDS = /(?<=\n\n)(?!\n)/;

/**
 * A reply before the renderer is there: its plain text, a part per paragraph,
 * each laid out only once on screen (`.plain-part`: `content-visibility: auto`).
 * Why: a stored thread opened before the renderer is warm shows its replies
 * so, and a long one laid out whole made a cold first thread load's longest
 * task (the worker's message with the thread's events: 6–8 ms of layout of
 * its 14–17 ms of CPU, against 0.4 ms warm, when the shaped words are cached).
 * Skipped, its layout is 3 ms. test/cdn/first-reply.suite.ts judges the load.
 * The parts keep every character, so the text reads and copies as one.
 */
function renderPlain(text: string): TemplateResult {
  return html`<div class="markdown plain">${text.split(PARAGRAPH_ENDS).map((part) => html`<div class="plain-part">${part}</div>`)}</div>`;
}
