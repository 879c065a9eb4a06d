/**
 * The composer's warning before it sends a message too long for the model's
 * context window (a pasted 1 MB text): how big it is against the window, and
 * Send anyway (the context budget then sends its start and end, the whole
 * message kept in the conversation: src/agent/context-budget.ts) or Trim to
 * fit (the draft keeps its start; the whole text stays in the input history,
 * ↑ brings it back). Loaded the first time a draft is that long.
 *
 * Invariant: nothing is sent until the user picks, and nothing typed is lost
 * whichever they pick.
 */
import { css, html, type TemplateResult } from 'lit';
import type { I18n } from '../i18n/index.js';
import { tooLongWords } from './too-long-words.js';

const formatCount = (n: number): string => n.toLocaleString();

/** The window the composer measures against: tokens, and whether it is only assumed (no setting, no usage seen). */
export interface ComposerWindow {
  tokens: number;
  assumed: boolean;
}

/** A draft over the share of the window a message may take, waiting for the user's choice. */
export interface TooLong {
  text: string;
  tokens: number;
  window: ComposerWindow;
}

/** What the buttons do. */
export interface TooLongHandlers {
  sendAnyway(): void;
  trim(): void;
}

export const tooLongStyles = css`
  .too-long { margin: 0 12px 8px; padding: 6px 8px; border: 1px solid var(--agent-chat-border); border-radius: 6px; }
  .too-long p { margin: 0 0 6px; }
  .too-long-actions { display: flex; gap: 6px; flex-wrap: wrap; }
`;

/** How many characters of a message fit the share of `window` it may take (the budget's estimate: about 4 characters a token). */
export function fittingChars(window: ComposerWindow): number {
  return Math.floor(window.tokens * SHARE * CHARS_PER_TOKEN);
}

/** The share of the window one message may take before the budget cuts it (context-budget.ts cuts past 60 % of its limit). */
export const SHARE = 0.5;
export const CHARS_PER_TOKEN = 4;

/** The warning, in the element's language (English without `i18n`). */
export function renderTooLong(t: TooLong, on: TooLongHandlers, i18n?: I18n): TemplateResult {
  const w = i18n ? i18n.words(tooLongWords) : tooLongWords;
  const count = i18n?.format?.count ?? formatCount;
  const window = (t.window.assumed ? w.tooLongWindowAssumed : w.tooLongWindow)(count(t.window.tokens), t.window.tokens);
  const fitting = fittingChars(t.window);
  return html`<div part="too-long" class="too-long" role="alert">
    <p>${w.tooLongText(count(t.tokens), count(t.text.length), window, t.tokens, t.text.length)}</p>
    <div class="too-long-actions">
      <button part="too-long-button" data-action="send" type="button" @click=${() => on.sendAnyway()}>${w.sendAnyway}</button>
      <button part="too-long-button" data-action="trim" type="button" @click=${() => on.trim()}>${w.trimToFit(count(fitting), fitting)}</button>
    </div>
  </div>`;
}
