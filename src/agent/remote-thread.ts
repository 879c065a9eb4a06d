/**
 * A conversation's side on a remote AG-UI agent (option `agui`), as its
 * events tell it: the server's thread id, the server's id of each history
 * message, the interrupts its last run ended on with the answers given so
 * far, and the shared state. It is kept by observing every event the session
 * records — as the trace recorder is — so a reload, a tab that takes over and
 * an imported thread rebuild it from the stored events alone; nothing else
 * is stored.
 *
 * Invariants:
 * - `messageIds[i]` is the server's id of history message `i` as of the last
 *   `remote-thread` event; messages added since have none yet (the remote
 *   run gives them ids and the next `remote-thread` event keeps them);
 * - an interrupt is answered once: the first `tool-result` of its call (an
 *   approval, a page tool's answer, a cancel) — the call it concerns, or its
 *   own when it concerns none — is the answer the next remote run resumes
 *   with, and the `remote-thread` event of that run's end replaces the list.
 */
import type { AgentEvent, InterruptInfo } from '../types.js';

/** An answer to one interrupt, as AG-UI's `resume` entries carry it. */
export interface ResumeAnswer {
  interruptId: string;
  status: 'resolved' | 'cancelled';
  payload?: unknown;
}

/** The remote side of one conversation, rebuilt from its events. */
export class RemoteThread {
  /** The server's id of this conversation, once a run has told it (or the first run chose it). */
  threadId: string | undefined;
  /** The server's id of each history message, in order, as of the last remote run. */
  messageIds: string[] = [];
  /** The state shared with the server; undefined until one side set it. */
  state: unknown = undefined;
  #interrupts: InterruptInfo[] = [];
  #answers = new Map<string, ResumeAnswer>();

  /** Takes in one recorded event (every event the session records comes here, in order). */
  observe(event: AgentEvent): void {
    switch (event.type) {
      case 'remote-thread':
        this.threadId = event.threadId;
        this.messageIds = [...event.messageIds];
        this.#interrupts = event.interrupts ? [...event.interrupts] : [];
        this.#answers.clear();
        break;
      case 'state':
        this.state = event.state;
        break;
      case 'tool-result': {
        // An interrupt about a call is answered on that call; any other by its own id.
        const interrupt = this.#interrupts.find((i) => i.id === event.callId || i.toolCallId === event.callId);
        if (interrupt && !this.#answers.has(interrupt.id)) this.#answers.set(interrupt.id, answerOf(interrupt.id, event));
        break;
      }
    }
  }

  /** Forgets everything, then replays `events` (a thread loaded, cleared or switched to). */
  restore(events: readonly AgentEvent[]): void {
    this.threadId = undefined;
    this.messageIds = [];
    this.state = undefined;
    this.#interrupts = [];
    this.#answers.clear();
    for (const event of events) this.observe(event);
  }

  /** The interrupts the last remote run ended on. */
  get interrupts(): readonly InterruptInfo[] {
    return this.#interrupts;
  }

  /** The answers given so far to those interrupts, in their order. */
  answers(): ResumeAnswer[] {
    return this.#interrupts.flatMap((i) => {
      const answer = this.#answers.get(i.id);
      return answer ? [answer] : [];
    });
  }

  /** The interrupts still waiting for an answer. */
  unanswered(): InterruptInfo[] {
    return this.#interrupts.filter((i) => !this.#answers.has(i.id));
  }
}

/**
 * The answer a result event gives an interrupt: what the user gave (an
 * approval's `{ approved: true }`, a page tool's value) resolves it; a denial
 * resolves it as not approved, with the user's reason; a cancel or a reload
 * that cut it off abandons it.
 */
function answerOf(interruptId: string, event: Extract<AgentEvent, { type: 'tool-result' }>): ResumeAnswer {
  if (event.status === 'ok') return { interruptId, status: 'resolved', payload: event.result };
  if (event.status === 'denied') return { interruptId, status: 'resolved', payload: { approved: false, ...(event.error ? { message: event.error } : {}) } };
  return { interruptId, status: 'cancelled' };
}
