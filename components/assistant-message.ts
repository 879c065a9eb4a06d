/**
 * An assistant message of the log: its reasoning (collapsed once the reply
 * starts) and its text — the markdown renderer's element when there is one,
 * plain text until the renderer is warm.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AssistantItem } from './conversation-state.js';

/** Renders `item`, with `rendered` (its markdown renderer's element) when there is one. */
export function renderAssistant(item: AssistantItem, rendered: HTMLElement | undefined): TemplateResult {
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
