/**
 * Scroll stickiness of the conversation log, as a Lit ReactiveController:
 * while the reader is at the bottom, new content keeps them there; once they
 * scroll up to read, nothing moves under them until they come back down or
 * send something.
 *
 * After an update it follows at the next animation frame, once however many
 * updates came before it: reading the log's height forces style and layout,
 * and done in each update it cost every agent event a layout of its own (the
 * most expensive thing the page did while a remote run's first token was on
 * its way: bench/README's `agui.*` rows). The frame's follow runs before that
 * frame paints, so nothing shows unscrolled.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How close to the bottom (px) still counts as "at the bottom". */
const STICK_DISTANCE = 32;

/** Keeps the log scrolled to the bottom while the reader is there. */
export class ScrollController implements ReactiveController {
  #log: () => HTMLElement | null;
  #stuck = true;
  /** No update has run yet: the log is new and empty (its content comes from the agent's events, later). */
  #first = true;
  /** A follow waits for the next animation frame. */
  #frame = false;

  /** @param log The scrolling element, once rendered. */
  constructor(host: ReactiveControllerHost, log: () => HTMLElement | null) {
    this.#log = log;
    host.addController(this);
  }

  /** Sticks to the bottom again (the user sent something: they want to see the reply). */
  stick(): void {
    this.#stuck = true;
  }

  /** Scrolls to the bottom if the reader is there. */
  follow(): void {
    if (!this.#stuck) return;
    const log = this.#log();
    if (log) log.scrollTop = log.scrollHeight;
  }

  /** The log's scroll listener: whether the reader is at the bottom now. */
  readonly onScroll = (e: Event): void => {
    const log = e.currentTarget as HTMLElement;
    this.#stuck = log.scrollHeight - log.scrollTop - log.clientHeight < STICK_DISTANCE;
  };

  hostUpdated(): void {
    // The first render's log has nothing to scroll; reading its height would force the
    // element's first style and layout in this task, which holds up the worker's start.
    if (this.#first) {
      this.#first = false;
      return;
    }
    if (this.#frame) return;
    this.#frame = true;
    requestAnimationFrame(() => {
      this.#frame = false;
      this.follow();
    });
  }
}
