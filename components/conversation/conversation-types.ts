/**
 * The shapes of `<agent-chat>`'s view model: the log's items, the state the
 * reducer (conversation-state.ts) keeps, and the actions it takes. Types only.
 */
import type { AgentEvent, ApprovalRequest, Attachment, ContextEvent, Diagnosis, PlanTask, PreviewStepInfo, ToolCallStatus } from '../../src/types.js';
import type { ContextFigures, NoticePhrase } from './notice-words.js';
import type { ReportedPhrase } from './reported-notice-words.js';

/** Where a tool call stands, as its card shows it (the type `render` props carry). */
export type { ToolCallStatus };

/** An attachment as the log shows it: a record (from an event) or a file given to `send`, with its bytes when this page has them. */
export type ShownAttachment = Pick<Attachment, 'name' | 'type' | 'size'> & Partial<Pick<Attachment, 'id' | 'stored' | 'kind'>> & { data?: Blob };

/** Something the user said. */
export interface UserItem {
  kind: 'user';
  id: string;
  text: string;
  /** The workflow this message started (`run-start.workflow`); `text` is then the input given to it. */
  workflow?: string;
  /** The run this message started (its `run-start`), once it started: what the message's Trace button opens. */
  runId?: string;
  /** The files sent with it (`run-start.attachments`, or what the element was given to send). */
  attachments?: readonly ShownAttachment[];
}

/** One stretch of the assistant's reply (a new one starts after tool calls). */
export interface AssistantItem {
  kind: 'assistant';
  id: string;
  text: string;
  thinking: string;
  /** True while deltas may still arrive. */
  streaming: boolean;
}

/** One tool call, from its first streamed argument to its result. */
export interface ToolCallItem {
  kind: 'tool-call';
  /** The call id. */
  id: string;
  name: string;
  /** The arguments as text so far (streamed), or pretty-printed once known. */
  argsText: string;
  args?: unknown;
  status: ToolCallStatus;
  result?: unknown;
  error?: string;
  /** For a `dispatch_agent` call: the sub-agent's own conversation, from its `sub-agent` events. */
  sub?: ConversationState;
  /** A browser agent asked for this call through WebMCP, or an MCP App in a card (`mcp-app`), not the model (`tool-call.requestedBy`); it is no part of any run. */
  requestedBy?: 'browser-agent' | 'mcp-app';
  /** How far a running call got, as its tool last reported (`tool-progress`). */
  progress?: { progress: number; total?: number; message?: string };
  /** Images and files the tool returned (`tool-result.attachments`). */
  attachments?: readonly ShownAttachment[];
  /** The run it was made in (the last `run-start` before it); absent for a call a browser agent or an MCP App asked for outside any run. */
  runId?: string;
  /** What it will do, while it waits for approval (its tool's `preview`: the `preview` event). */
  preview?: { steps: readonly PreviewStepInfo[]; error?: string };
  /** It was taken back (`undone` event): undone, or the undo failed, saying why. */
  undo?: { status: 'undone' } | { status: 'failed'; error: string };
  /** What the user entered in the A2UI surfaces of its card (`a2ui-data`), each surface's whole data model by its id. */
  a2uiData?: Readonly<Record<string, Record<string, unknown>>>;
}

/** A line from the element itself (help text, "stopped", iteration limit). */
export interface NoticeItem {
  kind: 'notice';
  id: string;
  /** What it says in English (a command's answer: in the element's language when it was written). */
  text: string;
  /** The log's own line as data (notice-words.ts, reported-notice-words.ts), written in the element's language when drawn. */
  said?: NoticePhrase | ReportedPhrase;
  /** The part name of a notice that has its own (`nudge`). */
  part?: string;
}

/** A quiet mark where the history sent to the model was shortened to fit its context. */
export interface ContextItem {
  kind: 'context';
  id: string;
  action: ContextEvent['action'];
  /** What it says in English. */
  text: string;
  /** Its figures, written in the element's language when drawn (notice-words.ts). */
  figures: ContextFigures;
}

/** The doctor's checklist (`/doctor`): checking until its `diagnosis` or `error` arrives. Never stored with the thread. */
/** A `/doctor` line: checking, its checklist, or why it did not run (`error`; `cancelled` when the user stopped it). */
export interface DoctorItem { kind: 'doctor'; id: string; diagnosis?: Diagnosis; error?: string; cancelled?: true }

/** A remote agent's activity (`activity` events, option `agui`): structured progress shown as its own card, with its latest content. */
export interface ActivityItem {
  kind: 'activity';
  /** `activity:` and the activity's message id. */
  id: string;
  activityType: string;
  content: Readonly<Record<string, unknown>>;
}

/** Anything the log shows. */
export type LogItem = UserItem | AssistantItem | ToolCallItem | NoticeItem | ContextItem | DoctorItem | ActivityItem;

/** Token counts of the last model call, and the window they fill. */
export interface UsageInfo {
  promptTokens: number;
  completionTokens: number;
  /** The context window the agent budgets for, when known. */
  contextTokens?: number;
}

/** Everything `<agent-chat>` renders, as data. */
export interface ConversationState {
  items: readonly LogItem[];
  running: boolean;
  /** From the last `iteration` event of the current run. */
  step: { n: number; max: number } | null;
  /** Calls waiting for the user's answer, in the order asked. */
  approvals: readonly ApprovalRequest[];
  /** Answers the model offered with `ask_question`. */
  suggestions: readonly string[];
  /** The error shown: its English message, and its `code` and `params` when it has them (the banner writes it in the element's language from these). */
  error: { message: string; retryable: boolean; code?: string; params?: Readonly<Record<string, string | number>> } | null;
  /** From the last `usage` event. */
  usage: UsageInfo | null;
  /** The client is waiting to retry the model request (from the last `retry` event); cleared by whatever comes next. */
  retry?: { attempt: number; delayMs: number; reason: string } | null;
  /** The last run ended `interrupted` (the page died in it): it can be continued. */
  interrupted?: boolean;
  /**
   * A message the element showed on send, before its run said so: the
   * `run-start` carrying this input adds no second copy.
   */
  shownInput: string | null;
  /** The last run stopped at its step limit: the element offers Continue. */
  canContinue: boolean;
  /** The agent's latest plan (option `planning`), or null before its first. */
  plan: readonly PlanTask[] | null;
  /** The last run started (`run-start`): the calls that follow belong to it. */
  runId?: string;
  /** Counter for item ids; part of the state so the reducer stays pure. */
  nextId: number;
}

/** What the user (or the element on the user's behalf) did. */
export type UserAction =
  | { type: 'user-message'; text: string; attachments?: readonly ShownAttachment[] | undefined }
  | { type: 'approval-answered'; callId: string; approve: boolean }
  | { type: 'notice'; text: string; /** The notice as data, when its English is written by its reporter (reported-notice-words.ts). */ said?: ReportedPhrase }
  /** `/doctor` started (no outcome yet) or finished: the item `doctor-{key}` shows it. */
  | { type: 'doctor'; key: string; diagnosis?: Diagnosis; error?: string; cancelled?: true }
  | { type: 'dismiss-error' }
  | { type: 'clear' };

/** Anything the reducer understands. */
export type ConversationAction = AgentEvent | UserAction;
