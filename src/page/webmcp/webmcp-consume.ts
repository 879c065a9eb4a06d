/**
 * Consume: the tools other parts of the page registered with WebMCP, offered
 * to the agent as page tools (`getTools()`, run with `executeTool()`), kept
 * in step by `toolchange`. The agent's own registrations are never offered
 * back to it.
 *
 * How their hints map onto pageloop's rules: `readOnlyHint` makes a tool
 * `readOnly` and runs it without asking; any other tool needs approval (the
 * agent cannot know what it changes); `untrustedContentHint` marks its
 * results as untrusted content, as fetched pages are.
 *
 * Names: the model's tool names must match `^[a-zA-Z0-9_-]{1,64}$`, WebMCP's
 * may also hold `.` and run to 128 characters: other characters become `_`
 * and the name is cut at 64. A name the agent already has (its own tool, or
 * two WebMCP names that map to one) is left out and reported.
 */
import type { Tool } from '../../tool-types.js';
import type { JsonToolDefinition } from '../../tools/define-tool.js';
import type { WebMcpProblem } from '../../agent-events.js';
import type { ModelContext, RegisteredWebTool } from './model-context.js';
import { listFailed, noListing, notOffered } from './webmcp-problem.js';

/** What the consumer needs of the agent. */
export interface ConsumerHost {
  /** True for a name this agent registered itself (never offered back). */
  own(name: string): boolean;
  /** Adds a tool to the agent; returns its removal; throws when the name is taken. */
  add(tool: Tool): () => void;
  /** `defineTool`, handed in so this lazy chunk shares no module with the page's up-front code. */
  defineTool(def: JsonToolDefinition<unknown, unknown>): Tool;
}

interface Consumed {
  /** The registration as last listed: what a fingerprint of it was, and its removal. */
  fingerprint: string;
  remove(): void;
}

/** The model's name for a WebMCP tool name. */
export function modelToolName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'tool';
}

/** Offers the page's other WebMCP tools to the agent and follows their changes. */
export class WebMcpConsumer {
  readonly #context: ModelContext;
  readonly #host: ConsumerHost;
  /** By the model's name. */
  readonly #consumed = new Map<string, Consumed>();
  readonly #onChange = () => void this.refresh();
  #queue: Promise<WebMcpProblem[]> = Promise.resolve([]);
  #disposed = false;
  /** Told the problems of each refresh that `toolchange` started. */
  onRefreshed: (problems: WebMcpProblem[]) => void = () => {};

  constructor(context: ModelContext, host: ConsumerHost) {
    this.#context = context;
    this.#host = host;
    context.addEventListener('toolchange', this.#onChange);
  }

  /** The model's names of the tools offered now. */
  get names(): string[] {
    return [...this.#consumed.keys()];
  }

  /** Reads the list again and updates the agent's tools; resolves with the problems met. One refresh at a time. */
  refresh(): Promise<WebMcpProblem[]> {
    const done = this.#queue.then(() => this.#refresh());
    this.#queue = done.catch(() => []);
    void done.then((problems) => this.onRefreshed(problems), () => {});
    return done;
  }

  async #refresh(): Promise<WebMcpProblem[]> {
    const { getTools, executeTool } = this.#context;
    if (this.#disposed) return [];
    if (typeof getTools !== 'function' || typeof executeTool !== 'function') {
      return [noListing()];
    }
    let listed: RegisteredWebTool[];
    try {
      listed = await getTools.call(this.#context);
    } catch (err) {
      return [listFailed(err)];
    }
    if (this.#disposed) return [];
    const others = listed.filter((t) => !this.#host.own(t.name));
    const wanted = new Map(others.map((t) => [modelToolName(t.name), t]));
    for (const [name, entry] of this.#consumed) {
      const now = wanted.get(name);
      if (!now || fingerprint(now) !== entry.fingerprint) {
        entry.remove();
        this.#consumed.delete(name);
      }
    }
    const problems: WebMcpProblem[] = [];
    for (const [name, registered] of wanted) {
      if (this.#consumed.has(name)) continue;
      try {
        const remove = this.#host.add(this.#toTool(name, registered));
        this.#consumed.set(name, { fingerprint: fingerprint(registered), remove });
      } catch (err) {
        problems.push(notOffered(registered.name, err));
      }
    }
    return problems;
  }

  #toTool(name: string, registered: RegisteredWebTool): Tool {
    const readOnly = registered.annotations?.readOnlyHint === true;
    const context = this.#context;
    return this.#host.defineTool({
      name,
      description: registered.description || registered.title || registered.name,
      parameters: inputSchema(registered.inputSchema),
      needsApproval: !readOnly,
      readOnly,
      untrustedOutput: registered.annotations?.untrustedContentHint === true,
      execute: async (args: unknown, { signal }) => readResult(await context.executeTool!(registered, JSON.stringify(args ?? {}), { signal })),
    });
  }

  /** Stops following changes and takes every consumed tool away from the agent. */
  dispose(): void {
    this.#disposed = true;
    this.#context.removeEventListener('toolchange', this.#onChange);
    for (const entry of this.#consumed.values()) entry.remove();
    this.#consumed.clear();
  }
}

/** What tells two registrations of one name apart: a re-registered tool with another schema or hint is a new tool. */
function fingerprint(tool: RegisteredWebTool): string {
  return JSON.stringify([tool.name, tool.description, tool.inputSchema ?? null, tool.annotations ?? null]);
}

/** The tool's JSON Schema: listed as an object or as its JSON text; none means no arguments. */
function inputSchema(schema: object | string | undefined): Record<string, unknown> {
  const parsed: unknown = typeof schema === 'string' ? JSON.parse(schema) : schema;
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { type: 'object', properties: {} };
}

/** `executeTool` answers with the result's JSON text (or the text of a plain value): the value again, else the text. */
function readResult(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
