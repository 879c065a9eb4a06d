/**
 * The public types of pageloop: what an app passes to `createAgent`, what the
 * agent emits, and the OpenAI-format history it keeps. Everything here is plain
 * data that survives structured cloning, because all of it crosses the worker.
 * The memory's own types are src/memory-types.ts, beside these on the ground
 * floor; the agent's options and handle refer to them from here.
 */
import type { Memory } from './memory-types.js';
import type { ConfigureOptions } from './settings.js';
import type { Tool } from './tool-types.js';
import type { FinalReason, FinalEvent, ToolResultStatus, ApprovalRequest, AgentEvent, SubAgentEvent, ContextEvent, SummaryCall, PlanTaskStatus, PlanTask, EngineStatus, EngineSource, WebMcpStatus } from './agent-events.js';

/** The flight recorder's spans (src/trace-types.ts). */
export type { TraceValue, TraceSpanEvent, TraceSpan, ThreadTrace, TraceOptions, TelemetryOptions, OtlpOptions } from './trace-types.js';
import type { ThreadTrace, TraceSpan } from './trace-types.js';
/** The doctor's checklist (src/diagnosis-types.ts). */
export type { Diagnosis, DiagnosisCheck, DiagnosisStatus, DiagnoseOptions, ServerFamily } from './diagnosis-types.js';
import type { Diagnosis, DiagnoseOptions } from './diagnosis-types.js';
/** The events an agent emits, and what they carry (src/agent-events.ts). */
export type { FinalReason, FinalEvent, ToolResultStatus, ApprovalRequest, AgentEvent, SubAgentEvent, ContextEvent, SummaryCall, PlanTaskStatus, PlanTask, EngineStatus, EngineSource, EngineBackend, WebMcpStatus, WebMcpProblem, InterruptInfo, UndoneEvent, UndoneCall } from './agent-events.js';
import type { UndoneCall } from './agent-events.js';
/** Generative UI: what a tool's `render` receives and returns (src/tool-types.ts). */
export type { ToolCallStatus, ToolRender, ToolRenderProps, ToolView, ToolViewOptions } from './tool-types.js';

/** Files and images sent with messages and tool results (src/attachment-types.ts). */
export type { AttachmentInput, AttachmentData, AttachmentKind, Attachment, PreparedAttachment, AttachmentRefusalCode, AttachmentRefusal, PreparedAttachments, AttachmentOptions, ToolResultWithAttachments } from './attachment-types.js';
import type { Attachment, AttachmentInput, PreparedAttachments } from './attachment-types.js';

/** What a tool is (src/tool-types.ts). */
export type { JSONSchema, ToolContext, NeedsApproval, ToolKind, Tool, WorkerToolSpec, ValidationResult, CallContext, ToolUndo, PreviewStep, ToolPreview, ToolPreviewer, PreviewTargetState, PreviewStepInfo } from './tool-types.js';
/** The agent's options and what `configure` takes (src/settings.ts), and their value types (src/option-types.ts). */
export type { AgentOptions, ConfigureOptions } from './settings.js';
/** The MCP client's options and reports (src/mcp-types.ts). */
export type { AgentMcp, McpApproval, McpServerOptions, McpServerState, McpSignInState, McpErrorCode, McpToolInfo, McpServerStatus, McpPrompt, McpResource, McpResourceText, McpElicitation, McpElicitationAnswer, McpElicitationField, McpAppResource, McpAppToolResult } from './mcp-types.js';
import type { AgentMcp } from './mcp-types.js';
/** A2UI surfaces (option `a2ui`; src/a2ui-types.ts). */
export type { A2uiOptions, A2uiLimits, A2uiCatalog, A2uiComponent, A2uiProps, A2uiRender, A2uiMessage, A2uiAction } from './a2ui-types.js';
export type { SubAgentOptions, ToolProtocol, ToolFormat, EngineOptions, EngineGpu, WorkflowTemplate, WebMcpOptions, AgUiOptions } from './option-types.js';

/** What came of `agent.undo` / `agent.undoRun`: each call tried, in order (as its `undone` event lists them). */
export interface UndoOutcome {
  /** True when every call tried was undone. */
  ok: boolean;
  calls: UndoneCall[];
}

/** The answer to one approval request. */
export interface ApprovalAnswer {
  approve: boolean;
  /** Replacement arguments; validated again before the tool runs. */
  args?: unknown;
  /** Allow this tool without asking for the rest of the agent's life. */
  always?: boolean;
  /** Shown to the model when the call is denied. */
  message?: string;
}

/** A tool call as the OpenAI chat format writes it in an assistant message. */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** One message of the OpenAI-format history. */
export type ChatMessage =
  | { role: 'system'; content: string }
  /** `attachments`: the files sent with it, as records (the model layer turns them into content parts per server family). */
  | { role: 'user'; content: string; attachments?: Attachment[] }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  /** `attachments`: images and files the tool returned; sent to the model in a user message after the turn's tool messages. */
  | { role: 'tool'; tool_call_id: string; content: string; attachments?: Attachment[] };

/** The agent's in-page engine, as the page sees it. */
/** `agent.webmcp`: where WebMCP stands for this agent (option `webmcp`). */
export interface AgentWebMcp {
  /** The status now (`off` without the option). */
  status(): WebMcpStatus;
  /** Settles once the agent's tools are registered and the page's other tools offered, or it is clear why not (`unavailable`, `error`). */
  readonly ready: Promise<WebMcpStatus>;
}

export interface AgentEngine {
  /** The engine's latest state (from its `engine` events); `idle` when the agent uses an endpoint. */
  status(): EngineStatus;
}

/**
 * Which tool the model must call in the run's first model call. `auto`: as
 * it likes; `none`: no tools are offered, so it answers in text; `required`:
 * some tool; `{ name }`: that tool. Later calls of the run are `auto`, so a
 * forced call cannot repeat for ever. Under the text protocol (no native
 * `tool_choice`) `required` and `{ name }` are a sentence in that request's
 * system prompt, which a model may still ignore.
 */
export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

/** Settings for one run only (`send(text, options)`); the agent's own settings are untouched. */
export interface SendOptions {
  /** The endpoint's model for this run (an in-page engine ignores it). */
  model?: string;
  /** Replaces the agent's system prompt for this run. */
  systemPrompt?: string;
  /** Names of the agent's tools to offer in this run (default: all). Built-ins stay available. */
  tools?: string[];
  /** The most model calls this run may take. */
  maxIterations?: number;
  /** See `ToolChoice`. */
  toolChoice?: ToolChoice;
  /**
   * Files and images sent with the message (`File`, `Blob`, `{ name, type, data }`,
   * or what `agent.prepareAttachments` accepted). Checked against the
   * `attachments` option; a refused file ends the run with an error naming it
   * and the limit (code: its `AttachmentRefusalCode`) and nothing is sent.
   */
  attachments?: AttachmentInput[];
  /**
   * For a remote AG-UI agent (option `agui`): merged over
   * `agui.forwardedProps` in this run's first request only — what a server
   * middleware reads, e.g. A2UI's `{ a2uiAction: { userAction } }`, which
   * `<agent-chat>` sends when the user acts on a server's `a2ui-surface`
   * activity. Must have a JSON form. An in-page agent ignores it.
   */
  forwardedProps?: Record<string, unknown>;
}

/** Settings for one workflow run (`runWorkflow(name, input, options)`): as `SendOptions`, tools aside (the template names them). */
export type WorkflowRunOptions = Omit<SendOptions, 'tools'>;

/** One user turn being answered; iterate it for events, or await `done`. */
export interface Run extends AsyncIterable<AgentEvent> {
  readonly runId: string;
  /** Resolves with the run's final event; never rejects. */
  readonly done: Promise<FinalEvent>;
}

/** An agent whose loop runs in a Web Worker. */
export interface Agent {
  /**
   * Starts one user turn. Rejects through its final event if a run is already
   * going. `options` change settings for this run only (see `SendOptions`).
   */
  send(text: string, options?: SendOptions): Run;
  /**
   * Starts a run on workflow `name` (option `workflows`): its description is
   * the goal, `input` what the user adds, its steps the plan. Throws a
   * PageloopError with code `unknown-workflow` (nothing is sent) when no
   * workflow has that name.
   */
  runWorkflow(name: string, input?: string, options?: WorkflowRunOptions): Run;
  /** Runs the loop again on the history as it is, without a new user message (after an error). */
  retry(): Run;
  /** The events of the thread so far (deltas merged), e.g. to re-render a stored thread. */
  events(): Promise<AgentEvent[]>;
  /**
   * Answers one approval request of the current run — or of a run the page
   * died in (see `pending()`): then the answer resumes that run, as a new
   * `Run` whose events reach `on()` listeners.
   */
  respond(callId: string, answer: ApprovalAnswer): void;
  /** The tools the user allowed for good ("Always allow") in this thread; stored with it. */
  permissions(): Promise<string[]>;
  /**
   * The flight recorder's trace of this thread (option `trace`): OpenTelemetry
   * GenAI spans, oldest first — or only run `runId`'s (the `runId` of a
   * `Run`, or of its `run-start` event). Kept with the thread and its file.
   */
  trace(runId?: string): Promise<ThreadTrace>;
  /**
   * Calls `listener` with each span of this agent's trace as it ends, on the
   * page — for an app with its own OpenTelemetry setup:
   * `agent.onSpan(spanProcessorListener(processor))` feeds its span
   * processor. Spans are sent from the worker only while someone listens.
   * Returns the function that stops listening.
   */
  onSpan(listener: (span: TraceSpan) => void): () => void;
  /**
   * Checks the agent's endpoint (or in-page engine) as a user needs it checked
   * and resolves with a checklist, a fix on every failing line: reachable,
   * CORS, the server family, the model, the real context window, native tool
   * calls (one tiny real request, unless `probe: false`), stream quirks, first
   * token, vision — or, for the engine, worker, threads, isolation, WebGPU and
   * cache. Rejects with code `aborted` when `options.signal` fires.
   */
  diagnose(options?: DiagnoseOptions): Promise<Diagnosis>;
  /** Takes back "Always allow" for `tool`: its calls ask again. */
  revokePermission(tool: string): Promise<void>;
  /**
   * Keeps what the user entered in A2UI surface `surfaceId` of call `callId`
   * (its whole data model, JSON) with the thread, so a reload, an import or a
   * follower tab shows it and an action sends it: an `a2ui-data` event.
   * `<agent-chat>` calls it as the user types (debounced). Rejects with code
   * `bad-request` for a call the thread does not have or a data model over
   * 256 KB, and in a tab that follows the thread.
   */
  keepSurfaceData(callId: string, surfaceId: string, dataModel: Record<string, unknown>): Promise<void>;
  /** The approval requests of an interrupted run (a reload mid-approval) that wait for an answer. */
  pending(): Promise<ApprovalRequest[]>;
  /**
   * Carries on a run the page died in (its final reason is `interrupted`):
   * open calls get their results (idempotent tools run again, others are
   * reported `interrupted`), then the model continues from what it had said.
   */
  resume(): Run;
  /** Ends the current run with reason `cancelled`. */
  cancel(): void;
  /**
   * Takes back call `callId` (a finished call of a tool with `undo`): the
   * tool's `undo` runs with the call's arguments and result, an `undone`
   * event records it, and the next request tells the model. Needs no
   * approval: the user is the one asking. Resolves with what came of it;
   * rejects (code `not-undoable`) when the call cannot be undone — unknown,
   * not finished, already undone, or its tool has no `undo` — and (`busy`)
   * while a run goes.
   */
  undo(callId: string): Promise<UndoOutcome>;
  /**
   * Takes back every finished call of run `runId`, last first, stopping at
   * the first that fails (the outcome says which). Calls of tools that only
   * read are skipped; refused (`not-undoable`) when any other call of the
   * run cannot be undone, so nothing is half taken back by design.
   */
  undoRun(runId: string): Promise<UndoOutcome>;
  /**
   * The elements the preview of call `callId` outlines, step by step
   * (`null` for a step with none, or one no longer on the page): what a
   * page-side overlay draws from the `preview` events. Empty once the call
   * was answered.
   */
  previewTargets(callId: string): (Element | null)[];
  /** Subscribes to every event of every run; returns the unsubscribe function. */
  on(listener: (e: AgentEvent) => void): () => void;
  /** The OpenAI-format history, system prompt excluded. */
  messages(): Promise<ChatMessage[]>;
  /**
   * Checks files against the `attachments` option and prepares them for
   * sending (images downscaled in the agent's worker, off the page's thread),
   * so a UI can show refusals before anything is sent. Never rejects for a
   * bad file: it is in `refused`, with a sentence naming it and the limit.
   * The accepted ones can be handed to `send(text, { attachments })` as they are.
   */
  prepareAttachments(inputs: AttachmentInput[]): Promise<PreparedAttachments>;
  /**
   * The bytes of attachment `id` of this thread (a user's file, or one a tool
   * returned), or undefined when they were not kept; `original` asks for the
   * original of a downscaled image (kept only with `keepOriginal`).
   */
  attachment(id: string, options?: { original?: boolean }): Promise<Blob | undefined>;
  /** Forgets the history (and the stored thread). */
  clear(): Promise<void>;
  /**
   * Changes settings of the live agent (`ConfigureOptions`: each option whose
   * row in src/settings.ts says `live`); takes effect on the next `send`.
   */
  configure(options: ConfigureOptions): void;
  /** Replaces the page's tools (those added with `addTool` stay); takes effect at the next model request. */
  setTools(tools: Tool[]): void;
  /**
   * Adds one tool beside the others while the agent lives (a component
   * mounts, a section opens); returns the function that removes it. Takes
   * effect at the next model request; a call to it after removal gets an
   * error result saying it was removed. Throws when the name is taken.
   */
  addTool(tool: Tool): () => void;
  /** Removes the tool named `name` (added or set); false when there is none. */
  removeTool(name: string): boolean;
  /** The page's tools now: those set, then those added. */
  readonly tools: readonly Tool[];
  /**
   * Answers a call of a tool that waits for the user (`render` without
   * `execute`; announced by an `input-request` event): `value` is its result.
   * Resolves true only when the answer reached the call — a call waiting
   * here, or a call of a run the page died in, whose resumed run took it —
   * and false when the call does not wait (a second answer is ignored).
   * Rejects, leaving the call waiting, when `value` fails the tool's `result`
   * schema; rejects with a `thread-busy` error when another tab writes the
   * thread (the call waits there) or the resume failed, keeping nothing.
   */
  answer(callId: string, value: unknown): Promise<boolean>;
  /**
   * The app's state, sent with every model request in a section of the
   * system prompt, as it is when the request is built; never stored in the
   * thread. Bounded: the section takes at most an eighth of the context window.
   */
  readonly context: AgentContext;
  /** The agent's vector memory, living in its worker; opened on first use. Disposed with the agent. */
  readonly memory: Memory;
  /**
   * The state shared with a remote AG-UI agent (option `agui`): as the
   * server's last snapshot or delta left it, or as `setState` set it;
   * undefined until there is one. Each change is a `state` event; it is kept
   * with the thread, so a reload starts from it.
   */
  readonly state: unknown;
  /**
   * Replaces the shared state (JSON): kept with the thread, and sent with the
   * next run as its `RunAgentInput.state`. An in-page agent keeps it too, but
   * its loop does not read it.
   */
  setState(state: unknown): void;
  /** The in-page engine (`options.engine`): what it is doing. */
  readonly engine: AgentEngine;
  /** WebMCP (option `webmcp`): its status, and when its tools are in place. */
  readonly webmcp: AgentWebMcp;
  /** Resolves when the worker is up and its state loaded. */
  readonly ready: Promise<void>;
  /** True while a run is going. */
  readonly running: boolean;
  /** Terminates the worker; pending work settles with an AbortError. */
  dispose(): void;
  /** The threads stored in this origin's IndexedDB: list, open, rename, delete, export, import. */
  readonly threads: Threads;
  /** The agent's MCP servers (option `mcp`): their state, reconnect, prompts and resources. */
  readonly mcp: AgentMcp;
}

/** One stored thread, as `agent.threads.list()` shows it. */
export interface ThreadSummary {
  id: string;
  /** The start of the first user message, unless renamed. */
  title: string;
  /** When it last changed (ms since the epoch). */
  updated: number;
  messageCount: number;
}

/**
 * A thread file: the documented, versioned JSON form of one thread, as
 * `agent.threads.export()` writes it and `import()` reads it. `schema` is
 * the format's version; a file of a newer version is refused, not misread.
 */
export interface ThreadFile {
  format: 'pageloop-thread';
  schema: number;
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  /** The OpenAI-format history. */
  messages: ChatMessage[];
  /** The events (deltas merged), from which the conversation is re-rendered. */
  events: AgentEvent[];
  /** Tools the user allowed for good in this thread ("Always allow"); absent means none. */
  allowed?: string[];
  /** The thread's flight-recorder trace (see `Agent.trace`); absent when none was recorded. */
  trace?: ThreadTrace;
  /**
   * The bytes of the thread's attachments, by id (the records stay in
   * `messages` and `events`): `data` is base64. Absent when there are none;
   * a file without it imports with its attachments shown as not kept.
   */
  attachments?: Record<string, ThreadFileAttachment>;
}

/** One attachment's bytes in a thread file (`original`: a downscaled image's original, when kept). */
export interface ThreadFileAttachment {
  type: string;
  data: string;
  original?: { type: string; data: string };
}

/**
 * How `threads.export` writes a thread. `pageloop` (the default): the thread
 * file (`ThreadFile`). `ag-ui`: AG-UI 1.0's event form, `{ format:
 * 'ag-ui-events', protocolVersion: '1.0', threadId, title, createdAt,
 * updatedAt, events }` — each run as AG-UI events (`RUN_STARTED`, the
 * user's words as a user text message, text, reasoning, tool calls and
 * results, state, activities, `RUN_FINISHED` with usage), the last run
 * carrying a `MESSAGES_SNAPSHOT` of the whole history (images and files as
 * `image` and `document` parts with their bytes). A thread made against a
 * remote AG-UI agent keeps the server's thread id and message ids.
 */
export interface ThreadExportOptions {
  format?: 'pageloop' | 'ag-ui';
}

/** The stored threads of an origin, reached through an agent. */
export interface Threads {
  /** Every stored thread, most recently updated first. */
  list(): Promise<ThreadSummary[]>;
  /** Makes thread `id` the agent's thread (a new one if none is stored under it); refused while a run goes. */
  open(id: string): Promise<void>;
  /** Deletes a stored thread; deleting the agent's own thread clears its conversation. */
  delete(id: string): Promise<void>;
  rename(id: string, title: string): Promise<void>;
  /**
   * The thread as a JSON thread file (see `ThreadFile`) — or, with
   * `{ format: 'ag-ui' }`, in AG-UI 1.0's event form (see
   * `ThreadExportOptions`), which `import` reads too.
   */
  export(id: string, options?: ThreadExportOptions): Promise<string>;
  /**
   * Stores a thread file (its JSON text, or the parsed object; a thread in
   * AG-UI's event form too, read through the official client's
   * verification) and resolves with the id it was stored under — a fresh one if that id is taken. A
   * malformed file or one of a newer schema is refused with a `bad-request`
   * error, and nothing is stored.
   */
  import(file: string | ThreadFile): Promise<string>;
}

/** The app's state as context for the model (`agent.context`). */
export interface AgentContext {
  /**
   * Sets piece `name` of the app's state (the open record, the user's role,
   * the filter). `value` must have a JSON form; it is read when each request
   * is built. `description` tells the model what it is.
   */
  set(name: string, value: unknown, options?: { description?: string }): void;
  /** Takes piece `name` away; false when there was none. */
  delete(name: string): boolean;
  /** The value of piece `name`, if set. */
  get(name: string): unknown;
  /** Every piece, in the order first set. */
  entries(): AgentContextEntry[];
}

/** One piece of the app's state. */
export interface AgentContextEntry {
  name: string;
  value: unknown;
  description?: string;
}
