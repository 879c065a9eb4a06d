/**
 * The messages of `<agent-chat>`'s log: the user's (with the files sent with
 * it) and the assistant's (its reasoning collapsed, its reply as markdown
 * once the renderer is there, plain text until then).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AssistantItem, UserItem } from './conversation-state.js';
import { renderWorkflowBadge } from './workflow-command.js';

/** A user message; `files` is its attachments as the element shows them (attachments.ts). */
export function renderUserMessage(item: UserItem, files: TemplateResult | typeof nothing): TemplateResult {
  return html`<div part="message user" class="message user"><span class="visually-hidden">You: </span>${files}${renderWorkflowBadge(item.workflow)}${item.text}</div>`;
}

/** An assistant message; `rendered` is its markdown element, once the renderer made one. */
export function renderAssistantMessage(item: AssistantItem, rendered: HTMLElement | undefined): TemplateResult {
  const thinkingOpen = item.streaming && item.text === '' && item.thinking !== '';
  return html`<div part="message assistant" class="message assistant">
    ${item.thinking
      ? html`<details part="thinking" class="thinking">
          <summary>${thinkingOpen ? 'Thinking…' : 'Thought'}</summary>
          <div class="thinking-text">${item.thinking}</div>
        </details>`
      : nothing}
    ${item.text === '' ? nothing : rendered ?? html`<div class="markdown plain">${item.text}</div>`}
  </div>`;
}
