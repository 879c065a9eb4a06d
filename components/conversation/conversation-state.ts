/**
 * The view model of `<agent-chat>`: a pure reducer from the agent's events
 * (plus the few things the user does) to what the log shows. Kept free of the
 * DOM so every rule of "which event lands where" can be tested on its own.
 *
 * Events are the only input about the conversation: a live run and a stored
 * thread (its `agent.events()`, replayed by `restoreConversation`) go through
 * the same rules, so a reload shows what was shown live. The reducer never
 * reads the model's wire format.
 *
 * Streamed text is kept here as plain strings for tests and history; the
 * element renders it through `MarkdownStream`, which is fed the same deltas,
 * so this reducer never parses markdown.
 */
import type { AgentEvent, FinalReason, ToolCallStatus } from '../../src/types.js';
import { contextNoteText, noticeText, type ContextFigures, type NoticePhrase } from './notice-words.js';
import type { ReportedPhrase } from './reported-notice-words.js';
import { appended, indexOfId, lastReplaced, replaced, replaying } from './log-items.js';

export type * from './conversation-types.js';
import type { AssistantItem, ConversationAction, ConversationState, DoctorItem, LogItem, ShownAttachment, ToolCallItem, UsageInfo, UserAction, UserItem } from './conversation-types.js';

/** The state of a conversation nobody has spoken in yet. */
export function initialConversation(): ConversationState {
  return { items: [], running: false, step: null, approvals: [], suggestions: [], error: null, usage: null, shownInput: null, canContinue: false, plan: null, nextId: 1 };
}

/**
 * A stored conversation as the log shows it: its events replayed through the
 * reducer. A run the events leave open with approvals or answers waiting (the
 * page was closed mid-approval) is shown paused: its panels stay, and answering one
 * resumes the run. Any other open run is shown ended. Linear in the events (`replayConversation`).
 */
export function restoreConversation(events: readonly AgentEvent[], nextId = 1): ConversationState {
  const state = endOutsideCalls(replayConversation({ ...initialConversation(), nextId }, events));
  const waits = state.items.some((i) => i.kind === 'tool-call' && i.status === 'awaiting-input');
  if (state.running && (state.approvals.length > 0 || waits)) return { ...closeStreaming(state), running: false, step: null };
  return state.running ? finish(state, 'cancelled', '') : state;
}

/** A browser agent's call a reload left open: the caller went with the page, so nothing waits for it any more. */
function endOutsideCalls(state: ConversationState): ConversationState {
  const open = (i: LogItem): i is ToolCallItem => i.kind === 'tool-call' && i.requestedBy !== undefined && !isSettled(i.status);
  if (!state.items.some(open)) return state;
  const ended = new Set(state.items.filter(open).map((i) => i.id));
  const error = 'The page was closed or reloaded before this call from a browser agent ended.';
  return {
    ...state,
    items: state.items.map((i) => (open(i) ? { ...i, status: 'interrupted', error } : i)),
    approvals: state.approvals.filter((r) => !ended.has(r.callId)),
  };
}

/**
 * Applies a batch of events or actions to `state` at once, as `reduceConversation`
 * one by one would, on one working copy of the log (log-items.ts): O(events),
 * where reducing one by one copies the log per event. `state` is not touched.
 */
export function replayConversation(state: ConversationState, actions: readonly ConversationAction[]): ConversationState {
  return replaying(() => actions.reduce(reduceConversation, state));
}

/**
 * Applies one event or user action. Returns a new state (the old one is not
 * touched), so the element can compare by identity.
 */
export function reduceConversation(state: ConversationState, action: ConversationAction): ConversationState {
  const next = reduceAction(state, action);
  // A wait to retry is over as soon as anything else happens.
  return next.retry && action.type !== 'retry' && action.type !== 'usage' ? { ...next, retry: null } : next;
}

function reduceAction(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'user-message':
      return { ...addUser(state, action.text, undefined, action.attachments), shownInput: action.text, canContinue: false };
    case 'notice':
      return addNotice(state, action.said ? [action.text, action.said] : action.text);
    case 'doctor':
      return showDoctor(state, action);
    case 'attachments-not-kept':
      return addNotice(notKept(state, new Set(action.ids)), action.names ? [action.message, notKeptPhrase(action.ids.length, action.names, action.code, action.reason)] : action.message);
    case 'dismiss-error':
      return { ...state, error: null };
    case 'clear':
      return { ...initialConversation(), nextId: state.nextId };
    case 'approval-answered':
      // Shown at once; `tool-start` (or the call's result) then says what really happened.
      return {
        ...updateCall(state, action.callId, (c) =>
          c.status === 'awaiting-approval' ? { ...c, status: action.approve ? 'pending' : 'denied' } : c,
        ),
        approvals: state.approvals.filter((r) => r.callId !== action.callId),
      };
    case 'run-start': {
      // The element shows its own sends at once; runs started elsewhere, or replayed, show theirs here.
      const shown = action.workflow === undefined && (action.input === undefined || action.input === state.shownInput);
      // Shown already: its files become the stored records (their ids find the bytes after a reload).
      const added = shown ? withRecords(state, action.input, action.attachments) : addUser(state, action.input ?? '', action.workflow, action.attachments);
      // A run a message started (not a retry) belongs to that message, the last one shown.
      const next = action.input === undefined && action.workflow === undefined ? added : markRun(added, action.runId);
      return { ...next, running: true, step: null, error: null, suggestions: [], shownInput: null, interrupted: false, canContinue: false, runId: action.runId };
    }
    case 'iteration':
      // A new model call: whatever it says starts a new assistant block.
      return { ...closeStreaming(state), step: { n: action.n, max: action.max } };
    case 'thinking':
      return appendAssistant(state, 'thinking', action.delta);
    case 'text':
      return appendAssistant(state, 'text', action.delta);
    case 'tool-call-delta':
      // The loop's own end-of-run calls are how a run ends, not work to show.
      if (action.builtin) return state;
      return upsertCall(closeStreaming(state), action.callId, action.name, (c) => ({ ...c, argsText: action.argsText }));
    case 'tool-call':
      if (action.builtin) return state;
      return upsertCall(closeStreaming(state), action.callId, action.name, (c) => ({
        ...c,
        ...(action.requestedBy ? { requestedBy: action.requestedBy } : {}),
        args: action.args,
        argsText: prettyJson(action.args),
        status: c.status === 'streaming' ? 'pending' : c.status,
      }));
    case 'approval-request': {
      let next = state;
      for (const r of action.requests) {
        next = upsertCall(next, r.callId, r.name, (c) => ({ ...c, args: r.args, argsText: prettyJson(r.args), status: 'awaiting-approval' }));
      }
      const known = new Set(state.approvals.map((r) => r.callId));
      return { ...next, approvals: [...state.approvals, ...action.requests.filter((r) => !known.has(r.callId))] };
    }
    case 'input-request':
      return upsertCall(state, action.callId, action.name, (c) => (isSettled(c.status) ? c : { ...c, args: action.args, argsText: prettyJson(action.args), status: 'awaiting-input' }));
    case 'tool-start': {
      // Edited before approval: the card shows what runs, not what the model proposed.
      const edited = action.editedArgs !== undefined ? { args: action.editedArgs, argsText: prettyJson(action.editedArgs) } : {};
      const next = upsertCall(state, action.callId, action.name, (c) => ({ ...c, ...edited, status: 'running' }));
      return { ...next, approvals: next.approvals.filter((r) => r.callId !== action.callId) };
    }
    case 'tool-result': {
      if (action.builtin) return state;
      const status: ToolCallStatus =
        action.status === 'ok' ? 'done' : action.status === 'error' ? 'failed' : action.status;
      const files = action.attachments?.length ? { attachments: action.attachments } : {};
      const next = upsertCall(state, action.callId, action.name, (c) => ({ ...c, status, result: action.result, error: action.error, ...files }));
      return { ...next, approvals: next.approvals.filter((r) => r.callId !== action.callId) };
    }
    case 'usage': {
      const usage: UsageInfo = { promptTokens: action.promptTokens, completionTokens: action.completionTokens };
      if (action.contextTokens !== undefined) usage.contextTokens = action.contextTokens;
      return { ...state, usage };
    }
    case 'context': {
      const closed = closeStreaming(state);
      const { action: act, messages, before, after, contextTokens } = action;
      const figures: ContextFigures = { action: act, messages, before, after, contextTokens, ...(act === 'cut' && action.callId !== undefined ? { result: true as const } : {}) };
      return {
        ...closed,
        items: appended(closed.items, { kind: 'context', id: `c${state.nextId}`, action: action.action, text: contextNoteText(figures), figures }),
        nextId: state.nextId + 1,
      };
    }
    case 'retry':
      return { ...state, retry: { attempt: action.attempt, delayMs: action.delayMs, reason: action.reason } };
    case 'webmcp':
      // The bridge writes the notices (their English and their ids with values): the page carries none of it.
      return (action.status.notices ?? []).reduce((s, notice) => addNotice(s, [notice.text, notice.said as ReportedPhrase], 'webmcp-status'), state);
    case 'tool-progress':
      return updateCall(state, action.callId, (c) => (isSettled(c.status) ? c : { ...c, progress: { progress: action.progress, total: action.total, message: action.message } }));
    case 'activity':
      return showActivity(state, `activity:${action.messageId}`, action.activityType, action.content);
    case 'state':
    case 'remote-thread':
    case 'engine':
    case 'thread-lock':
    case 'permissions':
    case 'telemetry':
    case 'reply-read':
    case 'mcp':
    case 'mcp-elicitation':
    case 'mcp-elicitation-end':
    case 'mcp-elicitation-declined':
      return state;
    case 'a2ui-data':
      // What the user entered in a call's A2UI surface, by surface: the card draws the surface with it.
      return updateCall(state, action.callId, (c) => ({ ...c, a2uiData: { ...c.a2uiData, [action.surfaceId]: action.dataModel } }));
    case 'preview':
      // What the call will do, shown in its approval panel (and outlined on the page by the element).
      return updateCall(state, action.callId, (c) => ({ ...c, preview: { steps: action.steps, ...(action.error !== undefined ? { error: action.error } : {}) } }));
    case 'undone': {
      let next = state;
      for (const u of action.calls) next = updateCall(next, u.callId, (c) => ({ ...c, undo: u.status === 'undone' ? { status: 'undone' } : { status: 'failed', error: u.error ?? 'it failed' } }));
      return next;
    }
    case 'error':
      return { ...state, error: { message: action.message, retryable: action.retryable, ...(action.code ? { code: action.code } : {}), ...(action.params ? { params: action.params } : {}) } };
    case 'final':
      // The element's own send, refused before its run started: the message was never taken, so it leaves the log (the composer gets it back).
      return finish(state.shownInput !== null && !state.running ? unshown(state) : state, action.reason, action.text, action.suggestions);
    case 'plan':
      return { ...state, plan: action.tasks };
    case 'reflection':
      // Quiet: one muted line, so the user sees why the model paused to take stock.
      return addNotice(state, ['noticeSelfCheck', action.n]);
    case 'sub-agent':
      // A child's events fold into its own state inside the parent's call: they never touch the parent's run.
      return updateCall(state, action.parentCallId, (c) => {
        const sub = reduceConversation(c.sub ?? initialConversation(), action.event);
        // A child works until its own final (and again when a resume runs it anew).
        return { ...c, sub: { ...sub, running: action.event.type !== 'final' } };
      });
    case 'retraction':
      return retract(state, action.field, action.text);
    case 'nudge':
      // Quiet, like the self-check: why the model was asked again.
      return addNotice(state, ['noticeNudge'], 'nudge');
  }
}

/** A remote agent's activity: its card updated in place, or added where the reply has got to. */
function showActivity(state: ConversationState, id: string, activityType: string, content: Readonly<Record<string, unknown>>): ConversationState {
  const at = indexOfId(state.items, id);
  if (at >= 0) return { ...state, items: replaced(state.items, at, { kind: 'activity', id, activityType, content }) };
  const closed = closeStreaming(state);
  return { ...closed, items: appended(closed.items, { kind: 'activity', id, activityType, content }) };
}

function finish(state: ConversationState, reason: FinalReason, text: string, suggestions?: string[]): ConversationState {
  let next = closeStreaming(state);
  // Calls still open when a run ends will never get a result event.
  next = {
    ...next,
    items: next.items.map((i) =>
      i.kind !== 'tool-call' || i.requestedBy || (isSettled(i.status) && !i.sub?.running)
        ? i
        : { ...i, status: isSettled(i.status) ? i.status : 'cancelled', sub: i.sub?.running ? finish(i.sub, 'cancelled', '') : i.sub },
    ),
  };
  // The final text is usually what was streamed; when it is not (a task_complete
  // summary, an ask_question question), show it as its own block.
  const said = lastAssistantText(next).trim();
  // A run stopped at its step limit has no answer: the notice below says so.
  if (text.trim() !== '' && reason !== 'error' && reason !== 'cancelled' && reason !== 'max_iterations' && said !== text.trim()) {
    next = {
      ...next,
      items: appended(next.items, { kind: 'assistant', id: `a${next.nextId}`, text, thinking: '', streaming: false }),
      nextId: next.nextId + 1,
    };
  }
  if (reason === 'cancelled') next = addNotice(next, ['noticeStopped']);
  if (reason === 'interrupted') next = addNotice(next, ['noticeInterrupted']);
  if (reason === 'max_iterations') next = addNotice(next, next.step ? ['noticeStepLimit', next.step.max] : ['noticeStepLimitUnknown']);
  return { ...next, running: false, step: null, approvals: next.approvals.filter((r) => outsideCall(next, r.callId)), suggestions: suggestions ?? [], interrupted: reason === 'interrupted', canContinue: reason === 'max_iterations' };
}

/** True for a call a browser agent asked for: it waits on its own, whatever the runs do. */
function outsideCall(state: ConversationState, callId: string): boolean {
  return state.items.some((i) => i.kind === 'tool-call' && i.id === callId && i.requestedBy !== undefined);
}

function isSettled(status: ToolCallStatus): boolean {
  return status === 'done' || status === 'failed' || status === 'denied' || status === 'cancelled' || status === 'interrupted';
}

function lastAssistantText(state: ConversationState): string {
  for (let i = state.items.length - 1; i >= 0; i--) {
    const item = state.items[i]!;
    if (item.kind === 'assistant') return item.text;
    if (item.kind === 'user') return '';
  }
  return '';
}

function addUser(state: ConversationState, text: string, workflow?: string, attachments?: readonly ShownAttachment[]): ConversationState {
  const item: UserItem = { kind: 'user', id: `u${state.nextId}`, text, ...(workflow === undefined ? {} : { workflow }), ...(attachments?.length ? { attachments } : {}) };
  const closed = closeStreaming(state);
  return {
    ...closed,
    items: appended(closed.items, item),
    nextId: state.nextId + 1,
    suggestions: [],
    error: null,
  };
}

/** The state without the message the element showed at its send (the last user message, with no run yet). */
function unshown(state: ConversationState): ConversationState {
  const at = state.items.findLastIndex((item) => item.kind === 'user');
  const item = state.items[at];
  if (item?.kind !== 'user' || item.runId !== undefined || item.text !== state.shownInput) return { ...state, shownInput: null };
  return { ...state, items: state.items.filter((_, i) => i !== at), shownInput: null };
}

function markRun(state: ConversationState, runId: string): ConversationState {
  const at = state.items.findLastIndex((item) => item.kind === 'user');
  const item = state.items[at];
  if (item?.kind !== 'user' || item.runId !== undefined) return state;
  return { ...state, items: replaced(state.items, at, { ...item, runId }) };
}

/** The last user message, shown at send with the files it was given, takes the run's records of them (ids, what was really sent). */
function withRecords(state: ConversationState, input: string | undefined, records: readonly ShownAttachment[] | undefined): ConversationState {
  const index = state.items.findLastIndex((i) => i.kind === 'user');
  const item = state.items[index];
  if (!records?.length || item?.kind !== 'user' || (input !== undefined && item.text !== input)) return state;
  return { ...state, items: replaced(state.items, index, { ...item, attachments: records }) };
}

/** Marks the files `ids` as not kept wherever the log shows them: after a reload their bytes are gone, and they say so. */
function notKept(state: ConversationState, ids: ReadonlySet<string>): ConversationState {
  const mark = (list: readonly ShownAttachment[] | undefined) => list?.map((a): ShownAttachment => (a.id !== undefined && ids.has(a.id) ? { ...a, stored: false } : a));
  return { ...state, items: state.items.map((i) => ((i.kind === 'user' || i.kind === 'tool-call') && i.attachments?.some((a) => a.id !== undefined && ids.has(a.id)) ? { ...i, attachments: mark(i.attachments)! } : i)) };
}

/**
 * Adds a line of the log's own: a text (a command's answer, in the element's language of now), a message kept as
 * data and written when drawn, or a reported one: its reporter's English and its data (reported-notice-words.ts).
 */
function addNotice(state: ConversationState, line: string | NoticePhrase | readonly [string, ReportedPhrase], part?: string): ConversationState {
  const closed = closeStreaming(state);
  const [text, said] = typeof line === 'string' ? [line] : isReported(line) ? line : [noticeText(line), line];
  return {
    ...closed,
    items: appended(closed.items, { kind: 'notice', id: `n${state.nextId}`, text, ...(said ? { said } : {}), ...(part ? { part } : {}) }),
    nextId: state.nextId + 1,
  };
}

/** Adds a checking doctor item, or fills in its outcome; an outcome whose item was cleared meanwhile is dropped. */
function showDoctor(state: ConversationState, action: Extract<UserAction, { type: 'doctor' }>): ConversationState {
  const { type, key, ...outcome } = action;
  const id = `doctor-${key}`;
  const item: DoctorItem = { kind: 'doctor', id, ...outcome };
  const at = indexOfId(state.items, id);
  if (at >= 0) return { ...state, items: replaced(state.items, at, item) };
  return action.diagnosis || action.error !== undefined ? state : { ...state, items: appended(state.items, item) };
}

/** Marks the open assistant block finished, so the next delta starts a new one. */
function closeStreaming(state: ConversationState): ConversationState {
  const last = state.items[state.items.length - 1];
  if (last?.kind !== 'assistant' || !last.streaming) return state;
  return { ...state, items: lastReplaced(state.items, { ...last, streaming: false }) };
}

function appendAssistant(state: ConversationState, field: 'text' | 'thinking', delta: string): ConversationState {
  const last = state.items[state.items.length - 1];
  if (last?.kind === 'assistant' && last.streaming) {
    return { ...state, items: lastReplaced(state.items, { ...last, [field]: last[field] + delta }) };
  }
  const item: AssistantItem = { kind: 'assistant', id: `a${state.nextId}`, text: '', thinking: '', streaming: true };
  item[field] = delta;
  return { ...state, items: appended(state.items, item), nextId: state.nextId + 1 };
}

/** Withdraws `text` from the end of the open reply's `field` (it follows again as the other kind). */
function retract(state: ConversationState, field: 'text' | 'thinking', text: string): ConversationState {
  const last = state.items[state.items.length - 1];
  if (last?.kind !== 'assistant' || !last.streaming || !last[field].endsWith(text)) return state;
  return { ...state, items: lastReplaced(state.items, { ...last, [field]: last[field].slice(0, last[field].length - text.length) }) };
}

/** Where the call `callId`'s card is, -1 when there is none. */
function indexOfCall(items: readonly LogItem[], callId: string): number {
  const at = indexOfId(items, callId);
  if (at < 0 || items[at]!.kind === 'tool-call') return at;
  return items.findIndex((i) => i.kind === 'tool-call' && i.id === callId);
}

function updateCall(state: ConversationState, callId: string, update: (c: ToolCallItem) => ToolCallItem): ConversationState {
  const index = indexOfCall(state.items, callId);
  if (index < 0) return state;
  return { ...state, items: replaced(state.items, index, update(state.items[index] as ToolCallItem)) };
}

function upsertCall(state: ConversationState, callId: string, name: string, update: (c: ToolCallItem) => ToolCallItem): ConversationState {
  const index = indexOfCall(state.items, callId);
  if (index >= 0) return { ...state, items: replaced(state.items, index, update(state.items[index] as ToolCallItem)) };
  const fresh: ToolCallItem = { kind: 'tool-call', id: callId, name, argsText: '', status: 'streaming', ...(state.runId !== undefined ? { runId: state.runId } : {}) };
  return { ...state, items: appended(state.items, update(fresh)) };
}

/** Pretty JSON for a card; falls back to the string form of what cannot be serialised. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Whether `line` is a reported notice: its English and its data. */
const isReported = (line: NoticePhrase | readonly [string, ReportedPhrase]): line is readonly [string, ReportedPhrase] => typeof line[1] === 'object';

/** The not-kept notice's data: the files' names (quoted, as the worker's English has them) and why, a full disk by its code. */
function notKeptPhrase(count: number, names: readonly string[], code: string | undefined, reason: string | undefined): ReportedPhrase {
  const quoted = names.map((name) => `"${name}"`).join(', ');
  return code === 'storage-quota' ? ['noticeNotKeptFull', count, quoted] : ['noticeNotKept', count, quoted, reason ?? ''];
}
