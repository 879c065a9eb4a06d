/**
 * A pageloop agent as an AG-UI agent: `toAgUiAgent(agent)` is a subclass of
 * the official client's `AbstractAgent` whose `run()` drives the in-page
 * loop and streams its events in AG-UI 1.0's form (src/agui-event-form.ts),
 * so any AG-UI front end (`runAgent` with subscribers, CopilotKit,
 * assistant-ui's AG-UI runtime) drives the page's agent with no server.
 *
 *   runAgent({ messages: […, user "book a table"] })  → agent.send("book a table")
 *     … text, reasoning, tool calls and results       ← the run's events
 *     a call needs approval                           ← RUN_FINISHED { interrupt: [{ id: callId, reason: "tool_approval" }] }
 *   runAgent({ resume: [{ interruptId, status, payload: { approved } }] })
 *                                                     → agent.respond(callId, …): the same pageloop run goes on
 *     … the call runs, the reply                      ← RUN_FINISHED { success, usage }
 *
 * The conversation is the pageloop agent's (its thread, stored in the
 * browser): a run sends the input's last user message (its text, and its
 * image and document parts as attachments); the front end's earlier
 * messages are not replayed into it. The input's `context` becomes the
 * agent's app context for the run, a changed `state` its shared state.
 * Approvals go through the agent's one approval policy: only calls it asks
 * about become interrupts.
 *
 * Invariants: each `run()` emits exactly one RUN_STARTED and ends with one
 * RUN_FINISHED or RUN_ERROR (the official `verifyEvents` holds); an
 * interrupt leaves the pageloop run waiting, and only a resume (or Stop:
 * `abortRun`, an unsubscribe) moves it on.
 */
import { AbstractAgent, type BaseEvent, type ContentPart, type Message, type ResumeEntry, type RunAgentInput } from '@ag-ui/client';
import { Observable } from 'rxjs';
import type { Agent, AgentEvent, ApprovalAnswer, AttachmentData } from '../types.js';
import { AgUiEventWriter, type AgUiEventData } from '../agui-event-form.js';
import { isRecord } from '../is-record.js';

/** Options of `toAgUiAgent`. */
export interface AgUiAgentOptions {
  /** The AG-UI agent's id (default: a fresh one). */
  agentId?: string;
  /** What the agent does, for the front end. */
  description?: string;
}

/** The kind of answer each interrupt the last run ended on waits for, by id (a call's id). */
type Waiting = 'approval' | 'input';

/** `agent` as an AG-UI agent (the official client's `AbstractAgent`). */
export function toAgUiAgent(agent: Agent, options: AgUiAgentOptions = {}): PageloopAgUiAgent {
  return new PageloopAgUiAgent(agent, options);
}

/** The AG-UI face of a pageloop agent (see the file's head). */
export class PageloopAgUiAgent extends AbstractAgent {
  readonly #agent: Agent;
  readonly #options: AgUiAgentOptions;
  readonly #writers = new Map<string, AgUiEventWriter>();
  readonly #waiting = new Map<string, Waiting>();
  /** The context entries the last input set (taken away when the next one comes). */
  #context: string[] = [];

  constructor(agent: Agent, options: AgUiAgentOptions = {}) {
    super({ ...(options.agentId !== undefined ? { agentId: options.agentId } : {}), ...(options.description !== undefined ? { description: options.description } : {}) });
    this.#agent = agent;
    this.#options = options;
  }

  /** Stop: the pageloop run is cancelled, and the AG-UI run ends with a cancelled outcome. */
  override abortRun(): void {
    this.#agent.cancel();
    super.abortRun();
  }

  /** A copy on the same pageloop agent (front ends clone agents per thread). */
  override clone(): PageloopAgUiAgent {
    const copy = new PageloopAgUiAgent(this.#agent, this.#options);
    copy.agentId = this.agentId;
    copy.threadId = this.threadId;
    copy.messages = structuredClone(this.messages);
    copy.state = structuredClone(this.state);
    copy.subscribers = [...this.subscribers];
    copy.pendingInterrupts = structuredClone(this.pendingInterrupts);
    return copy;
  }

  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      let writer = this.#writers.get(input.threadId);
      if (!writer) this.#writers.set(input.threadId, (writer = new AgUiEventWriter(input.threadId)));
      const w = writer;
      let ended = false;
      const emit = (events: readonly AgUiEventData[]) => {
        for (const e of events) subscriber.next(e);
      };
      const end = (events: readonly AgUiEventData[]) => {
        if (ended) return;
        ended = true;
        off();
        emit(events);
        subscriber.complete();
      };
      const listener = (e: AgentEvent) => {
        if (ended) return;
        if (e.type === 'final') {
          // A final that names a run is another run's (one the page died in, given up): not this one's end.
          if (e.runId === undefined) end(w.finish(e));
          return;
        }
        if (e.type === 'approval-request') {
          for (const r of e.requests) this.#waiting.set(r.callId, 'approval');
          end(w.interruptForApprovals(e.requests));
          return;
        }
        if (e.type === 'input-request') {
          this.#waiting.set(e.callId, 'input');
          end(w.interruptForInput(e.callId, e.name, e.args));
          return;
        }
        emit(w.write(e));
      };
      const off = this.#agent.on(listener);
      emit(w.start(input.runId));
      this.#begin(input).catch((err: unknown) => {
        if (ended) return;
        const message = err instanceof Error ? err.message : String(err);
        end([...w.finish({ type: 'final', reason: 'error', text: message }).filter((e) => e.type !== 'RUN_ERROR'), { type: 'RUN_ERROR', message, code: 'bad-request' } as AgUiEventData]);
      });
      // Unsubscribed before the run ended (the front end went away, or stopped it): the pageloop run is stopped too.
      return () => {
        if (ended) return;
        ended = true;
        off();
        this.#agent.cancel();
      };
    });
  }

  /** Starts (or resumes) the pageloop run the input asks for. */
  async #begin(input: RunAgentInput): Promise<void> {
    await this.#agent.ready;
    this.#takeContext(input.context);
    if (isRecord(input.state) && Object.keys(input.state).length > 0 && JSON.stringify(input.state) !== JSON.stringify(this.#agent.state ?? {})) this.#agent.setState(input.state);
    if (input.resume && input.resume.length > 0) return this.#resume(input.resume);
    const last = input.messages.at(-1);
    if (last?.role !== 'user') {
      // No new user message (the front end runs the thread as it is): the loop runs again on its history.
      this.#agent.retry();
      return;
    }
    const { text, attachments } = await userTurn(last);
    this.#agent.send(text, attachments.length > 0 ? { attachments } : {});
  }

  /** Answers the interrupts the last run ended on: approvals through `respond`, a waiting tool through `answer`. */
  async #resume(entries: readonly ResumeEntry[]): Promise<void> {
    const pending = new Set((await this.#agent.pending()).map((r) => r.callId));
    for (const entry of entries) {
      const kind = this.#waiting.get(entry.interruptId) ?? (pending.has(entry.interruptId) ? 'approval' : undefined);
      if (!kind) throw new Error(`Nothing waits for interrupt "${entry.interruptId}": answer the interrupts of the run that ended with them.`);
      this.#waiting.delete(entry.interruptId);
      if (kind === 'approval') this.#agent.respond(entry.interruptId, approvalAnswer(entry));
      else if (entry.status === 'cancelled') this.#agent.cancel();
      else if (!(await this.#agent.answer(entry.interruptId, entry.payload))) throw new Error(`The call "${entry.interruptId}" no longer waits for an answer.`);
    }
  }

  /** The input's context as the agent's app context: each entry under its description (the last input's replace the ones before). */
  #takeContext(context: RunAgentInput['context']): void {
    for (const name of this.#context) this.#agent.context.delete(name);
    this.#context = context.map((c) => c.description);
    for (const c of context) this.#agent.context.set(c.description, readJson(c.value));
  }
}

/** An approval interrupt's answer: `{ approved: true, args? }` runs the call (edited when `args` is given); anything else refuses it. */
function approvalAnswer(entry: ResumeEntry): ApprovalAnswer {
  const p: unknown = entry.payload;
  const approved = entry.status === 'resolved' && (p === true || (isRecord(p) && p.approved === true));
  if (!approved) {
    const message = isRecord(p) && typeof p.message === 'string' ? p.message : entry.status === 'cancelled' ? 'The approval was cancelled.' : undefined;
    return { approve: false, ...(message ? { message } : {}) };
  }
  return isRecord(p) && 'args' in p ? { approve: true, args: p.args } : { approve: true };
}

/** The user's message as pageloop sends it: its text, its image and document parts as attachments. */
async function userTurn(message: Extract<Message, { role: 'user' }>): Promise<{ text: string; attachments: AttachmentData[] }> {
  const content: string | ContentPart[] = message.content;
  if (typeof content === 'string') return { text: content, attachments: [] };
  const texts: string[] = [];
  const attachments: AttachmentData[] = [];
  for (const [i, part] of content.entries()) {
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'image' || part.type === 'document') attachments.push(await fileOf(part, i));
  }
  return { text: texts.join('\n'), attachments };
}

/** A media part's bytes as an attachment (inline data, or fetched from its URL). */
async function fileOf(part: Extract<ContentPart, { type: 'image' | 'document' }>, i: number): Promise<AttachmentData> {
  const named = isRecord(part.metadata) && typeof part.metadata.name === 'string' ? part.metadata.name : undefined;
  const { source } = part;
  if (source.type === 'data') {
    const bytes = Uint8Array.from(atob(source.value), (c) => c.charCodeAt(0));
    return { name: named ?? `${part.type}-${i + 1}`, type: source.mimeType, data: new Blob([bytes], { type: source.mimeType }) };
  }
  const blob = await (await fetch(source.value)).blob();
  const type = source.mimeType ?? blob.type;
  return { name: named ?? (source.value.split('/').pop() || `${part.type}-${i + 1}`), type, data: blob };
}

/** A context value as sent (JSON text, by convention): the value it holds, or the text itself. */
function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
