/**
 * A `Run` on the page: the events of one run as an async iterable, and a
 * `done` promise that resolves with its final event. Events are queued, so
 * a consumer that starts iterating late still sees every event from the start.
 */
import type { AgentEvent, FinalEvent, Run } from '../types.js';

export class RunStream implements Run {
  readonly done: Promise<FinalEvent>;
  #events: AgentEvent[] = [];
  #final: FinalEvent | undefined;
  /** The consumers waiting for the next event (a run may be read by several: the app, the element, its composer). */
  #wake: Array<() => void> = [];
  #resolveDone!: (e: FinalEvent) => void;

  constructor(readonly runId: string) {
    this.done = new Promise((resolve) => (this.#resolveDone = resolve));
  }

  get finished(): boolean {
    return this.#final !== undefined;
  }

  /** Adds an event; the final event ends the run, and anything after it is dropped. */
  push(event: AgentEvent): void {
    if (this.#final) return;
    this.#events.push(event);
    if (event.type === 'final') {
      this.#final = event;
      this.#resolveDone(event);
    }
    for (const wake of this.#wake.splice(0)) wake();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<AgentEvent> {
    for (let i = 0; ; i++) {
      while (i >= this.#events.length) await new Promise<void>((resolve) => this.#wake.push(resolve));
      const event = this.#events[i]!;
      yield event;
      if (event.type === 'final') return;
    }
  }
}
