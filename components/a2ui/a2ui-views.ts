/**
 * A2UI surfaces in `<agent-chat>`'s tool cards, and what becomes of a
 * user's action on one. Loaded with the first card that shows a surface
 * (a2ui-cards.ts says which), with the card element and the official
 * renderer.
 *
 * A `render_a2ui` call's card is the surface itself (frameless): drawn from
 * its arguments as they stream, then from the call's checked arguments; a
 * call the check refused shows its plain card, whose error lists the
 * problems (the model got the same). A tool result carrying `a2ui` messages
 * shows its surface inside the tool's card. Live, after a reload and in a
 * follower tab alike: the card is drawn from the call as the log holds it.
 *
 * What the user enters (typing, checking, choosing) is kept with the thread
 * (`agent.keepSurfaceData`, after a pause in the typing, and before an
 * action goes), and the card draws it over the messages' own data model:
 * after a reload, in a follower tab and in an imported thread the inputs
 * show it, and an action sends it.
 *
 * An action becomes the next user message, `A2UI action: {…}` (A2UI's own
 * client-to-server message, plus the surface's data model when it was
 * created with `sendDataModel`): the model reads what the user did as the
 * user's turn, whenever they act — now, later, after a reload — rather than
 * as the result of a call that would hold the run open until they do. While
 * a reply runs, the action waits and is sent when it ends. In a follower tab
 * nobody can send: the card says to act in the tab that writes the thread.
 * A surface an MCP server sent, whose server offers a tool `action`, sends
 * its actions to that server instead (a2ui-mcp-action.ts).
 */
import { html, type TemplateResult } from 'lit';
import { A2UI_TOOL_NAME, type A2uiOptions } from '../../src/a2ui-types.js';
import type { Agent, Run, SendOptions } from '../../src/types.js';
import type { ActivityItem, ToolCallItem } from '../conversation/index.js';
import type { RenderedView } from '../tool-cards/index.js';
import { parsePartialJson } from '../partial-json.js';
import { A2uiSurfaceCard, type A2uiActionDetail, type A2uiDataDetail } from './a2ui-surface-card.js';
import type { I18n } from '../i18n/index.js';
import { a2uiWords, type A2uiNote, type A2uiWords } from './a2ui-words.js';
import { actionServer, sendToServer } from './a2ui-mcp-action.js';

/** What the views need of the element. */
export interface A2uiHost extends HTMLElement {
  /** The element's `a2ui` option: which catalogs draw. */
  a2ui?: boolean | A2uiOptions;
  readonly agent: Agent;
  send(text: string, options?: SendOptions): Run;
}

/** Per element: whether it is a follower now, the actions waiting for the reply to end, each card's note, and what the user entered, waiting to be kept. */
interface HostState {
  readOnly: boolean;
  waiting: Outgoing[];
  notes: Map<string, A2uiNote>;
  /** The tool of each call whose result drew a surface, by call id (an MCP server's may take its actions back). */
  tools: Map<string, string>;
  /** Data models entered and not yet kept, by call id and surface id; kept after a pause in the typing. */
  entered: Map<string, { callId: string; surfaceId: string; dataModel: Record<string, unknown> }>;
  keepTimer: ReturnType<typeof setTimeout> | undefined;
}

/** How long typing pauses before what was entered is kept with the thread: one write per pause, not per key. */
const KEEP_AFTER_MS = 400;

const hosts = new WeakMap<A2uiHost, HostState>();

/** Nothing for the element's own sheets (a LazyView's module may bring some): the card carries its styles in its own shadow root. */
export const styles = undefined;

/** Calls that did not run: their plain card says why (the check's problems, a denial). */
const NOT_DRAWN = new Set<ToolCallItem['status']>(['failed', 'denied', 'cancelled', 'interrupted']);

/** The surface in call `item`'s card, or undefined when it shows none. `readOnly`: a follower tab. */
export function surfaceView(item: ToolCallItem, host: A2uiHost, readOnly: boolean, i18n?: I18n): RenderedView | undefined {
  const state = stateOf(host);
  state.readOnly = readOnly;
  const words = i18n ? i18n.words(a2uiWords) : a2uiWords;
  if (item.name === A2UI_TOOL_NAME) {
    if (NOT_DRAWN.has(item.status)) return undefined;
    const partial = item.status === 'streaming';
    const messages = partial || item.args === undefined ? parsePartialJson(item.argsText) : item.args;
    return { ui: surfaceCard(messages, { options: host.a2ui, partial, data: item.a2uiData, note: state.notes.get(item.id), callId: item.id, words }), frame: false };
  }
  const result = item.result as { a2ui?: unknown } | undefined;
  if (item.status !== 'done' || !Array.isArray(result?.a2ui)) return undefined;
  state.tools.set(item.id, item.name);
  return { ui: surfaceCard(result.a2ui, { options: host.a2ui, data: item.a2uiData, note: state.notes.get(item.id), callId: item.id, words }), frame: true };
}

/**
 * A remote AG-UI agent's `a2ui-surface` activity as its surface card (part
 * `a2ui-surface`, inside the activity's part `activity`), redrawn as its
 * snapshots and deltas change it. An action on it goes back as AG-UI's A2UI
 * middleware reads one: the next run's `forwardedProps.a2uiAction.userAction`
 * (see `act`).
 */
export function activityView(item: ActivityItem, host: A2uiHost, readOnly: boolean, i18n?: I18n): TemplateResult {
  const state = stateOf(host);
  state.readOnly = readOnly;
  const words = i18n ? i18n.words(a2uiWords) : a2uiWords;
  return html`<section class="activity" part="activity" data-activity-type=${item.activityType} data-activity-id=${item.id}>
    ${surfaceCard(item.content.a2ui_operations, { options: host.a2ui ?? true, note: state.notes.get(item.id), callId: item.id, words })}
  </section>`;
}

/**
 * A2UI messages as a surface card (`<pageloop-a2ui-surface>`, part
 * `a2ui-surface`): for any host that draws surfaces — an AG-UI activity
 * (`activityType: "a2ui-surface"`) as well as a tool call. Its actions
 * arrive as `a2ui-action` events (`actionText` writes one as a user message).
 */
export function surfaceCard(
  messages: unknown,
  options: { options?: boolean | A2uiOptions | undefined; partial?: boolean; data?: Readonly<Record<string, Record<string, unknown>>> | undefined; note?: A2uiNote | undefined; callId?: string; words?: A2uiWords } = {},
): TemplateResult {
  return html`<pageloop-a2ui-surface part="a2ui-surface" data-call-id=${options.callId ?? ''} .messages=${messages} .options=${options.options} .data=${options.data}
    ?partial=${options.partial === true} .note=${options.note} .words=${options.words ?? a2uiWords}></pageloop-a2ui-surface>`;
}

/** An action as the user message the model reads: A2UI's client-to-server message, and the surface's data model when it asked for it. */
export function actionText({ action, dataModel }: A2uiActionDetail): string {
  const lines = [`A2UI action: ${JSON.stringify({ version: 'v0.9', action })}`];
  if (dataModel) lines.push(`A2UI data model: ${JSON.stringify({ version: 'v0.9', surfaces: { [action.surfaceId]: dataModel } })}`);
  return lines.join('\n');
}

function stateOf(host: A2uiHost): HostState {
  let state = hosts.get(host);
  if (state) return state;
  const made: HostState = { readOnly: false, waiting: [], notes: new Map(), tools: new Map(), entered: new Map(), keepTimer: undefined };
  hosts.set(host, made);
  host.addEventListener('a2ui-action', (event) => act(host, made, event));
  host.addEventListener('a2ui-data', (event) => enter(host, made, event));
  // A reply ended: the actions that waited for it go, one at a time (each starts a reply of its own).
  host.addEventListener('agent-event', (event) => {
    if (event.detail.type === 'final' && made.waiting.length > 0) setTimeout(() => sendWaiting(host, made), 0);
  });
  return made;
}

/** The user changed a surface's data model: kept with the thread after a pause (a follower keeps nothing; the writer's tab does). */
function enter(host: A2uiHost, state: HostState, event: CustomEvent<A2uiDataDetail>): void {
  const callId = event.composedPath().find((node): node is A2uiSurfaceCard => node instanceof A2uiSurfaceCard)?.dataset.callId;
  if (!callId || state.readOnly) return;
  const { surfaceId, dataModel } = event.detail;
  state.entered.set(`${callId}\n${surfaceId}`, { callId, surfaceId, dataModel });
  if (state.keepTimer !== undefined) clearTimeout(state.keepTimer);
  state.keepTimer = setTimeout(() => keep(host, state), KEEP_AFTER_MS);
}

/** Keeps what was entered (a refusal — a data model over the bound — leaves the surface as the user sees it, and the stored one as it was). */
function keep(host: A2uiHost, state: HostState): Promise<void> {
  state.keepTimer = undefined;
  const entries = [...state.entered.values()];
  state.entered.clear();
  return Promise.all(entries.map((e) => host.agent.keepSurfaceData(e.callId, e.surfaceId, e.dataModel).catch(() => {}))).then(() => {});
}

function act(host: A2uiHost, state: HostState, event: CustomEvent<A2uiActionDetail>): void {
  // What was entered is kept before the action goes, so the thread has it beside the action.
  if (state.keepTimer !== undefined) {
    clearTimeout(state.keepTimer);
    void keep(host, state);
  }
  const card = event.composedPath().find((node): node is A2uiSurfaceCard => node instanceof A2uiSurfaceCard);
  const tool = card?.dataset.callId ? state.tools.get(card.dataset.callId) : undefined;
  if (!tool || state.readOnly) return deliver(host, state, event.detail, card);
  // An MCP server's surface: to its tool `action` when it has one, else as every action goes.
  void actionServer(host.agent, tool).then(async (server) => {
    if (!server) return deliver(host, state, event.detail, card);
    const sent = await sendToServer(host.agent, server, event.detail);
    showNote(state, card, [sent ? 'a2uiSent' : 'a2uiNotSent', `“${event.detail.action.name}”`]);
  });
}

/** The note a surface's card shows under it (kept for when the card is drawn again). */
function showNote(state: HostState, card: A2uiSurfaceCard | undefined, note: A2uiNote): void {
  const callId = card?.dataset.callId;
  if (callId) state.notes.set(callId, note);
  if (card) card.note = note;
}

/** An action as the next user message (now, or when the reply ends). */
function deliver(host: A2uiHost, state: HostState, detail: A2uiActionDetail, card: A2uiSurfaceCard | undefined): void {
  // A surface a remote agent sent as an activity: the action goes as its A2UI middleware reads it, beside the user message.
  const fromActivity = Boolean(card?.closest('[data-activity-id]'));
  const name = `“${detail.action.name}”`;
  let note: A2uiNote;
  if (state.readOnly) {
    note = ['a2uiNotSentElsewhere', name];
  } else if (host.agent.running || state.waiting.length > 0) {
    state.waiting.push(outgoing(detail, fromActivity));
    note = ['a2uiSentAtEnd', name];
  } else {
    note = [send(host, outgoing(detail, fromActivity)) ? 'a2uiSent' : 'a2uiNotSent', name];
  }
  showNote(state, card, note);
}

/** Sends the first waiting action; while the element is still busy ending the reply, tries again a little later. */
function sendWaiting(host: A2uiHost, state: HostState, tries = 20): void {
  const next = state.waiting[0];
  if (next === undefined) return;
  if (!host.agent.running && send(host, next)) state.waiting.shift();
  else if (tries > 0) setTimeout(() => sendWaiting(host, state, tries - 1), 100);
}

/** An action as it leaves: the user message, and for an AG-UI activity's surface the forwarded props its server's A2UI middleware reads. */
interface Outgoing {
  text: string;
  options?: SendOptions;
}

function outgoing(detail: A2uiActionDetail, fromActivity: boolean): Outgoing {
  const text = actionText(detail);
  if (!fromActivity) return { text };
  const { name, surfaceId, sourceComponentId, context, timestamp } = detail.action;
  return { text, options: { forwardedProps: { a2uiAction: { userAction: { name, surfaceId, sourceComponentId, context, timestamp } } } } };
}

/** Sends an action as the user's message; false when the element refused it (busy). */
function send(host: A2uiHost, { text, options }: Outgoing): boolean {
  try {
    host.send(text, options);
    return true;
  } catch {
    return false;
  }
}
