// The thread store of a "page" that can die, for the reload tests (test/agent/interrupted-run,
// sub-agent-resume, test/reliability/random-reloads): a session writes through it until
// `dead`, after which no write begun lands (those begun before may), as a closed tab's.
import type { ThreadStore, ThreadStorage, ThreadWrite } from '../../src/store/thread-store.js';
import type { AgentEvent } from '../../src/types.js';

/** A write that reached IndexedDB: when it was begun, and the events it carried. */
export interface LandedWrite {
  begun: number;
  events: AgentEvent[];
}

export class PageStore implements ThreadStorage {
  dead = false;
  /** Every write that landed, in the order they landed. */
  readonly landed: LandedWrite[] = [];
  constructor(readonly real: ThreadStore) {}
  load = (id: string) => this.real.load(id);
  write = (c: ThreadWrite) => {
    if (this.dead) return new Promise<void>(() => {});
    const begun = performance.now();
    return this.real.write(c).then(() => void this.landed.push({ begun, events: c.events.flatMap((b) => b.events) }));
  };
  replace = (r: Parameters<ThreadStorage['replace']>[0]) => this.real.replace(r);
  list = () => this.real.list();
  rename = (id: string, t: string) => this.real.rename(id, t);
  delete = (id: string) => this.real.delete(id);

  /**
   * Resolves once an event passing `test` is among `shown` and in a write that landed (10 s at most, then
   * throws): a page killed then has that event stored, which a fixed wait only guesses at (a loaded
   * machine's earlier write can outlast it).
   */
  async untilShownAndStored(shown: readonly AgentEvent[], test: (e: AgentEvent) => boolean, what = String(test)): Promise<void> {
    for (let i = 0; !shown.some(test) || !this.landed.some((w) => w.events.some(test)); i++) {
      if (i === 2000) throw new Error(`never shown and stored: ${what}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}
