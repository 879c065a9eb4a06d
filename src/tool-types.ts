/**
 * What a tool is: its schema, its approval rule, where it runs. Plain types,
 * below the page/worker split: the page defines tools, the worker receives
 * their descriptors, the settings (src/settings.ts) name them.
 */

import type { TemplateResult } from 'lit';

/** A JSON Schema object, as accepted for a tool's `parameters`. */
export type JSONSchema = { [key: string]: unknown };

/** What a tool's `execute` receives besides its arguments. */
export interface ToolContext {
  /** Fires when the run is cancelled or the agent disposed. */
  signal: AbortSignal;
  callId: string;
}

/**
 * Decides, per call, whether a tool needs the user's approval. (Written as a
 * method type so a `Tool<{ id: string }>` is still a `Tool`: method parameters
 * are compared bivariantly.)
 */
export type NeedsApproval<A> = boolean | { rule(args: A): boolean | Promise<boolean> }['rule'];

/**
 * Where a tool runs. `page` tools are closures the page registered and are
 * reached from the worker through Comlink; `worker` tools are built-ins the
 * worker constructs itself from plain options (fetch, memory), so they never
 * cross the boundary.
 */
export type ToolKind = 'page' | 'worker';

/** A tool the agent may call. Made by `defineTool` or a built-in factory. */
export interface Tool<A = unknown, R = unknown> {
  readonly kind: ToolKind;
  readonly name: string;
  readonly description: string;
  /**
   * JSON Schema of the arguments, as sent to the model. For a zod-mini (or `zod/v4/core`) schema it is
   * written once pageloop's converter has loaded (a chunk, on the first such schema): reading it before
   * `await toolSchemasReady()` throws. The agent waits for it itself.
   */
  readonly parameters: JSONSchema;
  readonly needsApproval: NeedsApproval<A>;
  /** Running it twice does no harm: a call the page died in is run again on resume instead of being reported interrupted. */
  readonly idempotent?: boolean;
  /**
   * Checks arguments against the tool's schema (zod or JSON Schema). A JSON
   * Schema validator loads on first use, so that first check may be a promise.
   */
  validate(args: unknown): ValidationResult<A> | Promise<ValidationResult<A>>;
  execute(args: A, ctx: ToolContext): Promise<R> | R;
  /** For `worker` tools: which built-in the worker builds, and its options. */
  readonly worker?: WorkerToolSpec;
  /**
   * True when the tool's results carry content nobody vouches for — a fetched
   * page, the page's own text — which may hold planted instructions. The loop
   * hands such results to the model marked as untrusted data. Set by
   * `fetchTool`, `domTools` and `domActions`; pass `untrustedOutput: true` to
   * `defineTool` for your own tools that return outside content.
   */
  readonly untrustedOutput?: boolean;
  /**
   * True when the tool only reads (looks up, searches, reads the page) and
   * never changes anything: sub-agents (option `subAgents`) are offered only
   * such tools, and only those that need no approval. Set on `domTools`,
   * `memory_search` and a GET-only `fetchTool`.
   */
  readonly readOnly?: boolean;
  /** Renders the call as the app's own UI in its card, on the page (`defineTool({ render })`). */
  readonly render?: ToolRender<A, R>;
  /** How a rendered card is framed. */
  readonly view?: ToolViewOptions;
  /**
   * True for a tool defined with `render` and no `execute`: a call waits for
   * the user's answer (`props.respond`, `agent.answer`), which is its result.
   */
  readonly awaitsUser?: true;
  /** Checks the user's answer to a waiting call against the tool's `result` schema. */
  validateResult?(value: unknown): ValidationResult<R> | Promise<ValidationResult<R>>;
  /**
   * Takes a finished call back (`defineTool({ undo })`): the user pressed
   * Undo on its card, or `agent.undo(callId)` / `agent.undoRun(runId)` was
   * called. Throws (with a sentence saying why) when it cannot.
   */
  readonly undo?: ToolUndo<A, R>;
  /** What the call will do, shown before the user approves it (`defineTool({ preview })`): in its card, and outlined on the page. */
  readonly preview?: ToolPreviewer<A>;
}

/** A built-in tool the worker constructs from plain, cloneable options. */
export interface WorkerToolSpec {
  factory: string;
  options: unknown;
  /**
   * Options that build a read-only form of a tool that can also write, for
   * sub-agents: `fetchTool` with POST allowed gives its GET/HEAD-only form
   * here, so a child can read but never post.
   */
  readOnlyOptions?: unknown;
}

/** What a tool's `undo` and `preview` receive besides the call's own data. */
export interface CallContext {
  callId: string;
  /** Fires when the agent is disposed (an undo or preview then no longer matters). */
  signal: AbortSignal;
}

/**
 * A tool's undo: puts back what call `args` → `result` changed (cancels the
 * order it placed, restores the row it deleted). It gets the arguments the
 * call ran with and its result as stored with the thread, so an undo that
 * needs only those works after a reload too; one that needs what this page
 * holds (an element, an in-memory record) throws, saying why, when it is
 * gone. Written as a method type so a `Tool<{ id: string }>` is still a `Tool`.
 *
 * @example
 * undo: async ({ id }, result) => { await orders.reinstate(id); }
 */
export type ToolUndo<A = unknown, R = unknown> = { undo(args: A, result: R, ctx: CallContext): void | Promise<void> }['undo'];

/**
 * One step of what a call will do, as its tool's `preview` says it: a
 * sentence, and the element it acts on (outlined on the page and scrolled
 * into view), with the value it holds now and the one it will hold.
 */
export interface PreviewStep {
  /** What will happen, in a few words: `will type "30"`, `will click "Place order"`. */
  text: string;
  /** The element the step acts on, outlined on the page; absent or null when there is nothing to outline. */
  target?: Element | null;
  /** The value it holds now (shown as from → to); leave it out for a secret. */
  from?: string;
  /** The value it will hold. */
  to?: string;
}

/**
 * What `preview` returns: a sentence, an element to outline, one step or
 * several. Plain data and elements only: nothing in a preview is run.
 */
export type ToolPreview = string | Element | PreviewStep | readonly PreviewStep[];

/** A tool's preview of a call with `args`; may be async. Written as a method type so a `Tool<{ id: string }>` is still a `Tool`. */
export type ToolPreviewer<A = unknown> = { preview(args: A, ctx: CallContext): ToolPreview | Promise<ToolPreview> }['preview'];

/**
 * Where a preview step's target stands, as events carry it: `none` (the
 * step names no element), `shown` (outlined on the page), `hidden` (on the
 * page, not visible), `gone` (not on the page: the step cannot happen).
 */
export type PreviewTargetState = 'none' | 'shown' | 'hidden' | 'gone';

/** A preview step as the `preview` event carries it: plain data, its element replaced by where it stands. */
export interface PreviewStepInfo {
  text: string;
  from?: string;
  to?: string;
  target: PreviewTargetState;
  /** The target is a private field (a password, or inside `data-agent-private`): outlined, its values never shown. */
  private?: true;
}

/** The outcome of validating tool arguments. */
export type ValidationResult<A> =
  | { ok: true; value: A }
  | { ok: false; error: string };

/*
 * Generative UI, the types: what a tool's `render` receives and may return.
 * A tool that renders shows the app's own component in its card instead of
 * JSON; a tool that renders and has no `execute` waits for the user, whose
 * answer (`props.respond(value)`) is the call's result.
 *
 * Rendering happens on the page, where the tool's code is: the element calls
 * `render` from the same events it reduces (live, after a reload, in a
 * follower tab), so the worker never sees a renderer.
 */

/**
 * Where a tool call stands, as its card shows it: its arguments still
 * `streaming`, `pending` (queued), `awaiting-approval`, `awaiting-input`
 * (a render-and-wait tool waits for the user's answer), `running`, then how
 * it ended. `interrupted`: the page died while it ran.
 */
export type ToolCallStatus =
  | 'streaming'
  | 'pending'
  | 'awaiting-approval'
  | 'awaiting-input'
  | 'running'
  | 'done'
  | 'failed'
  | 'denied'
  | 'cancelled'
  | 'interrupted';

/** What `render` receives; called again whenever any of it changes. */
export interface ToolRenderProps<A = unknown, R = unknown> {
  callId: string;
  name: string;
  status: ToolCallStatus;
  /**
   * The arguments: while they stream (`partial: true`), the best parse of the
   * text so far (open strings, arrays and objects closed; `undefined` until
   * something parses), so a card can fill in as the model writes.
   */
  args: (A extends object ? Partial<A> : A) | undefined;
  /** The arguments as text, as they came. */
  argsText: string;
  /** True while the arguments are still streaming. */
  partial: boolean;
  /** The result, once the call ended `done`. */
  result?: R;
  /** Why it failed, was denied or cancelled. */
  error?: string;
  /**
   * Present while a render-and-wait tool (no `execute`) waits for the user,
   * in the tab that writes the thread: ends the call with `value` as its
   * result. Resolves false when the call no longer waits (a second answer is
   * ignored); rejects, leaving the call waiting, when `value` fails the
   * tool's `result` schema.
   */
  respond?(value: R): Promise<boolean>;
}

/** What `render` returns: a DOM node (kept as is), a Lit template, or nothing (the JSON card). */
export type ToolView = Node | TemplateResult | null | undefined;

/** A tool's renderer. Written as a method type so a `Tool<{ id: string }>` is still a `Tool`. */
export type ToolRender<A = unknown, R = unknown> = { render(props: ToolRenderProps<A, R>): ToolView }['render'];

/** How a rendered card is framed. */
export interface ToolViewOptions {
  /**
   * `true` (default): the rendered UI sits inside the card's frame — name,
   * status, approval panel, a "raw" disclosure with the JSON. `false`: the
   * rendered UI alone (an approval panel still shows when one is asked).
   */
  frame?: boolean;
}
