/**
 * How much of a long log `<agent-chat>` draws: the latest `LOG_PAGE` items,
 * and earlier ones a page at a time when the reader asks (the "Show earlier"
 * button above them, part `log-earlier`). Drawing is what a long log costs:
 * an imported thread of 60,000 events held the page for 15–35 s drawing its
 * 30,000 cards; with the window it draws 200, whatever the log's length.
 *
 * The window counts from the end, so a live reply always shows, and it only
 * grows while the log is shown: a new conversation (cleared, another thread)
 * starts again at one page. The items drawn are a suffix of the log: nothing
 * between drawn items is ever left out. Items off the window are still in the
 * conversation state (the agent's history, approvals, search in the reducer's
 * items); only their DOM is not made.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { formatCount } from '../format/index.js';
import type { I18n } from '../i18n/index.js';
import { conversationWords } from './conversation-words.js';

/** How many items a page of the log is: the window's first size, and what "Show earlier" adds. */
export const LOG_PAGE = 200;

/** The window on a long log. */
export class LogWindow {
  #host: ReactiveControllerHost;
  #pages = 1;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  /** The items to draw: the last `pages × LOG_PAGE` of `items`. */
  drawn<T>(items: readonly T[]): readonly T[] {
    const size = this.#pages * LOG_PAGE;
    return items.length > size ? items.slice(items.length - size) : items;
  }

  /** The button that draws the page before the window, while anything is left out of it. */
  renderEarlier(total: number, i18n?: I18n): TemplateResult | typeof nothing {
    const hidden = total - this.#pages * LOG_PAGE;
    if (hidden <= 0) return nothing;
    const next = Math.min(hidden, LOG_PAGE);
    const w = i18n ? i18n.words(conversationWords) : conversationWords;
    const count = i18n?.format?.count ?? formatCount;
    return html`<button part="log-earlier" class="log-earlier" type="button" @click=${() => this.more()}>${w.showEarlier(count(next), count(hidden), next, hidden)}</button>`;
  }

  /** Draws one more page of earlier items. */
  more(): void {
    this.#pages++;
    this.#host.requestUpdate();
  }

  /** Back to one page: the log now shows another conversation. */
  reset(): void {
    this.#pages = 1;
  }
}
