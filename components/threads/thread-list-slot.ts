/**
 * Where `<agent-chat show-threads>`'s thread list goes, up front: the list
 * itself (thread-list.ts, most of its code) loads as a chunk of its own the
 * first time `show-threads` is on, since most pages never show it. What must
 * not wait for that chunk stays here: `show-threads` without a thread opens
 * a new one before the agent is made (else the first agent would be made for
 * no thread, then replaced), and the `thread-change` event every switch fires.
 * Until the chunk is there (one local import, started with the first render,
 * beside the agent's own start) the list's closed frame stands in, so nothing
 * moves when it comes; the element's `updateComplete` waits for it.
 */
import { html, nothing, type ReactiveController, type TemplateResult } from 'lit';
import { switchThread, type ThreadListHost } from './thread-change.js';
import { formatCount } from '../format/index.js';
import { adoptStyles, trackLoad } from '../lazy-view.js';
import type { ConversationSource } from '../conversation/index.js';
import type { I18n } from '../i18n/index.js';

/** The thread list's place in the element, and the load of its chunk on first use. */
export class ThreadListSlot implements ReactiveController {
  readonly #host: ThreadListHost;
  readonly #conversation: ConversationSource;
  readonly #i18n: I18n;
  /** The list, once its chunk is here. */
  #list: { render(running: boolean): TemplateResult | symbol } | undefined;
  #loading: Promise<void> | undefined;

  /** `conversation`: the element's, handed on to the list; `i18n`: the element's language, the list's words. */
  constructor(host: ThreadListHost, conversation: ConversationSource, i18n: I18n) {
    this.#host = host;
    this.#conversation = conversation;
    this.#i18n = i18n;
    host.addController(this);
  }

  /** Before a render: `show-threads` without a thread opens a new one, so what is said is stored and listed; the list's chunk starts loading. */
  hostUpdate(): void {
    if (!this.#host.showThreads) return;
    if (!this.#host.thread) switchThread(this.#host, undefined, 'new');
    this.#loading ??= trackLoad(
      this.#host,
      import('./thread-list.js').then(
        ({ ThreadList }) => {
          // Added now, the list hears the host's next update and loads the threads then.
          this.#list = new ThreadList(this.#host, (id, reason) => switchThread(this.#host, id, reason), { html, nothing, formatCount, adoptStyles, i18n: this.#i18n }, this.#conversation);
          this.#host.requestUpdate();
        },
        (err: unknown) => console.error('pageloop: the thread list could not be loaded', err),
      ),
    );
  }

  render(running: boolean): TemplateResult | symbol {
    if (this.#list) return this.#list.render(running);
    // Until the chunk is in (a busy page start can hold it back 100-300 ms): the list's closed
    // frame, so the log below does not move when the list comes; inert, as there is nothing to open yet. Its title
    // is the list's own word (in the list's chunk, in the element's language): a blank line holds its place.
    return this.#host.showThreads ? html`<details class="drawer threads" inert><summary><span class="drawer-title">&nbsp;</span></summary></details>` : nothing;
  }
}
