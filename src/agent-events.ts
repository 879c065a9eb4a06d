import type { Attachment } from './attachment-types.js';

/**
 * The events an agent emits, in order, for every run: what the page's
 * listeners, the `Run` iterator and `<agent-chat>` see, and what a thread
 * stores. Plain data that survives structured cloning (it crosses the worker).
 * Re-exported by `src/types.ts`, the public types' one entry.
 */
import type { McpElicitation, McpElicitationAnswer, McpServerStatus } from './mcp-types.js';
import type { PreviewStepInfo } from './tool-types.js';

/** Why a run ended. */
export type FinalReason =
  | 'answer'
  | 'task_complete'
  | 'ask_question'
  | 'converse'
  | 'max_iterations'
  | 'cancelled'
  | 'error'
  /**
   * The page died while the run went (reload, closed tab, crashed worker):
   * recorded when the thread is loaded again. `agent.resume()` carries on.
   */
  | 'interrupted';

/** The one event that ends every run. */
export interface FinalEvent {
  type: 'final';
  reason: FinalReason;
  text: string;
  suggestions?: string[];
  /**
   * Present on the final of a run other than the one being started: a run
   * the page died in while it waited for the user, given up when a new
   * message starts another run (its calls' `cancelled` results come just
   * before). That final is not the new run's.
   */
  runId?: string;
}

/**
 * How a tool call ended. `interrupted`: the page died while the call ran, so
 * it may or may not have taken effect (it is never re-run silently).
 */
export type ToolResultStatus = 'ok' | 'error' | 'denied' | 'cancelled' | 'interrupted';

/** One tool call waiting for the page's answer. */
export interface ApprovalRequest {
  callId: string;
  name: string;
  args: unknown;
  /** Present when a remote AG-UI agent (option `agui`) asks this through an interrupt: what it said (`message`), and why (`reason`). The answer runs nothing here: it is what the server's run resumes with. */
  interrupt?: InterruptInfo;
}

/**
 * Everything the loop tells the outside world, in the order it happened.
 * The element renders these; an app without the element consumes the same stream.
 */
export type AgentEvent =
  | {
      type: 'run-start';
      runId: string;
      /** The user's message that started the run; absent for `retry`. For a workflow run, the input it was given (if any). */
      input?: string;
      /** The workflow the run follows (`agent.runWorkflow`, `/workflow`); absent for other runs. */
      workflow?: string;
      /** The files sent with the user's message (records only; the bytes: `agent.attachment(id)`). */
      attachments?: Attachment[];
      /** The model this run asks when it is not the agent's own (`send(text, { model })`); absent otherwise. */
      model?: string;
    }
  | { type: 'iteration'; n: number; max: number }
  | { type: 'thinking'; delta: string }
  | { type: 'text'; delta: string }
  /** Arguments of a native tool call while they stream; `argsText` is the text so far. */
  | { type: 'tool-call-delta'; callId: string; name: string; argsText: string; builtin?: true }
  | {
      type: 'tool-call';
      callId: string;
      name: string;
      args: unknown;
      builtin?: true;
      /** Present when the model did not ask for it: a browser agent called the page tool through WebMCP (option `webmcp.expose`). `mcp-app`: an MCP App in a card asked for this tool of its server (`agent.mcp.callAppTool`). Such a call never enters the model's history. */
      requestedBy?: 'browser-agent' | 'mcp-app';
      /**
       * Present when this is no call of the model's but a remote AG-UI
       * agent's interrupt (option `agui`) that concerns no call of the
       * conversation: the server stopped its run until the user answers.
       * `callId` is the interrupt's id; the call waits as an approval (or,
       * when `name` is a page tool that waits for the user, as its view), and
       * its `tool-result` is the answer the run resumes with. Never in the
       * history. (An interrupt about one of the server's calls waits on that
       * call's own card: its `approval-request` carries `interrupt`.)
       */
      interrupt?: InterruptInfo;
    }
  | { type: 'approval-request'; requests: ApprovalRequest[] }
  /**
   * A call of a tool that waits for the user (`render` without `execute`)
   * now waits for the answer (`agent.answer(callId, value)`, or the card's
   * `respond`); its `tool-result` carries the answer. Stored, so a reload
   * shows it waiting again.
   */
  | { type: 'input-request'; callId: string; name: string; args: unknown }
  /** A call really started running (after its approval, if it needed one). */
  | {
      type: 'tool-start';
      callId: string;
      name: string;
      /** Present when the user edited the arguments before approving: what the call really runs with (its `tool-call` and approval request carry what the model proposed). */
      editedArgs?: unknown;
    }
  | {
      type: 'tool-result';
      callId: string;
      name: string;
      result?: unknown;
      error?: string;
      status: ToolResultStatus;
      builtin?: true;
      /** Images and files the tool returned (`toolResult(content, attachments)`): shown in its card, sent to the model after the turn's tool messages. */
      attachments?: Attachment[];
    }
  /**
   * Attachments of this run could not be kept with the thread (the disk is
   * full, or IndexedDB is unavailable): they were sent, but a reload will not
   * show them. `message` says so in a sentence for the user (English);
   * `names` (the files' names), `code` (the storage error's code:
   * `storage-quota` when the disk is full) and `reason` (its message) are
   * what an interface writes its own sentence from.
   */
  | { type: 'attachments-not-kept'; ids: string[]; message: string; names?: string[]; code?: string; reason?: string }
  | { type: 'usage'; promptTokens: number; completionTokens: number; /** The context window the agent budgets for, once known (set by the app or stated by the server); absent while only the default is assumed. */ contextTokens?: number }
  | { type: 'error'; message: string; retryable: boolean; code?: string; params?: Readonly<Record<string, string | number>> }
  /** The in-page engine's state changed (download progress, loading, ready, a load error); not part of any run. */
  | { type: 'engine'; status: EngineStatus }
  | FinalEvent
  /** What was sent was shortened to fit the context window (the stored thread keeps everything). */
  | ContextEvent
  /**
   * The client waits `delayMs` before attempt `attempt` of the model request
   * (a 429 with retry-after, a 5xx, a failed connection); `reason` says why,
   * e.g. "HTTP 429". The run goes on after the wait; `cancel()` ends it at once.
   */
  | { type: 'retry'; attempt: number; delayMs: number; reason: string }
  /** The model's plan was accepted (option `planning`): the whole task list as it stands now. */
  | { type: 'plan'; tasks: PlanTask[] }
  /** A short self-check was added to model call `n` (option `reflectEvery`); it is not stored in the history. */
  | { type: 'reflection'; n: number }
  /** An event of a sub-agent (option `subAgents`), nested under the `dispatch_agent` call that started it. */
  | SubAgentEvent
  /**
   * The state shared with a remote AG-UI agent (option `agui`) changed: the
   * server sent a snapshot or a JSON Patch delta (`state` is the whole state
   * after it), or the app called `agent.setState` (`from: 'app'`; sent with
   * the next run). Stored: `agent.state` after a reload is the last one.
   */
  | { type: 'state'; state: unknown; from?: 'app' }
  /**
   * A remote AG-UI agent's activity (`ACTIVITY_SNAPSHOT`/`ACTIVITY_DELTA`):
   * structured progress that is not conversation text, as its whole
   * `content` after the change. The element renders `activityType:
   * "a2ui-surface"` through its A2UI renderer once present, any other type as
   * a plain activity card. Stored.
   */
  | { type: 'activity'; messageId: string; activityType: string; content: Record<string, unknown> }
  /**
   * What the user has entered in an A2UI surface (option `a2ui`) so far: the
   * whole data model of surface `surfaceId`, drawn by call `callId`'s card,
   * after their typing, checking and choosing (`agent.keepSurfaceData`,
   * which the element calls as they change). Stored; a newer one for the
   * same surface replaces the one just before it. A reload, an import and a
   * follower tab draw the surface with it, and an action sends it.
   */
  | { type: 'a2ui-data'; callId: string; surfaceId: string; dataModel: Record<string, unknown> }
  /**
   * Where the conversation stands on the remote AG-UI agent (option `agui`),
   * after each of its runs: the server's `threadId`, the id of each history
   * message as the server knows it, and the interrupts it waits on. Stored
   * with the thread, so a reload (or another tab) carries the same server
   * thread on; renderers ignore it.
   */
  | { type: 'remote-thread'; threadId: string; messageIds: string[]; interrupts?: InterruptInfo[] }
  /**
   * The last `text` this model call streamed as `field` (`text` or `thinking`)
   * was the other kind: reasoning whose opener the chat template wrote into
   * the prompt, recognised only when its closer arrived (or, the other way,
   * read as such reasoning and never closed). A renderer removes `text` from
   * the end of what it showed as `field` in the current reply; the same
   * stretch follows as the other kind. At most once per model call.
   */
  | { type: 'retraction'; field: 'text' | 'thinking'; text: string }
  /**
   * The model announced an action ("Let me check the orders…") and called no
   * tool, so model call `n` carries a short reminder to act or answer (option
   * `nudge`, at most once a run). The reminder is not stored in the history.
   */
  | { type: 'nudge'; n: number }
  /**
   * Whether this agent writes its thread (`writer`) or shows it read-only
   * because another tab writes it (`follower`): sent when the thread is
   * loaded and when it changes. A follower receives the writer's events as
   * they are stored, refuses to run (`thread-busy`), and becomes the writer
   * by itself when the other tab closes, is disposed or switches threads
   * (then re-read `events()`: the reload may have ended an interrupted run).
   * Not part of the conversation: never stored.
   * `events`: the thread's events (deltas merged) as this agent holds them
   * at this point of the event stream — a view rebuilt from them and then
   * given every later event misses none and repeats none (re-reading
   * `events()` instead may cross a live event). Sent again with the new
   * events when the writer clears the thread.
   */
  | { type: 'thread-lock'; state: 'writer' | 'follower'; events?: AgentEvent[] }
  /**
   * The tools allowed for good in this thread changed in the tab that
   * writes it (a follower hears it; re-read `permissions()` or use `allowed`).
   * Not part of the conversation: never stored.
   */
  | { type: 'permissions'; allowed: string[] }
  /**
   * A batch of spans could not be sent to the OTLP collector (option
   * `telemetry.otlp`): it is down, refused them, or took longer than
   * `timeoutMs`, retries included. Those spans are dropped; `dropped` counts
   * all dropped so far, `exported` all sent, `error` says why this batch
   * failed. The run is not affected. Not part of the conversation: never stored.
   */
  | { type: 'telemetry'; exported: number; dropped: number; error: string }
  /**
   * How the model layer read the reply of the current model call (for the
   * trace and for diagnosis): `protocol` (`native` tool calls or the `text`
   * protocol), the call `format` found in the reply text and why
   * (`formatReason`), what it had to mend (`repairs`, e.g. arguments encoded
   * twice) and what the server or model did unusually (`quirks`, e.g. calls
   * written as text while native tools were offered). Sent once per model
   * call, before its `tool-call` events; renderers may ignore it.
   */
  | { type: 'reply-read'; protocol: 'native' | 'text'; format?: string; formatReason?: string; repairs: string[]; quirks: string[] }
  /** WebMCP (option `webmcp`) changed state: found, tools registered or consumed, or absent in this browser. Sent by the page, never stored. */
  | { type: 'webmcp'; status: WebMcpStatus }

  /**
   * An MCP server's state changed (option `mcp`): connecting, connected
   * (with the tools it gives the agent), or failed (with why and the fix).
   * Not part of the conversation: never stored; `agent.mcp.status()` has the latest.
   */
  | { type: 'mcp'; server: McpServerStatus }
  /**
   * A running tool call reported how far it got (an MCP server's
   * `notifications/progress`); `total` when it is known. Not stored.
   */
  | { type: 'tool-progress'; callId: string; name: string; progress: number; total?: number; message?: string }
  /** An MCP server asks the user for input (elicitation); answer with `agent.mcp.answerElicitation(request.id, …)`. Not stored. */
  | { type: 'mcp-elicitation'; request: McpElicitation }
  /** That question is settled: answered (`action`), or cancelled because the server gave up or nobody answered. Not stored. */
  | { type: 'mcp-elicitation-end'; id: string; action: McpElicitationAnswer['action'] }
  /**
   * An MCP server asked something no form can show as it asks it (e.g. a
   * required field of no shape the spec has, a choice with no choices): it
   * was declined at once and the server got `reason` (in the result's
   * `_meta["pageloop/reason"]`). Not stored.
   */
  | { type: 'mcp-elicitation-declined'; server: string; message: string; reason: string }
  /**
   * What a call waiting for approval will do, from its tool's `preview`
   * (`defineTool({ preview })`; `domActions` have one): its steps, each with
   * where its target stands. Sent by the page right after the
   * `approval-request` (and again when a target changed, e.g. was removed
   * before the answer); `error` when the preview itself failed. The page
   * outlines the targets (`agent.previewTargets(callId)`); never stored.
   */
  | { type: 'preview'; callId: string; name: string; steps: PreviewStepInfo[]; error?: string }
  | UndoneEvent;

/**
 * Calls were taken back at the user's request (`agent.undo(callId)`,
 * `agent.undoRun(runId)`, or the element's Undo buttons): each call tried,
 * in the order tried, `undone` or `failed` (with why). An Undo all stops at
 * the first call that fails, so the calls after it are not listed. The model
 * is told with the next request (a note in the history); stored with the thread.
 */
export interface UndoneEvent {
  type: 'undone';
  /** The run whose calls were undone all at once (`undoRun`); absent for one call. */
  runId?: string;
  calls: UndoneCall[];
}

/** One call of an `undone` event. */
export interface UndoneCall {
  callId: string;
  name: string;
  status: 'undone' | 'failed';
  /** Why it could not be undone. */
  error?: string;
}

/**
 * What a remote AG-UI agent stopped its run for (1.0's `RUN_FINISHED` with an
 * interrupt outcome): an approval, a missing value. Answered through the
 * approval panel (`agent.respond`) or a page tool's view (`agent.answer`).
 */
export interface InterruptInfo {
  /** The interrupt's id (the server's), answered as `resume: [{ interruptId: id, … }]`. */
  id: string;
  /** Why the run stopped, in the server's words (`tool_approval`, `confirm_refund`…). */
  reason: string;
  /** A sentence for whoever answers. */
  message?: string;
  /** The server's tool call this interrupt concerns, when it asks to approve one. */
  toolCallId?: string;
  /** A JSON Schema of the answer the server expects. */
  responseSchema?: Record<string, unknown>;
  /** When it stops being answerable (ISO 8601). */
  expiresAt?: string;
  /** The server's extra information, as it sent it. */
  metadata?: Record<string, unknown>;
}

/** Where WebMCP stands for an agent (option `webmcp`; `agent.webmcp.status()`). */
export interface WebMcpStatus {
  /**
   * `off`: not asked for; `loading`: its code is loading; `ready`: tools are
   * registered and/or consumed; `unavailable`: this browser has no
   * `document.modelContext` (nor `navigator.modelContext`), so nothing happens;
   * `error`: the API refused something (`message` says what).
   */
  state: 'off' | 'loading' | 'ready' | 'unavailable' | 'error';
  /** Which API is used, once found. */
  api?: 'document.modelContext' | 'navigator.modelContext';
  /** The agent's page tools registered for browser agents (`expose`). */
  exposed: string[];
  /** Tools other parts of the page registered that the agent is offered (`consume`), by the name the model sees. */
  consumed: string[];
  /** A sentence for the user: why it is unavailable, or what was refused. */
  message?: string;
  /** When WebMCP could not start (`error`): the error's own text, as it was thrown (`message` says it in a sentence). */
  cause?: string;
  /** What was refused (`error`), one by one, as data an app can word in its own language; `message` says them all, joined by "; ". */
  problems?: WebMcpProblem[];
  /**
   * What an interface shows for this status (`unavailable`, `error`), one
   * notice each: `text`, the notice in English, and `said`, the same notice as
   * a message id of `<agent-chat>`'s (`noticeWebmcp…`, which its catalogs and
   * `labels` translate) with its values — someone else's words (a tool's name,
   * the browser's, the thrown error's), shown as they are. Written by the
   * WebMCP bridge (its chunk), so the page carries none of it up front.
   */
  notices?: ReadonlyArray<{ text: string; said: readonly [id: string, ...values: string[]] }>;
}

/**
 * One thing WebMCP refused or could not do (`WebMcpStatus.problems`): its
 * `kind`, the tool's name, the browser's own `error` text, and `message`, the
 * English sentence `WebMcpStatus.message` holds for it.
 */
export type WebMcpProblem = { message: string; tool?: string; error?: string } & (
  /** The browser refused to register one of the agent's tools (`expose`): a name another part of the page took, say. */
  | { kind: 'not-registered'; tool: string; error: string }
  /** A tool another part of the page registered could not be given to the agent (`consume`): its name is the agent's already, say. */
  | { kind: 'not-offered'; tool: string; error: string }
  /** This browser's WebMCP cannot list or run other tools (no `getTools()` and `executeTool()`), so none are offered. */
  | { kind: 'no-listing' }
  /** Listing the page's tools (`getTools()`) threw. */
  | { kind: 'list-failed'; error: string }
  /** Anything else that threw, in its own words. */
  | { kind: 'error'; error: string }
);

/**
 * An event of a sub-agent's own loop, wrapped so it cannot be taken for the
 * parent's: a child's `final` or `text` arrives as `{ type: 'sub-agent',
 * parentCallId, event: { type: 'final', … } }`, never as a bare `final`, so
 * consumers that do not know sub-agents see nothing of them, and the parent's
 * run is not ended by a child's. `parentCallId` is the id of the parent's
 * `dispatch_agent` call; that call's `tool-result` carries the child's answer.
 */
export interface SubAgentEvent {
  type: 'sub-agent';
  parentCallId: string;
  /** The child's event, as its loop emitted it (a child never dispatches, so this is never itself a `sub-agent` event). */
  event: AgentEvent;
}

/**
 * The history sent to the model was shortened to fit its context window:
 * older messages `folded` into a summary (or `dropped`, when the summary call
 * failed), or one tool result `cut` (the model can page through the rest with
 * the built-in `read_result`), or the current user message `cut` (no
 * `callId`: its start and end sent, the middle left out). The stored thread
 * and `messages()` keep everything.
 */
export interface ContextEvent {
  type: 'context';
  action: 'folded' | 'dropped' | 'cut';
  /** How many history messages were folded or dropped (1 for a cut). */
  messages: number;
  /** Estimated tokens before and after: of the whole request (fold, drop) or of the result (cut). */
  before: number;
  after: number;
  /** The context window budgeted for. */
  contextTokens: number;
  /** For `cut`: the call whose result was cut; absent when the user's current message was. */
  callId?: string;
  /** For `folded`: the summary now sent in place of those messages. */
  summary?: string;
  /** For `folded` and `dropped`: the model call that wrote the summary (or failed to), for the trace. */
  summaryCall?: SummaryCall;
}

/** The summary call of a context fold: when it ran (epoch ms), what it used, and why it failed (then the messages were dropped). */
export interface SummaryCall {
  startTime: number;
  endTime: number;
  inputTokens?: number;
  outputTokens?: number;
  error?: string;
}

/** Where a task of the agent's plan stands. */
export type PlanTaskStatus = 'pending' | 'in_progress' | 'completed' | 'failed' | 'blocked';

/** One task of the agent's plan, as the model wrote it with `update_plan` (option `planning`). */
export interface PlanTask {
  id: string;
  title: string;
  status: PlanTaskStatus;
  /** Ids of the tasks that must be completed before this one can be in progress. */
  dependsOn?: string[];
  note?: string;
}

/** What the in-page engine is doing. */
export type EngineStatus =
  /** No engine configured (the agent talks to an endpoint). */
  | { state: 'idle' }
  /** Fetching the GGUF file; `total` is absent when the server does not say. */
  | { state: 'downloading'; loaded: number; total?: number }
  /** Reading the weights into llama.cpp; `source` says where the file came from. */
  | { state: 'loading'; source: EngineSource }
  /** Loaded; `cacheWarning` says why a download could not be kept for next time (e.g. a full disk). */
  | {
      state: 'ready';
      source: EngineSource;
      model: string;
      threads: number;
      contextSize: number;
      loadMs: number;
      cacheWarning?: string;
      /** Where llama.cpp runs the layers: `webgpu` (some or all on the GPU) or `cpu` (WebAssembly). */
      backend: EngineBackend;
      /** With `webgpu`: the layers llama.cpp put on the GPU, of all the model's (its own count, from its load log). */
      gpuLayers?: { offloaded: number; total: number };
      /** With `cpu`: why not the GPU (no WebGPU, no adapter, an adapter llama.cpp cannot use, the device failed or was lost, or `gpu: 'off'`). */
      fallbackReason?: string;
    }
  /** Loading failed; the agent stays usable (configure another engine or endpoint, or send again to retry). */
  | { state: 'error'; code: string; message: string };

/** Where the in-page engine runs a model's layers. */
export type EngineBackend = 'webgpu' | 'cpu';

/** Where a GGUF file came from: the network, the cache of an earlier download, or a file the page passed. */
export type EngineSource = 'network' | 'cache' | 'file';
