/**
 * A sub-agent's work (option `subAgents`) inside the card of the
 * `dispatch_agent` call that started it: a disclosure, closed by default, whose
 * summary says whether the child is working and at which step, over the
 * child's own log — its replies as plain text and its tool calls as nested
 * cards. The state comes from the child's `sub-agent` events, folded by the
 * same reducer as the parent's (so a reload shows what was shown live). Lit
 * never binds `open`, so the disclosure stays as the user left it. A finished
 * reply is rendered as markdown (the element's own renderer, loaded on first
 * need, so the sanitiser applies); until then, and while it streams, it is
 * plain text bound through Lit. Loaded with the first sub-agent to show
 * (lazy-view.ts): a chat whose agent has no `subAgents` never loads it.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { guard as litGuard } from 'lit/directives/guard.js';
import type { AssistantItem, ConversationState, ToolCallItem } from './conversation-state.js';
import type { MarkdownRenderer } from '../markdown/index.js';
import type { I18n } from '../i18n/index.js';
import { subAgentWords } from './sub-agent-words.js';

/** Its styles, adopted by the element when this module loads (lazy-view.ts). */
export { subAgentStyles as styles } from './sub-agent-view.styles.js';

/**
 * What the view uses of the element, handed over by it: imported here, in a
 * chunk of its own, they would be split out of the element's entry into
 * shared chunks (more bytes up front, more files).
 */
export interface SubAgentParts {
  /** Lit's `guard`, the element's. */
  readonly guard: typeof litGuard;
  /** The markdown renderer's module (the markdown room's `loadRenderer`: the chunk the element loads anyway). */
  readonly markdown: () => Promise<Pick<MarkdownRenderer, 'renderMarkdown'>>;
  /** The element's language (English without it). */
  readonly i18n?: I18n;
}

/**
 * A child's reply: plain text while it streams; once finished, a block that
 * shows the text and is filled with its markdown when the renderer is here
 * (kept by `guard` while the text stays the same — no async directive needed).
 */
function reply(item: AssistantItem, { guard, markdown }: SubAgentParts): TemplateResult {
  if (item.streaming) return html`<span class="sub-agent-plain">${item.text}</span>`;
  return html`${guard([item.text], () => {
    const block = document.createElement('div');
    block.className = 'sub-agent-plain';
    block.textContent = item.text;
    markdown()
      .then((m) => {
        block.className = 'sub-agent-markdown';
        block.replaceChildren(m.renderMarkdown(item.text));
      })
      .catch(() => {}); // Not loaded: the plain text stays.
    return block;
  })}`;
}

/**
 * Renders a sub-agent's work; `renderCard` draws its tool calls (the parent's card renderer, passed in to keep imports one-way),
 * `parts` are the element's (see SubAgentParts).
 */
export function renderSubAgent(sub: ConversationState, renderCard: (item: ToolCallItem) => TemplateResult, parts: SubAgentParts): TemplateResult {
  const calls = sub.items.filter((i) => i.kind === 'tool-call').length;
  const w = parts.i18n ? parts.i18n.words(subAgentWords) : subAgentWords;
  const count = (n: number): string => parts.i18n?.format?.count(n) ?? String(n);
  const step = sub.running && sub.step ? ` · ${w.subAgentStep(count(sub.step.n), count(sub.step.max))}` : '';
  const state = sub.running ? `${w.subAgentWorking}${step}` : w.subAgentFinished;
  return html`<details part="sub-agent" class="sub-agent" data-running=${sub.running ? 'true' : 'false'}>
    <summary>
      <span class="sub-agent-title">${w.subAgentTitle}</span>
      <span class="sub-agent-state">${state} · ${w.subAgentCalls(calls, count(calls))}</span>
    </summary>
    <div class="sub-agent-log">
      ${sub.items.map((item) => {
        switch (item.kind) {
          case 'assistant':
            return item.text.trim() === '' && item.thinking.trim() === ''
              ? nothing
              : html`<div class="sub-agent-text markdown">${item.thinking ? html`<span class="sub-agent-thinking">${item.thinking}</span>` : nothing}${reply(item, parts)}</div>`;
          case 'tool-call':
            return renderCard(item);
          case 'user':
          case 'doctor':
          case 'activity':
            return nothing;
          default:
            return html`<p class="sub-agent-notice">${item.text}</p>`;
        }
      })}
      ${sub.error ? html`<p class="sub-agent-notice sub-agent-error">${sub.error.message}</p>` : nothing}
    </div>
  </details>`;
}
