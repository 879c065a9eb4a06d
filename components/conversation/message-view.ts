/**
 * The messages of `<agent-chat>`'s log: the user's (with the files sent with
 * it) and the assistant's (its reasoning collapsed, its reply as markdown
 * once the renderer is there, plain text until then).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AssistantItem, UserItem } from './conversation-state.js';
import { conversationWords, type ConversationWords } from './conversation-words.js';

/** The mark on a user message that started a workflow run. */
function renderWorkflowBadge(workflow: string | undefined, w: ConversationWords): TemplateResult | typeof nothing {
  return workflow === undefined ? nothing : html`<span part="workflow" class="workflow-badge">${w.workflowBadge(workflow)}</span>`;
}

/** A user message; `files` is its attachments as the element shows them (attachments.ts). */
export function renderUserMessage(item: UserItem, files: TemplateResult | typeof nothing, w: ConversationWords = conversationWords): TemplateResult {
  return html`<div part="message user" class="message user"><span class="visually-hidden">${w.you} </span>${files}${renderWorkflowBadge(item.workflow, w)}${item.text}</div>`;
}

/**
 * An assistant message; `rendered` is its markdown element, once the renderer
 * made one. `held`: the renderer is on its way (reply-renderers.ts), so the
 * reply shows that it is coming rather than its raw markdown; without it and
 * without `rendered` (the renderer could not load), the reply is plain text.
 */
export function renderAssistantMessage(item: AssistantItem, rendered: HTMLElement | undefined, held = false, w: ConversationWords = conversationWords): TemplateResult {
  const thinkingOpen = item.streaming && item.text === '' && item.thinking !== '';
  return html`<div part="message assistant" class="message assistant">
    ${item.thinking
      ? html`<details part="thinking" class="thinking">
          <summary>${thinkingOpen ? w.thinking : w.thought}</summary>
          <div class="thinking-text">${item.thinking}</div>
        </details>`
      : nothing}
    ${item.text === '' ? nothing : (rendered ?? (held ? HELD : renderPlain(item.text)))}
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
 * Skipped, its layout is 3 ms. test/cdn/first-reply.test.ts judges the load.
 * The parts keep every character, so the text reads and copies as one.
 */
function renderPlain(text: string): TemplateResult {
  return html`<div class="markdown plain">${text.split(PARAGRAPH_ENDS).map((part) => html`<div class="plain-part">${part}</div>`)}</div>`;
}
