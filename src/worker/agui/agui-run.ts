/**
 * The remote loop of option `agui`: one pageloop run — the user's turn, from
 * `run-start` to its one final event — carried by as many AG-UI runs on the
 * server as it takes, with the official client (`HttpAgent`) in this worker.
 *
 *   send "book a table"          → AG-UI run 1 (messages, tools, context, state)
 *     server calls page tool      ← RUN_FINISHED, the call left pending
 *     the page runs it (approval) → AG-UI run 2 (… + the tool message)
 *     server interrupts           ← RUN_FINISHED { outcome: interrupt }
 *     the user answers            → AG-UI run 3 (resume: [{ interruptId, … }])
 *     server answers              ← RUN_FINISHED → final `answer`
 *
 * Each AG-UI run is one `iteration` (its trace span), counted against
 * `maxIterations`. After each, the history is what the client holds (the
 * run's new messages, or a `MESSAGES_SNAPSHOT`'s list) and a `remote-thread`
 * event keeps the server's thread id, message ids and interrupts with the
 * thread — so a reload carries the same server thread on, and a run paused
 * on an interrupt or a frontend tool is resumed as the in-page loop's is.
 *
 * Invariants: exactly one final event (returned); every tool call in the
 * history answered exactly once (a frontend call by the page, a cancelled or
 * failed run's open calls as such); the page's tools only ever run through
 * `executeCalls`, i.e. the one approval policy; an interrupt is asked of
 * that policy too (as a tool that always needs approval) and never runs
 * anything itself.
 */
import type { Context, Interrupt, ResumeEntry } from '@ag-ui/client';
import type { ChatMessage, FinalEvent, FinalReason, InterruptInfo } from '../../types.js';
import type { RemoteLoop, RemoteRunContext } from '../../agent/remote-loop.js';
import type { ToolCall } from '../../model/tool-calling-model.js';
import { executeCalls, interruptAnswer, resultEvent, settled, type SettledCall } from '../../agent/calls/index.js';
import { recordEditedArgs } from '../../agent/history.js';
import { PageloopError, isAbortError, toWireError } from '../../errors.js';
import { fromAgUiMessages, toAgUiMessages } from './agui-messages.js';
import { StreamMapper, type RunEnd } from './agui-stream.js';
import { cutStream, notEventStream, remoteError, serverRunError } from './agui-errors.js';

/** The remote loop the worker hands the session (src/agent/remote-loop.ts). */
export const aguiLoop: RemoteLoop = { run: runRemote };

/**
 * The official client, imported on the first run: in the standalone bundle it is
 * a file of its own (scripts/bundle.js SHARED_LAZY), so the zod it carries is not
 * split into a chunk the MCP room would load too.
 */
let client: Promise<typeof import('@ag-ui/client')> | undefined;
const loadClient = () => (client ??= import('@ag-ui/client'));

/**
 * The transports the client reads, the server's choice: AG-UI's protobuf
 * framing (`@ag-ui/proto`'s media type; the official client decodes it when
 * the answer has that content type) where the server offers it, else SSE.
 * The official `HttpAgent` asks for SSE alone; its fetch here asks for both.
 */
const ACCEPT = 'application/vnd.ag-ui.event+proto, text/event-stream;q=0.9';

/** What one AG-UI run came to. */
type Step = { next: 'again' } | { next: 'answer'; text: string } | { next: 'cancelled' } | { next: 'failed'; error: PageloopError };

/** Runs the user's turn on the remote agent to its end; never throws. */
async function runRemote(ctx: RemoteRunContext): Promise<FinalEvent> {
  const final = (reason: FinalReason, text: string): FinalEvent => ({ type: 'final', reason, text });
  for (let n = 1; ; n++) {
    if (ctx.signal.aborted) return final('cancelled', lastAssistantText(ctx.history));
    if (n > ctx.maxIterations) return final('max_iterations', `Stopped: the limit of ${ctx.maxIterations} steps was reached before the task was finished. Continue to let me go on.`);
    ctx.emit({ type: 'iteration', n, max: ctx.maxIterations });
    let step: Step;
    try {
      step = await remoteStep(ctx);
    } catch (err) {
      step = isAbortError(err) || ctx.signal.aborted ? { next: 'cancelled' } : { next: 'failed', error: await remoteError(err, ctx.agui) };
    }
    if (step.next === 'again') continue;
    if (step.next === 'answer') return final('answer', step.text);
    if (step.next === 'cancelled') return final('cancelled', lastAssistantText(ctx.history));
    const wire = toWireError(step.error);
    ctx.emit({ type: 'error', message: wire.message, retryable: wire.retryable, code: wire.code, ...(wire.params ? { params: wire.params } : {}) });
    return final('error', wire.message);
  }
}

/** One AG-UI run: sent, streamed, written back into the history, and what follows it (frontend tools, interrupts) done. */
async function remoteStep(ctx: RemoteRunContext): Promise<Step> {
  const { remote, agui } = ctx;
  const bad = badOptions(agui);
  if (bad) return { next: 'failed', error: new PageloopError('bad-request', `Option agui${bad}`, false) };
  const threadId = remote.threadId ?? crypto.randomUUID();
  // The page's gate, its app context and the request's messages at once: each of the first two is a message to the page and back.
  const [allowed, context, { messages, ids }, { HttpAgent }] = await Promise.all([ctx.mayStart(), contextOf(ctx), toAgUiMessages(ctx.history, remote.messageIds, ctx.files && ((id) => ctx.files!.read(id))), loadClient()]);
  if (!allowed) return { next: 'cancelled' };
  const sent = new Map(ids.map((id, i) => [id, ctx.history[i]!]));
  const shown = new Set([...ids, ...ctx.history.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : []))]);
  const mapper = new StreamMapper((e) => ctx.emit(e), shown);
  const credentials = agui.credentials;
  // Whether the server answered with an event stream: a network error after that is a cut stream, not an unreachable server.
  let streaming = false;
  const agent = new HttpAgent({
    url: agui.url,
    headers: agui.headers,
    threadId,
    initialMessages: messages,
    initialState: remote.state ?? {},
    fetch: async (url, init) => {
      const headers = { ...(init.headers as Record<string, string>), Accept: ACCEPT };
      const response = eventStream(await fetch(url, { ...init, headers, ...(credentials ? { credentials } : {}) }));
      streaming = response.ok;
      return response;
    },
  });
  // What this send adds to the forwarded props goes with its first request only (an A2UI action is answered once).
  const forwardedProps = { ...(agui.forwardedProps ?? {}), ...(ctx.forwardedProps ?? {}) };
  ctx.forwardedProps = undefined;
  const abort = new AbortController();
  const stop = () => abort.abort();
  ctx.signal.addEventListener('abort', stop, { once: true });
  let failure: unknown;
  try {
    await agent.runAgent({ runId: crypto.randomUUID(), tools: ctx.registry.modelTools().map(({ name, description, parameters }) => ({ name, description, parameters })), context, forwardedProps, resume: resumeEntries(ctx), abortController: abort }, mapper);
  } catch (err) {
    failure = err;
  } finally {
    ctx.signal.removeEventListener('abort', stop);
  }
  // What the client holds now is the conversation: written back even when the run failed, so what was shown stays.
  const synced = fromAgUiMessages(agent.messages, sent);
  // A broken stream can leave the client without text it already passed on: what the user saw stays.
  for (const [id, text] of mapper.shownTexts()) {
    if (synced.ids.includes(id)) continue;
    synced.history.push({ role: 'assistant', content: text });
    synced.ids.push(id);
  }
  ctx.history.splice(0, ctx.history.length, ...synced.history);
  const end: RunEnd | undefined = ctx.signal.aborted ? { type: 'cancelled' } : failure === undefined ? mapper.end : undefined;
  const open = openCalls(ctx.history);
  // An interrupt may be about one of its calls (an approval): those stay open for the resumed run to answer.
  if (end?.type !== 'success' && end?.type !== 'interrupt') closeCalls(ctx, open, end);
  ctx.emit({ type: 'remote-thread', threadId: mapper.threadId ?? threadId, messageIds: synced.ids, ...(end?.type === 'interrupt' ? { interrupts: end.interrupts.map(infoOf) } : {}) });
  ctx.changed();

  if (ctx.signal.aborted || end?.type === 'cancelled') return { next: 'cancelled' };
  // A connection lost once the stream had begun is a cut stream, not an unreachable server.
  if (failure instanceof TypeError && streaming) return { next: 'failed', error: cutStream(agui.url) };
  if (failure !== undefined) return { next: 'failed', error: await remoteError(failure, agui) };
  if (!end) return { next: 'failed', error: cutStream(agui.url) };
  if (end.type === 'error') return { next: 'failed', error: serverRunError(agui.url, end.message, end.code) };
  if (end.type === 'interrupt') {
    await answerInterrupts(ctx, end.interrupts);
    return { next: 'again' };
  }
  // A server that names its pending calls is believed; one that does not leaves every unanswered call to the page.
  const pending = end.pending.length > 0 ? open.filter((c) => end.pending.includes(c.id)) : open;
  if (pending.length === 0) return { next: 'answer', text: mapper.lastText || lastAssistantText(ctx.history) };
  await runFrontendCalls(ctx, pending);
  closeCalls(ctx, openCalls(ctx.history), undefined);
  return { next: 'again' };
}

/** What is wrong with the option's other fields (the page checked only its url), or undefined. */
function badOptions({ headers, credentials, forwardedProps }: RemoteRunContext['agui']): string | undefined {
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (headers !== undefined && !(isObject(headers) && Object.values(headers).every((h) => typeof h === 'string'))) return '.headers must be an object of header names to strings, e.g. { Authorization: "Bearer …" }.';
  if (credentials !== undefined && !['omit', 'same-origin', 'include'].includes(credentials)) return '.credentials must be "omit", "same-origin" or "include".';
  if (forwardedProps !== undefined && !isObject(forwardedProps)) return '.forwardedProps must be an object (it is sent to the server as it is).';
  return undefined;
}

/** A successful answer that is no event stream (an HTML page, JSON) is refused here, by its type: the client would read it as a stream that says nothing. */
function eventStream(response: Response): Response {
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || /text\/event-stream|application\/vnd\.ag-ui/i.test(type)) return response;
  void response.body?.cancel().catch(() => {});
  throw notEventStream(response.url, type);
}

/** The app's state as the run's context: one entry per piece, its value as JSON text. */
async function contextOf(ctx: RemoteRunContext): Promise<Context[]> {
  const entries = (await ctx.appState?.().catch(() => [])) ?? [];
  return entries.map((e) => ({ description: e.description ? `${e.name}: ${e.description}` : e.name, value: e.json }));
}

/** The answers to the interrupts the last run ended on; one the user never answered (the conversation went on) is abandoned. */
function resumeEntries(ctx: RemoteRunContext): ResumeEntry[] | undefined {
  const { remote } = ctx;
  if (remote.interrupts.length === 0) return undefined;
  const abandoned = remote.unanswered().map((i): ResumeEntry => ({ interruptId: i.id, status: 'cancelled' }));
  return [...remote.answers().map((a): ResumeEntry => ({ interruptId: a.interruptId, status: a.status, ...(a.status === 'resolved' ? { payload: a.payload } : {}) })), ...abandoned];
}

/** The page's tools the run left for it: run through the one approval policy, their results appended in call order. */
async function runFrontendCalls(ctx: RemoteRunContext, calls: readonly ToolCall[]): Promise<void> {
  const results = await executeCalls(calls, ctx);
  for (const r of results) ctx.history.push(r.attachments ? { role: 'tool', tool_call_id: r.callId, content: r.content, attachments: r.attachments } : { role: 'tool', tool_call_id: r.callId, content: r.content });
  recordEditedArgs(ctx.history, results);
  ctx.changed();
}

/**
 * Asks the user each interrupt: one about a call of the conversation (an
 * approval of a server's tool call) waits on that call's card, and its answer
 * becomes the call's result in the history; any other shows as a call of its
 * own (never in the history) — the view of the page tool it names when that
 * tool waits for the user, else an approval. The one policy decides whether
 * an approval is asked at all (an interrupt is a tool that always needs
 * approval to it: mode `auto` and "always allow" let it through). Resolves
 * when every one has its answer — its `tool-result`, which the remote thread
 * turns into the next run's `resume` entry.
 */
async function answerInterrupts(ctx: RemoteRunContext, interrupts: readonly Interrupt[]): Promise<void> {
  const { isInterruptExpired } = await loadClient();
  const asks: { callId: string; name: string; args: unknown; info: InterruptInfo; onCall: boolean }[] = [];
  const work: Promise<unknown>[] = [];
  const answered = (r: SettledCall, onCall: boolean) => {
    ctx.emit(resultEvent(r));
    if (!onCall) return;
    ctx.history.push({ role: 'tool', tool_call_id: r.callId, content: r.content });
    ctx.changed();
  };
  for (const i of interrupts) {
    const info = infoOf(i);
    const target = i.toolCallId === undefined ? undefined : callOf(ctx.history, i.toolCallId);
    const onCall = target !== undefined;
    const callId = target?.id ?? i.id;
    const name = target?.name ?? i.reason;
    const args = target && 'args' in target ? target.args : { ...(i.message !== undefined ? { message: i.message } : {}), ...(i.metadata ?? {}) };
    if (!onCall) ctx.emit({ type: 'tool-call', callId, name, args, interrupt: info });
    const tool = ctx.registry.get(name);
    if (isInterruptExpired(i)) answered(settled(callId, name, 'cancelled', { error: `the interrupt expired at ${i.expiresAt}.` }), onCall);
    else if (!onCall && tool?.kind === 'page' && tool.awaitsUser) work.push(executeCalls([{ id: callId, name, args }], ctx));
    else if (ctx.policy.decide({ name, approval: 'always' }, 'model', ctx.approval) === 'run') answered(interruptAnswer(callId, name, { status: 'approved', args, edited: false, always: false, checked: true }), onCall);
    else asks.push({ callId, name, args, info, onCall });
  }
  if (asks.length > 0) {
    const batch = {};
    const waits = asks.map((a) => ctx.gate.wait({ callId: a.callId, name: a.name, args: a.args, check: false }, batch, ctx.signal, ctx.approvalTimeoutMs));
    ctx.emit({ type: 'approval-request', requests: asks.map((a) => ({ callId: a.callId, name: a.name, args: a.args, interrupt: a.info })) });
    asks.forEach((a, j) => work.push(waits[j]!.then((outcome) => answered(interruptAnswer(a.callId, a.name, outcome), a.onCall))));
  }
  await Promise.all(work);
}

/** The interrupt as pageloop's events carry it. */
function infoOf(i: Interrupt): InterruptInfo {
  return {
    id: i.id,
    reason: i.reason,
    ...(i.message !== undefined ? { message: i.message } : {}),
    ...(i.toolCallId !== undefined ? { toolCallId: i.toolCallId } : {}),
    ...(i.responseSchema !== undefined ? { responseSchema: i.responseSchema } : {}),
    ...(i.expiresAt !== undefined ? { expiresAt: i.expiresAt } : {}),
    ...(i.metadata !== undefined ? { metadata: i.metadata } : {}),
  };
}

/** The tool calls of the history that have no result yet, in order, their arguments read. */
function openCalls(history: readonly ChatMessage[]): ToolCall[] {
  const answered = new Set(history.flatMap((m) => (m.role === 'tool' ? [m.tool_call_id] : [])));
  return history.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []) : [])).filter((c) => !answered.has(c.id)).map((c) => readCall(c.id, c.function.name, c.function.arguments));
}

/** Call `id` of the history, its arguments read. */
function callOf(history: readonly ChatMessage[], id: string): ToolCall | undefined {
  const call = history.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []) : [])).find((c) => c.id === id);
  return call && readCall(call.id, call.function.name, call.function.arguments);
}

function readCall(id: string, name: string, args: string): ToolCall {
  try {
    return { id, name, args: args.trim() === '' ? {} : (JSON.parse(args) as unknown) };
  } catch {
    return { id, name, error: 'The arguments were not valid JSON.' };
  }
}

/** Gives each call a run that did not finish left open its one result (cancelled, or failed with the run), so the history stays valid. */
function closeCalls(ctx: RemoteRunContext, calls: readonly ToolCall[], end: RunEnd | undefined): void {
  const cancelled = ctx.signal.aborted || end?.type === 'cancelled';
  for (const call of calls) {
    const r = cancelled ? settled(call.id, call.name, 'cancelled', { error: 'the run was stopped before this call finished.' }) : settled(call.id, call.name, 'error', { error: 'the remote run ended before this call had a result.' });
    ctx.emit(resultEvent(r));
    ctx.history.push({ role: 'tool', tool_call_id: call.id, content: r.content });
  }
}

/** The text of the history's last assistant message. */
function lastAssistantText(history: readonly ChatMessage[]): string {
  const last = history.findLast((m) => m.role === 'assistant');
  return last?.role === 'assistant' ? (last.content ?? '') : '';
}
