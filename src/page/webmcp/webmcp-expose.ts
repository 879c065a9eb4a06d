/**
 * Expose: the agent's page tools registered with WebMCP for browser agents.
 * Each registration has its own AbortSignal (the draft's way to take a tool
 * back), so a tool the app removes or replaces is unregistered alone.
 *
 * Invariant: `sync` calls run one after another, so the registered set always
 * ends equal to the last list asked for — a quick add-then-remove never
 * leaves a stale registration behind.
 */
import type { Tool } from '../../tool-types.js';
import type { WebMcpProblem } from '../../agent-events.js';
import type { ModelContext } from './model-context.js';
import { notRegistered } from './webmcp-problem.js';

interface Registration {
  tool: Tool;
  controller: AbortController;
}

/** Registers and unregisters the agent's tools as its list changes. */
export class WebMcpExposer {
  readonly #context: ModelContext;
  readonly #call: (name: string, args: unknown) => Promise<unknown>;
  readonly #registered = new Map<string, Registration>();
  #queue: Promise<void> = Promise.resolve();
  #disposed = false;

  /** `call` runs a browser agent's call through the agent's approvals, resolving with the tool's result or rejecting with why not. */
  constructor(context: ModelContext, call: (name: string, args: unknown) => Promise<unknown>) {
    this.#context = context;
    this.#call = call;
  }

  /** The names registered now (also while their registration settles). */
  get names(): string[] {
    return [...this.#registered.keys()];
  }

  /** Makes the registrations match `tools`; resolves with the problems met (a name another part of the page took, say). */
  sync(tools: readonly Tool[]): Promise<WebMcpProblem[]> {
    const done = this.#queue.then(() => this.#sync(tools));
    this.#queue = done.then(() => {});
    return done;
  }

  async #sync(tools: readonly Tool[]): Promise<WebMcpProblem[]> {
    if (this.#disposed) return [];
    const wanted = new Map(tools.map((t) => [t.name, t]));
    for (const [name, entry] of this.#registered) {
      if (wanted.get(name) !== entry.tool) this.#unregister(name, entry);
    }
    const problems: WebMcpProblem[] = [];
    await Promise.all(
      tools.filter((t) => !this.#registered.has(t.name)).map(async (tool) => {
        const entry = { tool, controller: new AbortController() };
        this.#registered.set(tool.name, entry);
        try {
          await this.#context.registerTool(
            {
              name: tool.name,
              description: tool.description,
              inputSchema: tool.parameters,
              annotations: { readOnlyHint: tool.readOnly === true },
              execute: (input) => this.#call(tool.name, input),
            },
            { signal: entry.controller.signal },
          );
        } catch (err) {
          if (this.#registered.get(tool.name) === entry) this.#registered.delete(tool.name);
          if (!entry.controller.signal.aborted) problems.push(notRegistered(tool.name, err));
        }
      }),
    );
    return problems;
  }

  #unregister(name: string, entry: Registration): void {
    this.#registered.delete(name);
    entry.controller.abort();
    // The origin trial's API has no signal: it takes the tool back by name.
    try {
      this.#context.unregisterTool?.(name);
    } catch {
      // Already gone.
    }
  }

  /** Unregisters every tool; later syncs do nothing. */
  dispose(): void {
    this.#disposed = true;
    for (const [name, entry] of this.#registered) this.#unregister(name, entry);
  }
}
