/**
 * The wait before a retry (a `retry` event: 429 with retry-after, a 5xx, a
 * failed connection) as a countdown, as a Lit ReactiveController: the
 * element shows the seconds left, updated once a second, and stops at 0.
 *
 * Invariants: the wait is measured from when this controller first saw the
 * `retry` object (the event reaches the page as the wait starts), so a
 * re-render never restarts it; one timer at most is pending, scheduled for the
 * moment the shown whole second changes, and none once the wait is over, the
 * retry is gone or the element is disconnected. Screen readers hear the wait
 * once, from a polite live region whose text changes only with a new retry
 * (`retryAnnouncement`); the ticking line is not a live region, so it is
 * never read out tick by tick. The clock is injectable for tests.
 *
 * A chunk of its own, with its styles, loaded with the first retry wait by
 * `RetryCountdownSlot` (retry-slot.ts): most chats never wait to retry. The
 * wait is then measured from when the loaded countdown first sees it, a few
 * milliseconds after the event (its chunk's load); later waits, at once.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { ConversationSpeech } from './conversation-words.js';

/** Its styles, adopted by the element when this module loads (lazy-view.ts). */
export { retryStyles as styles } from './retry-countdown.styles.js';

/** What a `retry` event says about the wait. */
export interface RetryWait {
  attempt: number;
  delayMs: number;
  reason: string;
}

/** The time source and timer of a countdown; tests pass a fake one. */
export interface CountdownClock {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Calls `fn` once after `ms`; returns a cancel function. */
  after(ms: number, fn: () => void): () => void;
}

/** The page's clock: `performance.now()` and `setTimeout`. */
export const systemClock: CountdownClock = {
  now: () => performance.now(),
  after: (ms, fn) => {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
};

/** Counts down the current retry wait and re-renders its host once a second. */
export class RetryCountdown implements ReactiveController {
  #host: ReactiveControllerHost;
  #current: () => RetryWait | null | undefined;
  #clock: CountdownClock;
  #wait: RetryWait | undefined;
  #startedAt = 0;
  #cancelTick: (() => void) | undefined;

  /** @param current The retry being waited for now (the conversation's), or none. */
  constructor(host: ReactiveControllerHost, current: () => RetryWait | null | undefined, clock: CountdownClock = systemClock) {
    this.#host = host;
    this.#current = current;
    this.#clock = clock;
    host.addController(this);
  }

  /** Milliseconds left of the current wait (0 once over), or undefined when none. */
  get remainingMs(): number | undefined {
    if (!this.#wait) return undefined;
    return Math.max(0, this.#wait.delayMs - (this.#clock.now() - this.#startedAt));
  }

  /** Whole seconds left, as shown (rounded up: "1 s" until the wait is over). */
  get remainingSeconds(): number | undefined {
    const ms = this.remainingMs;
    return ms === undefined ? undefined : Math.ceil(ms / 1000);
  }

  hostUpdate(): void {
    const wait = this.#current() ?? undefined;
    if (wait === this.#wait) return;
    this.#stop();
    this.#wait = wait;
    if (!wait) return;
    this.#startedAt = this.#clock.now();
    this.#schedule();
  }

  hostDisconnected(): void {
    this.#stop();
  }

  hostConnected(): void {
    if (this.#wait) this.#schedule();
  }

  /** Sets one timer for when the shown second changes; none once at 0. */
  #schedule(): void {
    this.#cancelTick?.();
    this.#cancelTick = undefined;
    const ms = this.remainingMs;
    if (ms === undefined || ms <= 0) return;
    // Until the next whole second down (ceil changes there), at least 1 ms.
    const untilChange = Math.max(1, ms - (Math.ceil(ms / 1000) - 1) * 1000);
    this.#cancelTick = this.#clock.after(untilChange, () => {
      this.#cancelTick = undefined;
      this.#host.requestUpdate();
      this.#schedule();
    });
  }

  #stop(): void {
    this.#cancelTick?.();
    this.#cancelTick = undefined;
  }
}

/** "HTTP 429: trying again in 12 s (attempt 2)": the visible, ticking line. */
export function retryCountdownText(wait: RetryWait, remainingMs: number, { w, count }: ConversationSpeech): string {
  const seconds = Math.ceil(Math.max(0, remainingMs) / 1000);
  return seconds > 0 ? w.retryWait(wait.reason, count(seconds), count(wait.attempt)) : w.retryNow(wait.reason, count(wait.attempt));
}

/**
 * The retry line of the status bar: the ticking text (not a live region) and
 * a pulse that only animates when the user allows motion.
 */
export function renderRetryLine(wait: RetryWait, remainingMs: number, speech: ConversationSpeech): TemplateResult {
  return html`<span part="retry" class="step retry" data-remaining=${Math.ceil(remainingMs / 1000)}>
    <span class="retry-pulse" aria-hidden="true"></span>${retryCountdownText(wait, remainingMs, speech)}</span>`;
}
