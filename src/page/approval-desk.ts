/**
 * The page's side of an approval: the questions the worker asked
 * (`PageHost.askApproval`), each held until `agent.respond` answers it here.
 * The answer is the reply to the worker's one call — no second crossing.
 *
 * A page tool's arguments are checked against its schema when it is asked
 * about (the page owns the schema): an invalid call is answered `invalid` at
 * once, and `shown` takes it out of the approval request before any listener
 * sees it, so the user is never asked to approve a call that cannot run. The
 * worker asks before it emits the request (one port keeps the order), so the
 * checks have run by the time the request is delivered — except a check that
 * waits (a JSON Schema validator still loading, an async refinement): its call
 * stays in the request, and its `invalid` result follows within moments.
 *
 * A call the policy lets the page preview (`ask.preview`) whose tool has a
 * `preview` is shown to the previews (`PreviewHooks`, preview-desk.ts, a
 * chunk loaded with the first one) once its arguments passed, and sent
 * after its request (at once when a waiting check let the request go first);
 * when the user approves it unedited, the previews say whether it may still
 * run as shown — a target removed from the page since makes it `invalid`:
 * nothing runs, and its result says why.
 *
 * Invariant: every question settles — answered, found invalid, withdrawn by
 * the worker (`settle`), or given up when the page cancels or goes away.
 */
import type { ApprovalAsk, AskAnswer } from '../protocol/agent.js';
import type { AgentEvent, ApprovalAnswer, Tool, ValidationResult } from '../types.js';
import { errorMessage } from '../errors.js';

/** What the desk asks of the calls' previews (preview-desk.ts). */
export interface PreviewHooks {
  /** Call `ask` waits for the user and its tool previews: show what it will do, with its checked `args`; `requested`: its approval request was delivered already. */
  show(ask: ApprovalAsk, tool: Tool, args: unknown, requested: boolean): void;
  /** Why call `callId`, approved as shown, must not run now (a target left the page), or undefined. */
  stale(callId: string): string | undefined;
  /** Call `callId` was answered or withdrawn: its preview goes. */
  settled(callId: string): void;
  /** These calls' approval request was delivered: their previews follow it. */
  requested(callIds: readonly string[]): void;
}

interface Question {
  ask: ApprovalAsk;
  /** The page tool, when the page checks the arguments. */
  tool: Tool | undefined;
  /** The checked arguments (a page tool's, once its check passed). */
  args: unknown;
  /** Settles when the check of the arguments is done (at once when there is none). */
  checked: Promise<void>;
  /** True once the approval request holding the call was delivered: a preview shown after that (its check took longer) is sent at once. */
  requested: boolean;
  resolve(answer: AskAnswer): void;
}

/** The questions the worker waits on, by call id. */
export class ApprovalDesk {
  readonly #questions = new Map<string, Question>();
  /** Calls found invalid when asked about: taken out of their request when it is delivered. */
  readonly #invalid = new Set<string>();
  /** Calls approved along with a sibling's "always": a late answer to one of them is not an error. */
  readonly #approvedAlong = new Set<string>();
  readonly #previews: PreviewHooks | undefined;

  constructor(previews?: PreviewHooks) {
    this.#previews = previews;
  }

  /**
   * Holds the question of `ask` until it is answered; `tool` is the page tool
   * whose schema checks its arguments; `previewer`, the page tool whose
   * `preview` shows the call (when the policy allowed it: `ask.preview`).
   */
  ask(ask: ApprovalAsk, tool: Tool | undefined, previewer?: Tool): Promise<AskAnswer> {
    return new Promise((resolve) => {
      const question: Question = { ask, tool, args: ask.args, checked: Promise.resolve(), requested: false, resolve };
      this.#questions.set(ask.callId, question);
      const preview = ask.preview && previewer?.preview && this.#previews;
      if (!tool) {
        if (preview) preview.show(ask, previewer, ask.args, question.requested);
        return;
      }
      let checked: ReturnType<Tool['validate']>;
      try {
        checked = tool.validate(ask.args);
      } catch (err) {
        checked = { ok: false, error: errorMessage(err) };
      }
      const apply = (result: ValidationResult<unknown>) => {
        if (!result.ok) return this.#settle(ask.callId, { status: 'invalid', error: result.error }, true);
        question.args = result.value;
        if (preview && this.#questions.get(ask.callId) === question) preview.show(ask, previewer, result.value, question.requested);
      };
      // A thenable, not `instanceof Promise`: a tool made in another realm (a frame's page) returns that realm's promises.
      if (isThenable(checked)) question.checked = Promise.resolve(checked).then(apply, (err: unknown) => apply({ ok: false, error: errorMessage(err) }));
      else apply(checked);
    });
  }

  /**
   * The user's answer to call `callId`. Returns false when no question of
   * this page waits for it (the caller then passes it on to the worker).
   * Edited arguments of a page tool are checked here, once.
   */
  answer(callId: string, answer: ApprovalAnswer): boolean {
    const question = this.#questions.get(callId);
    if (!question) return this.#approvedAlong.delete(callId);
    if (!answer.approve) {
      this.#settle(callId, { status: 'denied', ...(answer.message !== undefined ? { message: answer.message } : {}) });
      return true;
    }
    const always = answer.always === true;
    const edited = answer.args !== undefined && JSON.stringify(answer.args) !== JSON.stringify(question.ask.args);
    if (!edited) {
      // A check still going (a validator loading) finishes first: found invalid, the call is answered so instead.
      void question.checked.then(() => {
        // Approved as previewed: a target that left the page since means it cannot run as the user saw it.
        const stale = this.#previews?.stale(callId);
        this.#settle(callId, stale !== undefined ? { status: 'invalid', error: stale } : { status: 'approved', args: question.args, edited: false, always, checked: question.tool !== undefined });
      });
      return true;
    }
    if (!question.tool) {
      this.#settle(callId, { status: 'approved', args: answer.args, edited: true, always, checked: false });
      return true;
    }
    // Taken off the desk now: a second answer to the same call is not waited for.
    this.#questions.delete(callId);
    this.#previews?.settled(callId);
    const tool = question.tool;
    void Promise.resolve()
      .then(() => tool.validate(answer.args))
      .then(
        (result) => question.resolve(result.ok ? { status: 'approved', args: result.value, edited: true, always, checked: true } : { status: 'invalid', error: result.error, editedArgs: answer.args }),
        (err: unknown) => question.resolve({ status: 'invalid', error: errorMessage(err), editedArgs: answer.args }),
      );
    return true;
  }

  /** The worker settled these calls otherwise: `withdrawn` (cancelled, timed out, answered there), or `approved` along with a sibling's "always". */
  settle(callIds: readonly string[], as: 'withdrawn' | 'approved'): void {
    for (const id of callIds) {
      const question = this.#questions.get(id);
      if (!question) continue;
      if (as === 'withdrawn') this.#settle(id, { status: 'withdrawn' });
      else {
        this.#approvedAlong.add(id);
        void question.checked.then(() => this.#settle(id, { status: 'approved', args: question.args, edited: false, always: false, checked: question.tool !== undefined }));
      }
    }
  }

  /** Gives up every question: the worker is gone (disposed, crashed), so nobody waits for the answers. */
  withdrawAll(): void {
    this.settle([...this.#questions.keys()], 'withdrawn');
  }

  /** True while call `callId` waits for an answer on this page. */
  waiting(callId: string): boolean {
    return this.#questions.has(callId);
  }

  /** `event` as listeners see it: an approval request without the calls found invalid (none left: no request); the previews follow it. */
  shown(event: AgentEvent): AgentEvent | undefined {
    if (event.type !== 'approval-request') return event;
    for (const { callId } of event.requests) {
      const question = this.#questions.get(callId);
      if (question) question.requested = true;
    }
    this.#previews?.requested(event.requests.map((r) => r.callId));
    if (this.#invalid.size === 0) return event;
    const requests = event.requests.filter((r) => !this.#invalid.delete(r.callId));
    return requests.length === event.requests.length ? event : requests.length > 0 ? { ...event, requests } : undefined;
  }

  #settle(callId: string, answer: AskAnswer, invalid = false): void {
    const question = this.#questions.get(callId);
    if (!question) return;
    this.#questions.delete(callId);
    if (invalid) this.#invalid.add(callId);
    this.#previews?.settled(callId);
    question.resolve(answer);
  }
}

/** True for a promise of any realm. */
function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
