/**
 * The session's stored thread as a record: what it is now (`record`), and
 * the changes to it as a whole — renamed, cleared, left for another. Only
 * the writer changes it (the binding says who that is); nothing here runs
 * while a run goes (the facade asks the run control first).
 */
import type { ThreadStorage } from '../../store/thread-store.js';
import { THREAD_SCHEMA_VERSION, defaultTitle, type ThreadRecord } from '../../thread-format.js';
import type { SessionState } from '../session-state.js';
import type { ThreadBinding } from './thread-binding.js';

/** What the records need besides the shared state and the binding. */
export interface RecordsDeps {
  store?: ThreadStorage;
  /** The clock for timestamps; default `Date.now`. */
  now?: () => number;
  /** The conversation was cleared: what was folded of it is void. */
  cleared(): void;
}

/** Reads, renames, clears and leaves the session's thread. */
export class ThreadRecords {
  readonly #state: SessionState;
  readonly #binding: ThreadBinding;
  readonly #deps: RecordsDeps;

  constructor(state: SessionState, binding: ThreadBinding, deps: RecordsDeps) {
    this.#state = state;
    this.#binding = binding;
    this.#deps = deps;
  }

  /** Thread `id` as held in memory (so also right when storing failed). */
  record(id: string): ThreadRecord {
    const now = (this.#deps.now ?? Date.now)();
    const { journal, history } = this.#state;
    const record: ThreadRecord = { schema: THREAD_SCHEMA_VERSION, id, title: journal?.title ?? defaultTitle(history), createdAt: journal?.createdAt ?? now, updatedAt: now, messages: structuredClone(history), events: structuredClone(this.#state.events) };
    const trace = this.#state.trace?.trace();
    if (trace && (trace.spans.length > 0 || trace.dropped > 0)) record.trace = trace;
    return record;
  }

  /** Renames the thread; resolves when it is stored (false without a working journal). */
  async rename(title: string): Promise<boolean> {
    this.#binding.assertWriter('Cannot rename');
    const { journal } = this.#state;
    if (!journal) return false;
    journal.title = title;
    await this.#state.save();
    return true;
  }

  /** Forgets the history, the events, the plan and the stored thread `id`; followers in other tabs are told. */
  async clear(id: string | undefined): Promise<void> {
    this.#binding.assertWriter('Cannot clear');
    const state = this.#state;
    this.#binding.forgetInterruption();
    state.history = [];
    state.events = [];
    state.trace?.restore(undefined);
    this.#deps.cleared();
    state.plan.restore(undefined);
    state.remote.restore([]);
    const { journal } = state;
    journal?.reset();
    if (id && journal) await this.#deps.store?.delete(id);
    this.#binding.publishCleared();
  }

  /** Leaves the thread for another: what is pending is written, the seat is given up (another tab may take the thread over), and the conversation is emptied. */
  async leave(): Promise<void> {
    const state = this.#state;
    await state.save().catch(() => {});
    this.#binding.close();
    state.history = [];
    state.events = [];
    state.trace?.restore(undefined);
    state.remote.restore([]);
    this.#binding.forgetInterruption();
    state.journal = undefined;
    // Approvals granted for good belong to the conversation they were granted in.
    state.resetApprovals();
  }

  /** Takes back "always allow" for `tool`; stored with the thread. */
  async revoke(tool: string): Promise<void> {
    this.#binding.assertWriter('Cannot revoke');
    if (this.#state.policy.revoke(tool)) this.#state.journal?.touchMeta();
    await this.#state.save().catch(() => {});
  }
}
