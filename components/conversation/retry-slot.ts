/**
 * Where `<agent-chat>`'s retry countdown goes, up front: the countdown itself
 * (retry-countdown.ts: its timer, its ticking line and its styles) is a chunk
 * loaded with the first retry wait, since most chats never wait to retry.
 * Until it is in, the status bar says the wait in full ("trying again in
 * 3 s"), as the countdown's first second does.
 */
import type { ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';
import { LazyView } from '../lazy-view.js';
import type { RetryCountdown, RetryWait } from './retry-countdown.js';
import type { ConversationSpeech } from './conversation-words.js';

/** Loads the retry countdown with the first wait, and draws its line. */
export class RetryCountdownSlot implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #current: () => RetryWait | null | undefined;
  readonly #view: LazyView<typeof import('./retry-countdown.js')>;
  #countdown: RetryCountdown | undefined;

  /** @param current The retry being waited for now (the conversation's), or none. */
  constructor(host: ReactiveControllerHost & HTMLElement, current: () => RetryWait | null | undefined) {
    this.#host = host;
    this.#current = current;
    this.#view = new LazyView(host, () => import('./retry-countdown.js'));
    host.addController(this);
  }

  /** Before a render: a wait starts the countdown's load; once loaded, the countdown (a controller of the element too) is made. */
  hostUpdate(): void {
    if (this.#countdown || !this.#current()) return;
    const countdown = this.#view.get();
    if (countdown) this.#countdown = new countdown.RetryCountdown(this.#host, this.#current);
  }

  /** The ticking line of `wait`, or undefined until the countdown is here. */
  line(wait: RetryWait, speech: ConversationSpeech): TemplateResult | undefined {
    const ms = this.#countdown?.remainingMs;
    return ms === undefined ? undefined : this.#view.get()?.renderRetryLine(wait, ms, speech);
  }
}
