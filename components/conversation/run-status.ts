/**
 * What the element shows about the run around the log: the model's
 * suggested answers, the error banner with Retry, and "step n of max" with
 * the Stop button while a reply runs. Text is bound through Lit, never HTML.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ContextItem, ConversationState, NoticeItem, UsageInfo } from './conversation-state.js';
import { contextNoteText, noticeIn, noticeWords } from './notice-words.js';
import { formatCount } from '../format/index.js';
import type { I18n } from '../i18n/index.js';
import { englishSpeech, type ConversationSpeech } from './conversation-words.js';
import { isLongError, type Expansion } from './long-text.js';

/** Suggested answers (from `ask_question`) as buttons that send them. */
export function renderSuggestions(c: ConversationState, send: (text: string) => void, { w }: ConversationSpeech = englishSpeech): TemplateResult | typeof nothing {
  if (c.suggestions.length === 0 || c.running) return nothing;
  return html`<div class="suggestions" role="group" aria-label=${w.suggestedAnswers}>
    ${c.suggestions.map((s) => html`<button part="suggestion" @click=${() => send(s)}>${s}</button>`)}
  </div>`;
}

/** Continue, after a run stopped at its step limit: runs the loop again on the history as it is. */
export function renderContinue(c: ConversationState, resume: () => void, { w }: ConversationSpeech = englishSpeech): TemplateResult | typeof nothing {
  if (!c.canContinue || c.running) return nothing;
  return html`<div class="continue"><button part="continue-button" class="primary" @click=${resume}>${w.continue}</button></div>`;
}

/** The markdown renderer, as the banner uses it (the element's: the chunk it loads anyway, with its styles adopted). */
export type ErrorMarkdown = () => Promise<{ renderMarkdown(text: string): DocumentFragment }>;

/**
 * The error banner; Retry is offered when there is a turn to run again. An
 * error the element can say in its language (by its `code`) is said so, its
 * English message behind "Details". Otherwise a
 * server's message often holds markdown (`code`, **bold**, links), so the
 * message is drawn formatted by the replies' renderer (marked, then
 * DOMPurify: never the message's own HTML) once its chunk is in, and as
 * plain text until then or if it cannot load. A long message (a 4 KB URL, a
 * stack) is clamped to a few lines with "Show more" (`long`, long-text.ts);
 * opened, it shows whole with its raw text (and the error's code) behind a
 * disclosure, and Copy puts the raw text on the clipboard. Opened, the
 * banner scrolls inside, under a cap.
 */
export function renderErrorBanner(
  c: ConversationState,
  canRetry: boolean,
  handlers: { retry(): void; dismiss(): void },
  { w, error }: ConversationSpeech = englishSpeech,
  long?: Expansion,
  markdown?: ErrorMarkdown,
): TemplateResult | typeof nothing {
  const shown = c.error;
  if (!shown) return nothing;
  const message = shown.message;
  // In the element's language by its code, the English message kept as the raw detail (and what Copy copies).
  const said = shown.code ? error?.(shown.code, shown.params) : undefined;
  const clamp = long !== undefined && said === undefined && isLongError(message);
  return html`<div part="error" class=${clamp && !long.open ? 'error clamped' : 'error'} role="alert" data-code=${shown.code ?? nothing}>
    ${said !== undefined
      ? html`<span class="error-text"><span class="error-said">${said}</span><details part="error-detail" class="error-detail"><summary>${w.errorDetails}</summary><span translate="no" dir="auto">${message}</span></details></span>`
      : markdown
        ? formatted(shown, markdown)
        : html`<div class="error-text">${message}</div>`}
    <span class="error-actions">
      ${clamp
        ? html`<button part="error-more-button" type="button" aria-expanded=${long.open ? 'true' : 'false'} @click=${() => long.toggle()}>${long.open ? w.showLess : w.showMore}</button>
            <button part="error-copy-button" type="button" @click=${() => void navigator.clipboard?.writeText(message).catch(() => {})}>${w.copyError}</button>`
        : nothing}
      ${canRetry ? html`<button ?disabled=${c.running} @click=${handlers.retry}>${w.retry}</button>` : nothing}
      <button aria-label=${w.dismissError} @click=${handlers.dismiss}>✕</button>
    </span>
    ${clamp && long.open
      ? html`<details part="error-raw" class="error-raw"><summary>${w.rawError}</summary><pre>${shown.code ? `${shown.code}\n` : ''}${message}</pre></details>`
      : nothing}
  </div>`;
}

/** Each error's formatted block, made once (a new error is a new object): its plain text, then its markdown. */
const formattedErrors = new WeakMap<object, HTMLElement>();
function formatted(error: { message: string }, markdown: ErrorMarkdown): HTMLElement {
  let block = formattedErrors.get(error);
  if (block) return block;
  const made = (block = document.createElement('div'));
  made.className = 'error-text';
  made.textContent = error.message;
  formattedErrors.set(error, made);
  markdown()
    .then((m) => {
      made.replaceChildren(m.renderMarkdown(error.message));
      made.classList.add('markdown');
    })
    .catch(() => {}); // Not loaded: the plain text stays.
  return made;
}

/**
 * "Step n of max" and Stop while running (or the retry wait: `retryLine`,
 * the countdown's, once it is loaded; the wait in full until then), and the last call's token usage; Continue after an
 * interrupted run; an empty bar (keeping its height) otherwise. The wait is
 * announced once, through a live region whose text changes only with a new retry.
 */
export function renderStatusBar(c: ConversationState, stop: () => void, resume?: () => void, retryLine?: (wait: NonNullable<ConversationState['retry']>) => TemplateResult | undefined, s: ConversationSpeech = englishSpeech): TemplateResult {
  const { w } = s;
  const waiting = c.running && c.retry ? c.retry : null;
  return html`<div class="status-line status-bar">
    <span class="visually-hidden" role="status">${waiting ? retryText(waiting, s) : ''}</span>
    ${waiting
      ? (retryLine?.(waiting) ?? html`<span part="retry" class="step retry" data-remaining=${Math.max(1, Math.ceil(waiting.delayMs / 1000))}>${retryText(waiting, s)}</span>`)
      : c.running
      ? html`<span part="step" class="step">${c.step ? w.stepOf(s.count(c.step.n), s.count(c.step.max)) : w.starting}</span>`
      : nothing}
    ${c.usage && usageText(c.usage, s) ? html`<span part="usage" class="usage" title=${w.usageTitle}>${usageText(c.usage, s)}</span>` : nothing}
    ${c.running ? html`<button part="stop-button" @click=${stop}>${w.stop}</button>` : nothing}
    ${!c.running && c.interrupted && resume ? html`<button part="continue-button" @click=${resume}>${w.continue}</button>` : nothing}
  </div>`;
}

/**
 * "1,234 in · 56 out · context 30% of 4,096": what the last model call cost and
 * how full the window is (only when it is known). Empty when the model reported
 * nothing (0 in, 0 out is no count, just a model that does not count).
 */
export function usageText(u: UsageInfo, { w, count, percent }: ConversationSpeech = englishSpeech): string {
  if (u.promptTokens === 0 && u.completionTokens === 0) return '';
  const parts = [w.tokensIn(count(u.promptTokens)), w.tokensOut(count(u.completionTokens))];
  if (u.contextTokens) {
    // Rounded to a whole percent first, as the line has always shown it.
    const filled = Math.round(((u.promptTokens + u.completionTokens) / u.contextTokens) * 100) / 100;
    parts.push(w.contextFilled(percent(filled), count(u.contextTokens)));
  }
  return parts.join(' · ');
}

/** The quiet mark where older turns were folded or dropped, or a result cut, to fit the context: in `i18n`'s language. */
export function renderContextNote(item: ContextItem, i18n: I18n): TemplateResult {
  const text = contextNoteText(item.figures, i18n.words(noticeWords), i18n.format?.count ?? formatCount);
  return html`<p part="context-note" class="notice context-note" data-action=${item.action}>${text}</p>`;
}

/** A line of the log's own ("Stopped.", the step limit…): in `i18n`'s language when it is kept as data. */
export function renderNotice(item: NoticeItem, i18n: I18n): TemplateResult {
  const value = (text: string) => html`<span class="notice-value" translate="no" dir="auto">${text}</span>`;
  return html`<p class="notice" part=${item.part ?? nothing}>${noticeIn(i18n, i18n.format?.count ?? formatCount, item, value)}</p>`;
}

/**
 * "The server did not answer (HTTP 429): trying again in 30 s (attempt 2).":
 * the whole wait, as announced once; rounded up like the countdown's first value.
 */
export function retryText(retry: { attempt: number; delayMs: number; reason: string }, { w, count }: ConversationSpeech = englishSpeech): string {
  const seconds = Math.max(1, Math.ceil(retry.delayMs / 1000));
  return w.retryWait(retry.reason, count(seconds), count(retry.attempt));
}
