/**
 * The agent's page-side tool list, for tools that come and go: the list an
 * app sets (`setTools`) plus tools added one by one (`addTool`, e.g. while a
 * component is mounted). A change takes effect on the page at once (a call to
 * a removed tool is answered with a clear error) and reaches the worker
 * once per microtask, however many tools were added or removed in between —
 * a page that mounts twenty components sends one list, not twenty — so it is
 * in place for the next model request.
 */
import type { Tool } from '../types.js';

/** The tools as set plus the tools added, applied to the page now and sent to the worker batched. */
export class ToolSet {
  #base: readonly Tool[] = [];
  #added = new Map<string, Tool>();
  #queued = false;
  readonly #apply: (tools: readonly Tool[]) => void;
  readonly #send: (tools: readonly Tool[]) => void;

  /** `apply` takes the list on the page (synchronously); `send` hands it to the worker. */
  constructor(base: readonly Tool[], apply: (tools: readonly Tool[]) => void, send: (tools: readonly Tool[]) => void) {
    this.#apply = apply;
    this.#send = send;
    this.#base = base;
    apply(this.list);
  }

  /** Every tool, set ones first. */
  get list(): Tool[] {
    return [...this.#base, ...this.#added.values()];
  }

  /** Replaces the tools set (added ones stay). Throws, changing nothing, when two share a name. */
  replace(tools: readonly Tool[]): void {
    const before = this.#base;
    this.#base = [...tools];
    this.#changed(() => (this.#base = before));
  }

  /** Adds `tool` beside the others; returns the function that removes it again. Throws when the name is taken. */
  add(tool: Tool): () => void {
    if (typeof tool !== 'object' || tool === null || typeof tool.name !== 'string') throw new TypeError('addTool(tool) needs a tool made by defineTool or a tool factory.');
    if (this.list.some((t) => t.name === tool.name)) throw new TypeError(`addTool: the agent already has a tool named "${tool.name}"; remove it first.`);
    this.#added.set(tool.name, tool);
    this.#changed(() => this.#added.delete(tool.name));
    // Removes this very tool, not a later one of the same name.
    return () => void (this.#added.get(tool.name) === tool && this.remove(tool.name));
  }

  /** Removes the tool named `name` (added or set); false when there is none. */
  remove(name: string): boolean {
    if (this.#added.delete(name)) return (this.#changed(), true);
    const kept = this.#base.filter((t) => t.name !== name);
    if (kept.length === this.#base.length) return false;
    this.#base = kept;
    this.#changed();
    return true;
  }

  #changed(undo?: () => void): void {
    try {
      this.#apply(this.list);
    } catch (err) {
      undo?.();
      throw err;
    }
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      this.#send(this.list);
    });
  }
}
