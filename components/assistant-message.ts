/**
 * One assistant message of the log: its reasoning behind a disclosure (open
 * while only reasoning has arrived) and its reply, rendered as markdown by
 * the reply renderers (`rendered`) or, until they have it, as plain text.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AssistantItem } from './conversation-state.js';

/** Renders `item`; `rendered` is its markdown element from `ReplyRenderers`, if made. */
export function renderAssistant(item: AssistantItem, rendered: unknown): TemplateResult {
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
