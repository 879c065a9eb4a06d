/**
 * The thread list of `<agent-chat show-threads>` (part `threads`), as a Lit
 * ReactiveController, loaded on first use by thread-list-slot.ts: a disclosure over the stored threads — New thread,
 * open another, rename, delete (with a confirmation step) — that works at
 * any width (it drops down over the log instead of taking a side column) and
 * by keyboard alone (a list of buttons, arrow keys between threads, Escape
 * closes, `aria-current` on the open thread).
 *
 * Invariant: the element's `thread` attribute is the truth. Every switch
 * (open, New thread, deleting the open thread) sets the attribute — the
 * agent controller then replaces the agent and the log is re-rendered from
 * the thread's stored events — and fires `thread-change`; the list only ever
 * marks the thread the attribute names. While a reply runs nothing switches:
 * replacing the agent would cut the run off.
 */
import type { ReactiveController, TemplateResult, html as litHtml, nothing as litNothing } from 'lit';
import type { ThreadSummary } from '../../src/types.js';
import type { ThreadChangeReason, ThreadListHost, ThreadSwitch } from './thread-change.js';
import type { formatCount as chatFormatCount } from '../format/index.js';
import type { adoptStyles as chatAdoptStyles } from '../lazy-view.js';
import type { ConversationSource } from '../conversation/index.js';
import { dateTimeText, relativeTime } from './format-time.js';
import type { I18n } from '../i18n/index.js';
import { threadWords, type ThreadWords } from './thread-words.js';
import { threadListStyles } from './thread-list.styles.js';

/**
 * Lit's `html` and `nothing` and the element's `formatCount` and
 * `adoptStyles`, handed over by the element: imported here, in a chunk of
 * its own, they would be split out of the element's entry into shared
 * chunks (more bytes up front, more files).
 */
export interface ElementParts {
  readonly html: typeof litHtml;
  readonly nothing: typeof litNothing;
  readonly formatCount: typeof chatFormatCount;
  readonly adoptStyles: typeof chatAdoptStyles;
  /** The element's language: the list's words, dates and numbers. */
  readonly i18n: I18n;
}

export type { ThreadChangeDetail, ThreadChangeReason, ThreadListHost } from './thread-change.js';

/** Why the last load or change of the list failed, said in the language shown when drawn. */
type ThreadError = { say: 'threadsNotRead' | 'threadNotDeleted' | 'threadNotRenamed'; reason: string };

/** The row being edited: renaming it, or confirming its deletion. */
type RowMode = { id: string; mode: 'rename' | 'confirm-delete' } | undefined;

/** Keeps the stored threads listed and switches the element between them. */
export class ThreadList implements ReactiveController {
  #host: ThreadListHost;
  #switchTo: ThreadSwitch;
  #threads: ThreadSummary[] = [];
  /** Why the last load or change failed: said in the language shown when drawn. */
  #error: ThreadError | undefined;
  #open = false;
  #row: RowMode;
  /** The thread the list was last loaded for; another one means load again. */
  #listedFor: string | undefined | null = null;
  /** Answers of older loads are dropped: only the latest load is shown. */
  #loads = 0;
  #now: () => number;

  readonly #parts: ElementParts;

  /**
   * `switchTo` makes a thread the element's (a new one without an id); `parts`: the element's Lit and helpers (ElementParts);
   * `conversation`: the element's, whose runs change the open thread's row; `now` is the clock the dates are shown against.
   */
  constructor(host: ThreadListHost, switchTo: ThreadSwitch, parts: ElementParts, conversation: ConversationSource, now: () => number = () => Date.now()) {
    this.#host = host;
    this.#switchTo = switchTo;
    this.#parts = parts;
    this.#now = now;
    host.addController(this);
    // Its rows' styles come with it.
    parts.adoptStyles(host, threadListStyles);
    // A run that starts or ends changes the open thread's title, time or count.
    conversation.subscribe((event) => {
      if (this.#host.showThreads && (event.type === 'final' || event.type === 'run-start')) void this.refresh();
    });
  }

  /** After a render (the agent controller has made the thread's agent by now): load the list for a new thread. */
  hostUpdated(): void {
    if (!this.#host.showThreads || this.#listedFor === this.#host.thread) return;
    this.#listedFor = this.#host.thread;
    this.#row = undefined;
    void this.refresh();
  }

  /** Loads the stored threads again. */
  async refresh(): Promise<void> {
    const load = ++this.#loads;
    let threads: ThreadSummary[] | undefined;
    let error: ThreadError | undefined;
    try {
      threads = await this.#host.agent.threads.list();
    } catch (err) {
      error = { say: 'threadsNotRead', reason: err instanceof Error ? err.message : String(err) };
    }
    if (load !== this.#loads) return;
    if (threads) this.#threads = threads;
    this.#error = error;
    this.#host.requestUpdate();
  }

  /** Makes `id` (a new thread without one) the element's thread: the attribute, then the event. */
  #switch(id: string | undefined, reason: ThreadChangeReason): void {
    this.#switchTo(id, reason);
  }

  #root(): ShadowRoot | HTMLElement {
    return this.#host.shadowRoot ?? this.#host;
  }

  /** Focuses what `selector` finds in the list once the next render is on screen. */
  #focusAfterUpdate(selector: string, fallback?: string): void {
    void this.#host.updateComplete.then(() => {
      const root = this.#root();
      const target = root.querySelector<HTMLElement>(selector) ?? (fallback ? root.querySelector<HTMLElement>(fallback) : null);
      target?.focus();
    });
  }

  // ——— user actions ———

  #openThread(id: string): void {
    if (id === this.#host.thread) return this.#close(true);
    this.#switch(id, 'open');
    this.#close(false);
    this.#focusAfterUpdate('textarea[part~="input"]');
  }

  #newThread(): void {
    this.#switch(undefined, 'new');
    this.#close(false);
    this.#focusAfterUpdate('textarea[part~="input"]');
  }

  async #delete(id: string): Promise<void> {
    const ids = this.#shownThreads().map((t) => t.id);
    const next = ids[ids.indexOf(id) + 1] ?? ids[ids.indexOf(id) - 1];
    this.#row = undefined;
    try {
      await this.#host.agent.threads.delete(id);
    } catch (err) {
      this.#error = { say: 'threadNotDeleted', reason: err instanceof Error ? err.message : String(err) };
      this.#host.requestUpdate();
      return;
    }
    this.#threads = this.#threads.filter((t) => t.id !== id);
    // The open thread is gone: start a new one (the list loads again for it).
    if (id === this.#host.thread) this.#switch(undefined, 'deleted');
    else void this.refresh();
    this.#host.requestUpdate();
    this.#focusAfterUpdate(next && next !== id ? `[data-thread-id="${CSS.escape(next)}"] .thread-open` : '.thread-open', '[part~="new-thread-button"]');
  }

  async #rename(id: string, title: string): Promise<void> {
    this.#row = undefined;
    const trimmed = title.trim();
    if (trimmed !== '') {
      try {
        await this.#host.agent.threads.rename(id, trimmed);
        this.#threads = this.#threads.map((t) => (t.id === id ? { ...t, title: trimmed } : t));
      } catch (err) {
        this.#error = { say: 'threadNotRenamed', reason: err instanceof Error ? err.message : String(err) };
      }
    }
    this.#host.requestUpdate();
    this.#focusAfterUpdate(`[data-thread-id="${CSS.escape(id)}"] .thread-open`);
  }

  #setRow(row: RowMode, focus?: string): void {
    this.#row = row;
    this.#host.requestUpdate();
    if (focus) this.#focusAfterUpdate(focus);
  }

  /**
   * Closes the drawer in the DOM itself: `open` is the user's, so no render
   * binds it (a render between a click and its late `toggle` event would
   * close what the user just opened).
   */
  #close(focusSummary: boolean): void {
    const details = this.#root().querySelector<HTMLDetailsElement>('[part~="threads"]');
    if (details) details.open = false;
    this.#open = false;
    this.#row = undefined;
    this.#host.requestUpdate();
    if (focusSummary) this.#focusAfterUpdate('[part~="threads"] > summary');
  }

  readonly #onToggle = (e: Event): void => {
    const open = (e.currentTarget as HTMLDetailsElement).open;
    if (open === this.#open) return;
    this.#open = open;
    if (open) void this.refresh();
    else this.#row = undefined;
    this.#host.requestUpdate();
  };

  /** Arrow keys move between threads; Escape backs out of a row's edit, then closes the list. */
  readonly #onKeydown = (e: KeyboardEvent): void => {
    if (e.key === 'Escape') {
      e.preventDefault();
      if (this.#row) {
        const id = this.#row.id;
        this.#setRow(undefined, `[data-thread-id="${CSS.escape(id)}"] .thread-open`);
      } else this.#close(true);
      return;
    }
    const target = e.target as HTMLElement;
    if (!target.classList.contains('thread-open')) return;
    const buttons = [...this.#root().querySelectorAll<HTMLButtonElement>('.thread-open')];
    const at = buttons.indexOf(target as HTMLButtonElement);
    const to =
      e.key === 'ArrowDown' ? Math.min(at + 1, buttons.length - 1)
      : e.key === 'ArrowUp' ? Math.max(at - 1, 0)
      : e.key === 'Home' ? 0
      : e.key === 'End' ? buttons.length - 1
      : -1;
    if (to < 0) return;
    e.preventDefault();
    buttons[to]?.focus();
  };

  // ——— rendering ———

  /** The stored threads, with the open one first if it is not stored yet (nothing said in it). */
  #shownThreads(): ThreadSummary[] {
    const current = this.#host.thread;
    if (!current || this.#threads.some((t) => t.id === current)) return this.#threads;
    return [{ id: current, title: '', updated: 0, messageCount: 0 }, ...this.#threads];
  }

  /** The list, or nothing without `show-threads`. `running`: a reply is going, so nothing may switch. */
  render(running: boolean): TemplateResult | symbol {
    const { html, nothing } = this.#parts;
    if (!this.#host.showThreads) return nothing;
    const w = this.#parts.i18n.words(threadWords);
    const threads = this.#shownThreads();
    const current = threads.find((t) => t.id === this.#host.thread);
    return html`<details part="threads" class="drawer threads" @toggle=${this.#onToggle} @keydown=${this.#onKeydown}>
      <summary>
        <span class="drawer-title">${w.threads}</span>
        <span class="drawer-detail">${current ? titleOf(current, w) : ''}</span>
      </summary>
      <div class="threads-body">
        <div class="threads-actions">
          <button part="new-thread-button" class="primary" ?disabled=${running} @click=${() => this.#newThread()}>${w.newThread}</button>
          ${running ? html`<span class="threads-note">${w.stopToSwitch}</span>` : nothing}
        </div>
        ${this.#error ? html`<p class="drawer-error" role="alert">${w[this.#error.say](this.#error.reason)}</p>` : nothing}
        <ul class="drawer-items" aria-label=${w.threads}>
          ${threads.map((t) => this.#renderRow(t, t.id === this.#host.thread, running, w))}
        </ul>
      </div>
    </details>`;
  }

  #renderRow(t: ThreadSummary, isCurrent: boolean, running: boolean, w: ThreadWords): TemplateResult {
    const { html, nothing, i18n } = this.#parts;
    const title = titleOf(t, w);
    const format = i18n.format;
    const stored = t.updated > 0;
    const mode = this.#row?.id === t.id ? this.#row.mode : undefined;
    return html`<li part="thread" class="thread" data-thread-id=${t.id} data-current=${isCurrent ? 'true' : 'false'}>
      ${mode === 'rename'
        ? this.#renderRename(t, title, w)
        : html`<button class="thread-open" aria-current=${isCurrent ? 'true' : nothing} ?disabled=${running && !isCurrent}
            @click=${() => this.#openThread(t.id)}>
            <span class="thread-title">${title}</span>
            <span class="thread-meta">${stored
              ? html`<time datetime=${new Date(t.updated).toISOString()} title=${(format?.dateTime ?? dateTimeText)(t.updated)}>${(format?.relative ?? relativeTime)(t.updated, this.#now())}</time> · ${w.messageCount(t.messageCount, (format?.count ?? this.#parts.formatCount)(t.messageCount))}`
              : w.notSavedYet}</span>
          </button>`}
      ${mode === 'confirm-delete'
        ? html`<div class="thread-confirm" role="group" aria-label=${w.deleteThreadAsk(title)}>
            <span class="thread-confirm-text">${w.deleteThisThread}</span>
            <button part="confirm-delete-button" class="danger" @click=${() => void this.#delete(t.id)}>${w.deleteThread}</button>
            <button class="thread-cancel" @click=${() => this.#setRow(undefined, `[data-thread-id="${CSS.escape(t.id)}"] .thread-open`)}>${w.cancelThread}</button>
          </div>`
        : mode === 'rename' || !stored
        ? nothing
        : html`<div class="thread-row-actions">
            <button class="thread-rename" aria-label=${w.renameThreadLabel(title)} ?disabled=${running}
              @click=${() => this.#setRow({ id: t.id, mode: 'rename' }, `[data-thread-id="${CSS.escape(t.id)}"] input`)}>${w.renameThread}</button>
            <button part="delete-thread-button" class="thread-delete" aria-label=${w.deleteThreadLabel(title)} ?disabled=${running}
              @click=${() => this.#setRow({ id: t.id, mode: 'confirm-delete' }, `[data-thread-id="${CSS.escape(t.id)}"] .thread-cancel`)}>${w.deleteThread}</button>
          </div>`}
    </li>`;
  }

  #renderRename(t: ThreadSummary, title: string, w: ThreadWords): TemplateResult {
    const { html } = this.#parts;
    const inputId = `thread-title-${t.id}`;
    const submit = (e: Event) => {
      e.preventDefault();
      const input = (e.currentTarget as HTMLFormElement).querySelector('input')!;
      void this.#rename(t.id, input.value);
    };
    return html`<form class="thread-rename-form" @submit=${submit}>
      <label class="visually-hidden" for=${inputId}>${w.newTitleOf(title)}</label>
      <input id=${inputId} class="thread-title-input" .value=${t.title} maxlength="200" />
      <button type="submit">${w.saveTitle}</button>
      <button type="button" class="thread-cancel" @click=${() => this.#setRow(undefined, `[data-thread-id="${CSS.escape(t.id)}"] .thread-open`)}>${w.cancelThread}</button>
    </form>`;
  }
}

function titleOf(t: ThreadSummary, w: ThreadWords): string {
  return t.title.trim() || (t.updated > 0 ? w.untitledThread : w.newThread);
}
