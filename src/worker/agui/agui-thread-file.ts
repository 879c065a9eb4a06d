/**
 * A thread in AG-UI's event form (`threads.export(id, { format: 'ag-ui' })`,
 * and `threads.import` of such a file): a conversation that travels between
 * AG-UI tools.
 *
 *   { format: 'ag-ui-events', protocolVersion: '1.0', threadId, title, createdAt, updatedAt,
 *     events: [ RUN_STARTED, (user TEXT_MESSAGE_*), …the run's events…, RUN_FINISHED, RUN_STARTED, …,
 *               MESSAGES_SNAPSHOT (the whole history, attachments as content parts), RUN_FINISHED ] }
 *
 * Export writes each stored run with the writer `toAgUiAgent` streams with
 * (src/agui-event-form.ts); the last run carries a `MESSAGES_SNAPSHOT` of
 * the history, its images and files as 1.0's `image` and `document` parts
 * with their bytes, so a consumer that applies the events ends with exactly
 * the conversation. A thread made against a remote AG-UI server keeps the
 * server's thread id and message ids.
 *
 * Import replays the events as an event stream through the official
 * client's HTTP agent and its pipeline (`runAgent`: the chunk transform, `verifyEvents`, the apply step), so a
 * file that is not a valid AG-UI stream is refused with the client's words,
 * and reads back what the client holds: the messages (content parts back to
 * attachments with their bytes) and, per run, pageloop's events for the
 * conversation view (the remote loop's own mapper, src/worker/agui/agui-stream.ts).
 */
import type { AgentSubscriber, BaseEvent, ContentPart, Message } from '@ag-ui/client';
import type { AgentEvent, Attachment, ChatMessage, FinalReason } from '../../types.js';
import type { StoredAttachment } from '../../store/thread-store.js';
import type { ThreadRecord } from '../../thread-format.js';
import { AGUI_THREAD_FORMAT, THREAD_SCHEMA_VERSION } from '../../thread-format.js';
import { AgUiEventWriter, type AgUiEventData } from '../../agui-event-form.js';
import { fromAgUiMessages, toAgUiMessages } from './agui-messages.js';
import { StreamMapper } from './agui-stream.js';

/** The thread `record` (its attachments' bytes: `files`) as an AG-UI event file, JSON text. */
export async function toAgUiThreadFile(record: ThreadRecord, files: readonly StoredAttachment[]): Promise<string> {
  const remote = record.events.findLast((e): e is Extract<AgentEvent, { type: 'remote-thread' }> => e.type === 'remote-thread');
  const threadId = remote?.threadId ?? record.id;
  const bytes = new Map(files.map((f) => [f.id, f.data]));
  const { messages, ids } = await toAgUiMessages(record.messages, remote?.messageIds ?? record.messages.map((_, i) => `${record.id}-m${i}`), async (id) => bytes.get(id));
  // The n-th turn that came with the user's words is the history's n-th user message: its id is kept in both forms.
  const userIds = record.messages.flatMap((m, i) => (m.role === 'user' ? [ids[i]!] : []));
  const writer = new AgUiEventWriter(threadId);
  const events: AgUiEventData[] = [];
  let turn = 0;
  for (const e of record.events) {
    if (e.type === 'run-start') {
      if (writer.running) events.push(...writer.finish({ type: 'final', reason: 'interrupted', text: '' }));
      const user = e.input !== undefined ? { text: e.input, ...(userIds[turn] !== undefined ? { id: userIds[turn] } : {}) } : undefined;
      if (e.input !== undefined) turn++;
      events.push(...writer.start(e.runId, user));
    } else if (e.type === 'final') {
      if (writer.running && e.runId === undefined) events.push(...writer.finish(e));
    } else if (writer.running) {
      events.push(...writer.write(e));
    }
  }
  // The history rides in the last run, before its end (a thread with no run gets one that only carries it).
  if (!writer.running && events.length === 0) events.push(...writer.start(crypto.randomUUID()));
  const end = writer.running ? events.length : events.findLastIndex((e) => e.type === 'RUN_FINISHED' || e.type === 'RUN_ERROR');
  events.splice(end, 0, { type: 'MESSAGES_SNAPSHOT', messages } as AgUiEventData);
  if (writer.running) events.push(...writer.finish({ type: 'final', reason: 'interrupted', text: '' }));
  return JSON.stringify({ format: AGUI_THREAD_FORMAT, protocolVersion: '1.0', threadId, title: record.title, createdAt: record.createdAt, updatedAt: record.updatedAt, events });
}

/** An AG-UI event file read back through the official client: the thread record (id `id`) and its attachments' bytes. Throws, saying why, on a file that is not one. */
export async function fromAgUiThreadFile(file: unknown, id: string): Promise<{ record: ThreadRecord; attachments: StoredAttachment[] }> {
  const f = file as { threadId?: unknown; title?: unknown; createdAt?: unknown; updatedAt?: unknown; events?: unknown };
  if (!Array.isArray(f.events) || f.events.length === 0) throw new Error('`events` is not a list of AG-UI events');
  const events = f.events as BaseEvent[];
  const threadId = typeof f.threadId === 'string' ? f.threadId : id;
  // Replayed as a server would have streamed it (an event stream), through the official client's HTTP agent and pipeline.
  const { HttpAgent } = await import('@ag-ui/client');
  const body = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
  const replayed = async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  const shown = new Set<string>();
  const out: AgentEvent[] = [];
  let runEvents: AgentEvent[] = [];
  let user: { id?: string; text: string } | undefined;
  let mapper = new StreamMapper((e) => runEvents.push(e), shown);
  let error: { message: string; code?: string } | undefined;
  /** Each run's start, and the id of the user's message it came with (its attachments are found by it once the history is read). */
  const starts: Array<[Extract<AgentEvent, { type: 'run-start' }>, string | undefined]> = [];
  const endRun = (runId: string, reason: FinalReason) => {
    const start: Extract<AgentEvent, { type: 'run-start' }> = { type: 'run-start', runId, ...(user ? { input: user.text } : {}) };
    starts.push([start, user?.id]);
    out.push(start, ...runEvents);
    if (error) out.push({ type: 'error', message: error.message, retryable: false, ...(error.code ? { code: error.code } : {}) });
    out.push({ type: 'final', reason, text: reason === 'error' ? (error?.message ?? '') : mapper.lastText });
    runEvents = [];
    user = undefined;
    error = undefined;
  };
  let runId = '';
  const replay: AgentSubscriber = {
    ...handlersOf(() => mapper),
    onRunStartedEvent: ({ event }) => {
      runId = event.runId;
      mapper = new StreamMapper((e) => runEvents.push(e), shown);
    },
    onTextMessageStartEvent: (p) => {
      if (p.event.role === 'user') user = { id: p.event.messageId, text: '' };
      else mapper.onTextMessageStartEvent?.(p);
    },
    onTextMessageContentEvent: (p) => {
      if (user && p.event.messageId === user.id) user.text += p.event.delta;
      else mapper.onTextMessageContentEvent?.(p);
    },
    onRunFinishedEvent: (p) => {
      mapper.onRunFinishedEvent?.(p);
      const result = (p.event as { result?: { reason?: unknown } }).result;
      const said = typeof result?.reason === 'string' && FINAL_REASONS.has(result.reason as FinalReason) ? (result.reason as FinalReason) : undefined;
      endRun(runId, p.outcome === 'cancelled' ? (said === 'interrupted' ? 'interrupted' : 'cancelled') : p.outcome === 'interrupt' ? 'interrupted' : (said ?? 'answer'));
    },
    onRunErrorEvent: ({ event }) => {
      error = { message: event.message, ...(event.code ? { code: event.code } : {}) };
      endRun(runId, 'error');
    },
  };
  const agent = new HttpAgent({ url: 'about:blank', threadId, fetch: replayed });
  await agent.runAgent({}, replay);
  const { history, attachments, byMessage } = await fromMessages(agent.messages);
  for (const [start, userId] of starts) {
    const files = userId === undefined ? undefined : byMessage.get(userId);
    if (files) start.attachments = files;
  }
  const now = Date.now();
  const createdAt = typeof f.createdAt === 'number' ? f.createdAt : now;
  const record: ThreadRecord = {
    schema: THREAD_SCHEMA_VERSION,
    id,
    title: typeof f.title === 'string' ? f.title : '',
    messages: history,
    events: [...out, { type: 'remote-thread', threadId, messageIds: agent.messages.filter((m) => m.role !== 'activity' && m.role !== 'reasoning').map((m) => m.id) }],
    createdAt,
    updatedAt: typeof f.updatedAt === 'number' ? f.updatedAt : createdAt,
  };
  return { record, attachments: attachments.map(({ record: r, data }) => ({ id: r.id, data })) };
}

const FINAL_REASONS = new Set<FinalReason>(['answer', 'task_complete', 'ask_question', 'converse', 'max_iterations', 'cancelled', 'error', 'interrupted']);

/** The stream mapper's handlers, each calling the current run's mapper. */
function handlersOf(current: () => StreamMapper): AgentSubscriber {
  const names = ['onReasoningMessageContentEvent', 'onToolCallStartEvent', 'onToolCallArgsEvent', 'onToolCallEndEvent', 'onToolCallResultEvent', 'onStateChanged', 'onEvent', 'onMessagesChanged'] as const;
  return Object.fromEntries(names.map((name) => [name, (p: never) => (current()[name] as ((p: never) => unknown) | undefined)?.(p)])) as AgentSubscriber;
}

/** The history in pageloop's form: a message's image and document parts become attachments, with their bytes (also by message id). */
async function fromMessages(messages: readonly Message[]): Promise<{ history: ChatMessage[]; attachments: { record: Attachment; data: Blob }[]; byMessage: Map<string, Attachment[]> }> {
  const { history, ids } = fromAgUiMessages(messages, new Map());
  const byId = new Map(messages.map((m) => [m.id, m]));
  const attachments: { record: Attachment; data: Blob }[] = [];
  const byMessage = new Map<string, Attachment[]>();
  history.forEach((chat, i) => {
    const m = byId.get(ids[i]!);
    if (!m || (chat.role !== 'user' && chat.role !== 'tool') || (m.role !== 'user' && m.role !== 'tool') || !Array.isArray(m.content)) return;
    const parts = m.content as ContentPart[];
    const files: Attachment[] = [];
    for (const part of parts) {
      if ((part.type !== 'image' && part.type !== 'document') || part.source.type !== 'data') continue;
      const data = new Blob([Uint8Array.from(atob(part.source.value), (c) => c.charCodeAt(0))], { type: part.source.mimeType });
      const name = typeof part.metadata?.name === 'string' ? part.metadata.name : `${part.type}-${files.length + 1}`;
      const record: Attachment = { id: crypto.randomUUID(), name, type: part.source.mimeType, kind: part.type === 'image' ? 'image' : 'text', size: data.size };
      files.push(record);
      attachments.push({ record, data });
    }
    if (files.length === 0) return;
    const text = parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
    history[i] = chat.role === 'user' ? { role: 'user', content: text, attachments: files } : { ...chat, content: text, attachments: files };
    byMessage.set(m.id, files);
  });
  return { history, attachments, byMessage };
}
