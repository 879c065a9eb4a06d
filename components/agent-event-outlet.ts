/**
 * The page's view of `<agent-chat>`'s events: its public `agent-event`
 * (bubbling, composed), one per event of the agent, in the agent's order.
 * Inside the element nothing listens to it: the controllers hear the
 * conversation's signal (conversation-signal.ts), and this outlet is one
 * more subscriber there.
 *
 * Invariant: `final` means the answer is on screen as it will stay. A
 * `final` is dispatched only once `drawn()` settles — the element's update
 * done, the markdown renderer in, every reply rendered to its end — and in
 * the same task as the last of that drawing, so a listener reads the
 * finished, formatted message. Events that come while a `final` waits queue
 * behind it: the page still sees every event once, in order. Every other
 * event is dispatched at once, in the task that delivered it.
 *
 * @example
 * const outlet = new AgentEventOutlet(element, () => element.updateComplete);
 * conversation.subscribe((event) => outlet.send(event));
 */
import type { AgentEvent } from '../src/types.js';

/** Dispatches the agent's events on the element, holding each `final` until the answer is drawn. */
export class AgentEventOutlet {
  readonly #target: HTMLElement;
  readonly #drawn: () => Promise<unknown>;
  /** While a `final` waits to be drawn: it, and the events that came after it. */
  #held: AgentEvent[] | undefined;

  /** `drawn` resolves once what the events so far change is on screen (the element's `updateComplete`). */
  constructor(target: HTMLElement, drawn: () => Promise<unknown>) {
    this.#target = target;
    this.#drawn = drawn;
  }

  /** Dispatches `event` now, or after the `final` it waits behind. */
  send(event: AgentEvent): void {
    if (this.#held) {
      this.#held.push(event);
      return;
    }
    // Not in a document: nothing is drawn, nothing to wait for.
    if (event.type !== 'final' || !this.#target.isConnected) return this.#dispatch(event);
    const held = (this.#held = [event]);
    const release = (): void => {
      this.#held = undefined;
      this.#dispatch(event);
      // The events that queued behind it, in order: a later `final` among them waits for its own drawing.
      for (const e of held.slice(1)) this.send(e);
    };
    // A drawing that fails still lets the events go: a page never waits for ever.
    this.#drawn().then(release, release);
  }

  #dispatch(event: AgentEvent): void {
    this.#target.dispatchEvent(new CustomEvent<AgentEvent>('agent-event', { detail: event, bubbles: true, composed: true }));
  }
}
