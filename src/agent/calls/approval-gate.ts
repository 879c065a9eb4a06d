/**
 * Approval is a pause in the loop: a call that needs approval waits here
 * until the page answers it, or until the run is cancelled. Every waiting
 * call settles — an unanswered promise would hang the run forever.
 *
 * "Always allow" is applied here, not by the page: an approving answer with
 * `always: true` allows that tool for the rest of the agent's life AND
 * approves the other calls of the same tool waiting now (asked in the same
 * turn), with their own arguments.
 *
 * With a timeout, a call nobody answers in time settles as `timedOut` (the
 * loop denies it with a clear message), so an unattended page never hangs.
 */
import type { ApprovalAnswer } from '../../types.js';

/** What a waiting call came to: the page's answer, a cancel, or no answer in time (`approvalTimeoutMs`). */
export type ApprovalOutcome = ApprovalAnswer | { cancelled: true } | { timedOut: true };

interface Waiting {
  name: string;
  settle(outcome: ApprovalOutcome): void;
}

/** Holds the calls of the current run that wait for the user's answer, and the tools allowed for good. */
export class ApprovalGate {
  #waiting = new Map<string, Waiting>();
  #allowed = new Set<string>();
  /** Calls approved through a sibling's "always"; a page that still answers them itself is not wrong. */
  #approvedAlong = new Set<string>();
  /** Tools allowed for good whose next call asks again: untrusted content entered the conversation since. */
  #recheck = new Set<string>();

  /** True when the user allowed tool `name` for good, and no untrusted content came in since its last approval. */
  allows(name: string): boolean {
    return this.#allowed.has(name) && !this.#recheck.has(name);
  }

  /**
   * Untrusted content (a fetched page, page text) entered the conversation:
   * every tool allowed for good asks once more for its next call.
   */
  distrust(): void {
    for (const name of this.#allowed) this.#recheck.add(name);
  }

  /**
   * Waits for the answer to call `callId` of tool `name`; settles as cancelled
   * when `signal` fires, and as timed out after `timeoutMs` (if given).
   */
  wait(callId: string, name: string, signal: AbortSignal, timeoutMs?: number): Promise<ApprovalOutcome> {
    if (signal.aborted) return Promise.resolve({ cancelled: true });
    // A new turn asks: late answers to an older turn's calls can no longer arrive in order.
    if (this.#waiting.size === 0) this.#approvedAlong.clear();
    return new Promise((resolve) => {
      const onAbort = () => settle({ cancelled: true });
      const timer = timeoutMs !== undefined ? setTimeout(() => settle({ timedOut: true }), timeoutMs) : undefined;
      const settle = (outcome: ApprovalOutcome) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.#waiting.delete(callId);
        resolve(outcome);
      };
      this.#waiting.set(callId, { name, settle });
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * Delivers the page's answer. Returns false for a call that is not waiting
   * (the caller reports it), true when it was delivered — or when the call
   * was already approved along with a sibling's "always".
   */
  answer(callId: string, answer: ApprovalAnswer): boolean {
    const waiting = this.#waiting.get(callId);
    if (!waiting) return this.#approvedAlong.delete(callId);
    waiting.settle(answer);
    // The user saw this call after the untrusted content: the tool is allowed again as before.
    if (answer.approve) this.#recheck.delete(waiting.name);
    if (answer.approve && answer.always) {
      this.#allowed.add(waiting.name);
      for (const [id, other] of this.#waiting) {
        if (other.name !== waiting.name) continue;
        this.#approvedAlong.add(id);
        other.settle({ approve: true });
      }
    }
    return true;
  }

  /** The tools allowed for good, e.g. to store them with the thread. */
  get allowed(): string[] {
    return [...this.#allowed];
  }

  /** Allows tools for good again (a stored thread's decisions). */
  allow(names: readonly string[]): void {
    for (const name of names) this.#allowed.add(name);
  }

  /** Takes back "always allow" for tool `name`; returns whether it was allowed. */
  revoke(name: string): boolean {
    return this.#allowed.delete(name);
  }

  /** Ids of the calls waiting now. */
  get waiting(): string[] {
    return [...this.#waiting.keys()];
  }
}
