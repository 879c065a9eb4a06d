/**
 * What a remote run's first request needs from the page — may it start (the
 * start gate, calls/start-gate.ts) and the app's context — had before the
 * run's first event goes out, not asked for after it. The page handles the
 * worker's messages in the order they came and draws what each event batch
 * changes as it handles it, so a question asked after `run-start` waits for
 * the page to draw the sent message and the run's start (4–10 ms on the bench
 * machine, bench/README's `agui.*` rows) before the request may leave.
 *
 * Two ways, whichever answers first:
 * - the page sends its answers right behind the run's start
 *   (`AgentWorkerApi.startAhead`, create-agent.ts), read after the task that
 *   sent the run, so a `cancel()` in that task is in them;
 * - the worker asks both as the run is begun, before its first event.
 *
 * Either is the answer the request's own question would have had: the page
 * refuses from its `cancel()` until its next run starts, and it starts the
 * run (accepting again) before it sends it, so an answer given after the send
 * is the page's answer about this run; a cancel after it is seen by the run's
 * signal, checked before and after (`mayStart`), as one that comes between any
 * question and its request is. The gate's answer is taken by the run's first
 * request only; each later request asks again. The context is the page's as
 * the user sent; later requests read it again.
 */
import type { RunAnswers } from '../protocol/agent.js';
import type { AppStateEntry } from './app-context.js';
import { mayStart } from './calls/index.js';
import type { ToolHost } from './session-types.js';

/** One run's answers: sent by the page, taken by the run, in either order. */
interface Slot {
  promise: Promise<RunAnswers>;
  resolve(answers: RunAnswers): void;
  sent: boolean;
  taken: boolean;
}

/** The answers the page sent ahead, by run id, until the run has taken them (a slot goes once both happened, or once a few later runs' came). */
export class AnswersAhead {
  readonly #slots = new Map<string, Slot>();

  /** The page's answers for run `runId` (`startAhead`). */
  answered(runId: string, answers: RunAnswers): void {
    const slot = this.#slot(runId);
    slot.resolve(answers);
    slot.sent = true;
    if (slot.taken) this.#slots.delete(runId);
  }

  /** Run `runId`'s answers, once the page sent them (they may never come: a page that did not send them). */
  take(runId: string): Promise<RunAnswers> {
    const slot = this.#slot(runId);
    slot.taken = true;
    if (slot.sent) this.#slots.delete(runId);
    return slot.promise;
  }

  #slot(runId: string): Slot {
    let slot = this.#slots.get(runId);
    if (!slot) {
      let resolve!: (answers: RunAnswers) => void;
      const promise = new Promise<RunAnswers>((r) => (resolve = r));
      this.#slots.set(runId, (slot = { promise, resolve, sent: false, taken: false }));
      // Answers for runs that never started (refused as busy) are not kept for long.
      if (this.#slots.size > 8) this.#slots.delete(this.#slots.keys().next().value!);
    }
    return slot;
  }
}

/** The page's answers a remote run's first request needs, had ahead. */
export class RunAhead {
  readonly #starts: Pick<ToolHost, 'mayStart'>;
  readonly #host: Pick<ToolHost, 'readContext'>;
  #gate: Promise<boolean> | undefined;
  #context: Promise<AppStateEntry[]> | undefined;

  /** Asks both now (call it before the run's first event is emitted), and takes `sent`, the page's answers sent ahead, when they come first. */
  constructor(starts: Pick<ToolHost, 'mayStart'>, host: Pick<ToolHost, 'readContext'>, sent?: Promise<RunAnswers>) {
    this.#starts = starts;
    this.#host = host;
    const asked = starts.mayStart ? settle(() => starts.mayStart!({ kind: 'model' })) : undefined;
    const read = this.#read();
    this.#gate = asked && (sent ? quiet(Promise.race([asked, sent.then((a) => a.mayStart)])) : asked);
    this.#context = sent ? quiet(Promise.race([read, sent.then((a) => a.context)])).catch(() => []) : read;
  }

  /** True when the run's next request may start (its first: the answer had ahead). */
  mayStart(signal: AbortSignal): Promise<boolean> {
    const early = this.#gate;
    this.#gate = undefined;
    return mayStart(early ? { mayStart: () => early } : this.#starts, { kind: 'model' }, signal);
  }

  /** The app's context for the run's next request (its first: the one had ahead). */
  appState(): Promise<AppStateEntry[]> {
    const early = this.#context;
    this.#context = undefined;
    return early ?? this.#read();
  }

  #read(): Promise<AppStateEntry[]> {
    return settle(async () => (await this.#host.readContext?.()) ?? []).catch(() => []);
  }
}

/** `ask()`'s promise, made now (its message posted in this task); a throw becomes a rejection. */
function settle<T>(ask: () => T | Promise<T>): Promise<T> {
  try {
    return quiet(Promise.resolve(ask()));
  } catch (err) {
    return quiet(Promise.reject(err));
  }
}

/** `promise`, its rejection not reported as unhandled when nobody takes it. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
