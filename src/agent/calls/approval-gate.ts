/**
 * Approval is a pause in the loop: a call that needs approval waits here
 * until it is answered, or until the run is cancelled. Every waiting call
 * settles — an unanswered promise would hang the run forever.
 *
 * Where the answer comes from: the page. The gate asks it once per call
 * (`PageHost.askApproval`, one round trip whose reply IS the user's answer:
 * the page checks a page tool's arguments first, which it owns the schema
 * of, and holds the question until `agent.respond` answers it there). An
 * answer may also reach the gate directly (`answer`): the first answer of a
 * resumed run, or a host with no page (a test, a benchmark).
 *
 * "Always allow" is applied here: an approving answer with `always` allows
 * the tool for good (in the policy) AND approves the other calls of the same
 * tool asked in the same request — the calls the user saw beside it, never
 * another caller's queued ones.
 *
 * With a timeout, a call nobody answers in time settles as `timed-out`, so an
 * unattended page never hangs. Whatever settles a call other than the page's
 * own answer withdraws the page's question.
 */
import type { ApprovalAnswer } from '../../types.js';
import type { ApprovalAsk, AskAnswer, PageHost } from '../../protocol/agent.js';
import type { ApprovalPolicy } from './approval-policy.js';

/** What a waiting call came to: the answer, a cancel, or no answer in time (`approvalTimeoutMs`). */
export type ApprovalOutcome = AskAnswer | { status: 'cancelled' } | { status: 'timed-out' };

/** Where the gate asks for answers: the page (absent for a session hosted with no page). */
export type AnswerDesk = Pick<PageHost, 'askApproval' | 'settleAsks'>;

interface Waiting {
  ask: ApprovalAsk;
  /** The request it was asked in: "always" approves along only calls of the same one. */
  batch: object;
  /** True while the page holds a question for it. */
  asked: boolean;
  settle(outcome: ApprovalOutcome): void;
}

/** Holds the calls that wait for the user's answer. */
export class ApprovalGate {
  readonly #waiting = new Map<string, Waiting>();
  /** Calls approved through a sibling's "always" with no page to answer them: a late direct answer to one is not wrong. */
  readonly #approvedAlong = new Set<string>();
  readonly #policy: ApprovalPolicy;
  readonly #desk: Required<AnswerDesk> | undefined;

  constructor(policy: ApprovalPolicy, desk?: AnswerDesk) {
    this.#policy = policy;
    this.#desk = desk?.askApproval && desk.settleAsks ? (desk as Required<AnswerDesk>) : undefined;
  }

  /**
   * Waits for the answer to `ask`, asked in request `batch`; settles as
   * cancelled when `signal` fires and as timed out after `timeoutMs` (if given).
   */
  wait(ask: ApprovalAsk, batch: object, signal: AbortSignal, timeoutMs?: number): Promise<ApprovalOutcome> {
    if (signal.aborted) return Promise.resolve({ status: 'cancelled' });
    // A new request: late answers to an older one's calls can no longer arrive in order.
    if (this.#waiting.size === 0) this.#approvedAlong.clear();
    return new Promise((resolve) => {
      const onAbort = () => settle({ status: 'cancelled' });
      const timer = timeoutMs !== undefined ? setTimeout(() => settle({ status: 'timed-out' }), timeoutMs) : undefined;
      const waiting: Waiting = { ask, batch, asked: false, settle: (outcome) => settle(outcome) };
      const settle = (outcome: ApprovalOutcome) => {
        if (this.#waiting.get(ask.callId) !== waiting) return;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.#waiting.delete(ask.callId);
        if (waiting.asked) void this.#desk?.settleAsks([ask.callId], 'withdrawn');
        if (outcome.status === 'approved') this.#approved(waiting, outcome.always);
        resolve(outcome);
      };
      this.#waiting.set(ask.callId, waiting);
      signal.addEventListener('abort', onAbort, { once: true });
      if (this.#desk) {
        waiting.asked = true;
        this.#desk.askApproval(ask).then(
          (answer) => {
            waiting.asked = false;
            if (answer.status !== 'withdrawn') settle(answer);
          },
          // The page is gone: nobody is left to answer, so nothing runs.
          () => ((waiting.asked = false), settle({ status: 'cancelled' })),
        );
      }
    });
  }

  /**
   * An answer that reached the worker itself. Returns false for a call that
   * is not waiting (the caller reports it); true also for one approved along
   * with a sibling's "always" just before.
   */
  answer(callId: string, answer: ApprovalAnswer): boolean {
    const waiting = this.#waiting.get(callId);
    if (!waiting) return this.#approvedAlong.delete(callId);
    const edited = answer.approve && answer.args !== undefined && JSON.stringify(answer.args) !== JSON.stringify(waiting.ask.args);
    waiting.settle(
      answer.approve
        ? { status: 'approved', args: edited ? answer.args : waiting.ask.args, edited, always: answer.always === true, checked: false }
        : { status: 'denied', ...(answer.message !== undefined ? { message: answer.message } : {}) },
    );
    return true;
  }

  /** An approved call: the policy learns it, and "always" approves its siblings of the same request. */
  #approved(waiting: Waiting, always: boolean): void {
    this.#policy.approved(waiting.ask.name, always);
    if (!always) return;
    const along = [...this.#waiting.values()].filter((w) => w.batch === waiting.batch && w.ask.name === waiting.ask.name);
    if (along.length === 0) return;
    // The page holds their checked arguments: it answers their questions as approved. Without a page, they run as asked.
    const asked = along.filter((w) => w.asked);
    if (asked.length > 0) void this.#desk!.settleAsks(asked.map((w) => w.ask.callId), 'approved');
    for (const w of along) {
      if (w.asked) continue;
      this.#approvedAlong.add(w.ask.callId);
      w.settle({ status: 'approved', args: w.ask.args, edited: false, always: false, checked: false });
    }
  }

  /** Ids of the calls waiting now. */
  get waiting(): string[] {
    return [...this.#waiting.keys()];
  }
}
