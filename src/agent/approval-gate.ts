/**
 * Approval is a pause in the loop: a call that needs approval waits here
 * until the page answers it, or until the run is cancelled. Every waiting
 * call settles — an unanswered promise would hang the run forever.
 */
import type { ApprovalAnswer } from '../types.js';

/** What a waiting call came to. */
export type ApprovalOutcome = ApprovalAnswer | { cancelled: true };

/** Holds the calls of the current run that wait for the user's answer. */
export class ApprovalGate {
  #waiting = new Map<string, (outcome: ApprovalOutcome) => void>();

  /** Waits for the answer to `callId`; settles as cancelled when `signal` fires. */
  wait(callId: string, signal: AbortSignal): Promise<ApprovalOutcome> {
    if (signal.aborted) return Promise.resolve({ cancelled: true });
    return new Promise((resolve) => {
      const onAbort = () => settle({ cancelled: true });
      const settle = (outcome: ApprovalOutcome) => {
        signal.removeEventListener('abort', onAbort);
        this.#waiting.delete(callId);
        resolve(outcome);
      };
      this.#waiting.set(callId, settle);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Delivers the page's answer. An answer for a call that is not waiting is ignored (and reported). */
  answer(callId: string, answer: ApprovalAnswer): boolean {
    const settle = this.#waiting.get(callId);
    if (!settle) return false;
    settle(answer);
    return true;
  }

  /** Ids of the calls waiting now. */
  get waiting(): string[] {
    return [...this.#waiting.keys()];
  }
}
