/**
 * The page's half of the agent, as the loop in the worker reaches it: the
 * `PageHost` handed over at init (a Comlink proxy of this object, no layer
 * between). It delivers the worker's events to the page's listeners, checks
 * and runs the tools whose powers live on the page (DOM, the app's own
 * closures), holds the user's approvals (`ApprovalDesk`), says whether
 * something may still start after a cancel, and reads the app's state.
 * Each call gets an AbortSignal that fires on cancel, dispose or `abortTool`.
 * It also takes calls back (`undoTool`, a tool's `undo`) and keeps what the
 * calls waiting for approval will do (their previews: preview-desk.ts, a
 * chunk loaded with the first one).
 */
import type { AppStateEntry, ApprovalAsk, AskAnswer, PageHost, ToolOutcome, PreparedCall, StartRequest, SurfaceCheck, UndoToolOutcome } from '../protocol/agent.js';
import type { AgentEvent, Tool, TraceSpan } from '../types.js';
import { errorMessage } from '../errors.js';
import { outOfBounds } from '../json-bounds.js';
import type { UserAnswers } from './user-answers.js';
import { ApprovalDesk } from './approval-desk.js';
import type { PreviewDesk } from './preview-desk.js';

/** What the host hands on to the rest of the page: events and spans for the listeners, the app's state. */
export interface PageOutlets {
  deliver(events: AgentEvent[]): void;
  readContext?(): AppStateEntry[];
  spans?(spans: TraceSpan[]): void;
  /** Checks an A2UI surface a tool's result carries against the agent's catalogs (the A2UI chunk loads on first use). */
  checkSurface?(messages: unknown[]): Promise<SurfaceCheck>;
  /** The client's A2UI capabilities (the catalogs' ids), for MCP servers. */
  a2uiCapabilities?(): Promise<Record<string, unknown>>;
}

export class PageToolHost implements PageHost {
  readonly #outlets: PageOutlets;
  /** The previews of calls waiting for approval, once the first one came (its chunk loads then). */
  #previews: PreviewDesk | undefined;
  #previewsLoading: Promise<PreviewDesk> | undefined;
  /** The approvals the worker asked for, held until the user answers them here. */
  readonly approvals = new ApprovalDesk({
    show: (ask, tool, args, requested) => void this.#previewDesk().then((desk) => desk.show(ask, tool, args, requested), () => {}),
    stale: (callId) => this.#previews?.stale(callId),
    settled: (callId) => this.#previews?.settled(callId),
    // Only once a preview was shown (its chunk is loading or in): a request without previews loads nothing.
    requested: (callIds) => void this.#previewsLoading?.then((desk) => desk.requested(callIds), () => {}),
  });
  #tools: Record<string, Tool> = Object.create(null);
  #running = new Map<string, AbortController>();
  /** Set by `cancel()` until the next run starts: a call the worker asks for in between belongs to the cancelled run. */
  #refusing = false;
  /** Calls of the current run that really started on the page. */
  #started = new Set<string>();
  /** Tools the page took away while the agent lived: a late call to one is told so. */
  #removed = new Set<string>();
  #answers: Promise<UserAnswers> | undefined;
  /** Calls a browser agent asked for (WebMCP): no run's, so a run's cancel does not refuse them. */
  #outside = new Set<string>();

  constructor(outlets: PageOutlets = { deliver: () => {} }) {
    this.#outlets = outlets;
  }

  emit(events: AgentEvent[]): void {
    this.#outlets.deliver(events);
  }

  async readContext(): Promise<AppStateEntry[]> {
    return this.#outlets.readContext?.() ?? [];
  }

  spans(spans: TraceSpan[]): void {
    this.#outlets.spans?.(spans);
  }

  /** The A2UI capabilities MCP servers are told of (none when the page has no catalogs to tell). */
  async a2uiCapabilities(): Promise<Record<string, unknown>> {
    return this.#outlets.a2uiCapabilities ? this.#outlets.a2uiCapabilities() : {};
  }

  /** A surface an MCP tool's result carries, checked as every surface is (a page tool's result's is checked in `runTool`). */
  async checkSurface(messages: unknown[]): Promise<SurfaceCheck> {
    return this.#outlets.checkSurface ? this.#outlets.checkSurface(messages) : { ok: false, error: 'This page cannot check A2UI surfaces; nothing of it was drawn.' };
  }

  /** Loaded on first use: only an MCP server that needs signing in opens it. */
  async signInPopup(server: string, url: string, state: string): Promise<string> {
    return (await import('./mcp-auth/sign-in-popup.js')).openSignInPopup(url, state, server);
  }

  /** The calls of tools that wait for the user (`render` without `execute`); loaded on first use, as most pages have none. */
  answers(): Promise<UserAnswers> {
    return (this.#answers ??= import('./user-answers.js').then(({ UserAnswers }) => new UserAnswers(outOfBounds)));
  }

  setTools(tools: readonly Tool[]): void {
    const next: Record<string, Tool> = Object.create(null);
    for (const tool of tools) {
      if (Object.hasOwn(next, tool.name)) throw new TypeError(`Two tools are named "${tool.name}".`);
      next[tool.name] = tool;
    }
    for (const name of Object.keys(this.#tools)) if (!Object.hasOwn(next, name)) this.#removed.add(name);
    for (const name of Object.keys(next)) this.#removed.delete(name);
    this.#tools = next;
  }

  /** The page tool named `name`, if the page has it now. */
  tool(name: string): Tool | undefined {
    return this.#tool(name);
  }

  #missing(name: string): string {
    return this.#removed.has(name) ? `The tool "${name}" was removed by the page while the agent was working; it cannot be called now.` : `The page has no tool "${name}".`;
  }

  #tool(name: string): Tool | undefined {
    return Object.hasOwn(this.#tools, name) && this.#tools[name]!.kind === 'page' ? this.#tools[name] : undefined;
  }

  async checkTool(name: string, args: unknown): Promise<PreparedCall> {
    const tool = this.#tool(name);
    if (!tool) return { status: 'invalid', error: this.#missing(name) };
    const checked = await tool.validate(args);
    if (!checked.ok) return { status: 'invalid', error: checked.error };
    let needsApproval = true;
    try {
      const rule = tool.needsApproval;
      needsApproval = typeof rule === 'function' ? Boolean(await rule(checked.value)) : rule;
    } catch {
      // A failing approval rule must not let the call through unasked.
      needsApproval = true;
    }
    return { status: 'ready', args: checked.value, needsApproval };
  }

  askApproval(ask: ApprovalAsk): Promise<AskAnswer> {
    const tool = this.#tool(ask.name);
    return this.approvals.ask(ask, ask.check ? tool : undefined, tool);
  }

  /** The elements the preview of call `callId` outlines, step by step (null: none, or no longer on the page). */
  previewTargets(callId: string): (Element | null)[] {
    return this.#previews?.targets(callId) ?? [];
  }

  /** The previews' desk, its chunk loaded on first use. */
  #previewDesk(): Promise<PreviewDesk> {
    return (this.#previewsLoading ??= import('./preview-desk.js').then(({ PreviewDesk }) => (this.#previews = new PreviewDesk((events) => this.#outlets.deliver(events)))));
  }

  async undoTool(name: string, args: unknown, result: unknown, callId: string): Promise<UndoToolOutcome> {
    const tool = this.#tool(name);
    if (!tool) return { status: 'error', error: this.#missing(name) };
    if (!tool.undo) return { status: 'error', error: `The tool "${name}" cannot undo its calls.` };
    // Fires on dispose, like a running call's.
    const controller = new AbortController();
    const key = `undo:${callId}`;
    this.#running.set(key, controller);
    try {
      await tool.undo(args, result, { callId, signal: controller.signal });
      return { status: 'ok' };
    } catch (err) {
      return { status: 'error', error: errorMessage(err) || `Undoing the call to "${name}" failed.` };
    } finally {
      this.#running.delete(key);
    }
  }

  settleAsks(callIds: string[], as: 'withdrawn' | 'approved'): void {
    this.approvals.settle(callIds, as);
  }

  async runTool(name: string, args: unknown, callId: string, checked = false): Promise<ToolOutcome> {
    const tool = this.#tool(name);
    if (!tool) return { status: 'error', error: this.#missing(name) };
    // Approve and cancel a few ms apart: the worker may ask to start the call after cancel() returned.
    if (this.#refusing && !this.#outside.has(callId)) return { status: 'cancelled', error: 'The run was cancelled before this call started.' };
    // Registered before validation, which may wait: a cancel in the meantime must stop the call from starting.
    const controller = new AbortController();
    this.#running.set(callId, controller);
    try {
      const valid = checked ? { ok: true as const, value: args } : await tool.validate(args);
      if (!valid.ok) return { status: 'invalid', error: valid.error };
      if (controller.signal.aborted) return { status: 'cancelled', error: 'Cancelled before it started.' };
      // Started only now: a call cancelled while it was checked never started, and its `tool-start` is not shown.
      this.#started.add(callId);
      const result = tool.awaitsUser ? await (await this.answers()).wait(tool, callId, controller.signal) : await tool.execute(valid.value, { signal: controller.signal, callId });
      if (controller.signal.aborted) return { status: 'cancelled', error: 'Cancelled.' };
      // Measured before it crosses: a result too deep for structured cloning would throw inside postMessage.
      const why = outOfBounds(result);
      if (why !== undefined) return { status: 'error', error: `Tool "${name}" returned a result that cannot be passed on: ${why}. Return less, or flatter, data.` };
      // A surface the result carries (`a2ui`) is checked as every surface is: a refused one is the call's error, and nothing of it draws.
      const surface = (result as { a2ui?: unknown } | null | undefined)?.a2ui;
      if (Array.isArray(surface)) {
        const check = await this.checkSurface(surface as unknown[]);
        if (!check.ok) return { status: 'error', error: `Tool "${name}" ran, but its result carried an A2UI surface this page refused. ${check.error}` };
      }
      return { status: 'ok', result: cloneable(result) };
    } catch (err) {
      if (controller.signal.aborted) return { status: 'cancelled', error: 'Cancelled.' };
      return { status: 'error', error: errorMessage(err) || `Tool "${name}" failed.` };
    } finally {
      this.#running.delete(callId);
    }
  }

  /**
   * The worker asks before a worker tool or a model request starts: no from
   * `cancel()` until the next run (see src/agent/calls/start-gate.ts).
   */
  async mayStart(request: StartRequest): Promise<boolean> {
    if (this.#refusing) return false;
    if (request.kind === 'tool') this.#started.add(request.callId);
    return true;
  }

  /** Call `callId` comes from a browser agent, not a run: a cancelled run neither refuses it nor hides its start. `done` forgets it. */
  admitOutside(callId: string): { done(): void } {
    this.#outside.add(callId);
    this.#started.add(callId);
    return { done: () => void this.#outside.delete(callId) };
  }

  /** True while call `callId` of a browser agent is open. */
  isOutside(callId: string): boolean {
    return this.#outside.has(callId);
  }

  abortTool(callId: string): void {
    this.#running.get(callId)?.abort();
  }

  /** Fires every running call's signal (cancel, dispose). */
  abortAll(): void {
    for (const controller of this.#running.values()) controller.abort();
  }

  /** Aborts the running calls and starts no new one until `acceptCalls` (the next run). The run's questions are withdrawn by the worker as it cancels; an answer before that finds the call refused here. */
  refuseCalls(): void {
    this.#refusing = true;
    this.abortAll();
  }

  /** Starts calls again (a new run begins). */
  acceptCalls(): void {
    this.#refusing = false;
    this.#started.clear();
    for (const id of this.#outside) this.#started.add(id);
  }

  /** True when `name` is a tool of the page's list (page or worker) and call `callId` was refused (never started) since the cancel. */
  refused(name: string, callId: string): boolean {
    return this.#refusing && !this.#outside.has(callId) && Object.hasOwn(this.#tools, name) && !this.#started.has(callId);
  }

  /** True between a cancel and the next run. */
  get refusing(): boolean {
    return this.#refusing;
  }
}

/**
 * A tool's result must cross to the worker by structured cloning; a result
 * that cannot (a DOM node, a function) is sent as its JSON form instead of
 * failing the call.
 */
function cloneable(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? String(value) : value;
  try {
    return structuredClone(value);
  } catch {
    try {
      return JSON.parse(JSON.stringify(value)) as unknown;
    } catch {
      return String(value);
    }
  }
}
