/**
 * The page's half of `agent.context`: the app's state, kept by name. Values
 * are read — and turned into JSON — when the worker builds a model request
 * (`readContext`), so a request carries the state as of that moment, also
 * when the app changed an object in place. A value that cannot be JSON is
 * refused when set, with a clear error; one that became unreadable since is
 * sent as a note instead of failing the request.
 */
import type { AppStateEntry } from '../protocol/agent.js';
import type { AgentContext, AgentContextEntry } from '../types.js';

/** Names as a model can read them in a list: letters, digits, `_`, `-`, `.`, up to 64. */
const NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** The app's state by name; `entries()` is what goes with the next request. */
export class AppContextStore implements AgentContext {
  #entries = new Map<string, AgentContextEntry>();

  set(name: string, value: unknown, options: { description?: string } = {}): void {
    if (typeof name !== 'string' || !NAME.test(name)) throw new TypeError(`context.set(name, value): name must be 1–64 letters, digits, "_", "-" or "."; got ${JSON.stringify(name)}.`);
    if (value === undefined) throw new TypeError(`context.set("${name}", value): value is undefined; use context.delete("${name}") to take it away.`);
    const description = options?.description;
    if (description !== undefined && typeof description !== 'string') throw new TypeError(`context.set("${name}", value, { description }): description must be a string.`);
    const json = toJson(value);
    if (!json.ok) throw new TypeError(`context.set("${name}", value): the value cannot be sent to the model as JSON (${json.error}).`);
    this.#entries.set(name, description ? { name, value, description } : { name, value });
  }

  delete(name: string): boolean {
    return this.#entries.delete(name);
  }

  get(name: string): unknown {
    return this.#entries.get(name)?.value;
  }

  entries(): AgentContextEntry[] {
    return [...this.#entries.values()].map((e) => ({ ...e }));
  }

  /** The entries as the worker takes them: each value JSON text, as of now. */
  read(): AppStateEntry[] {
    return [...this.#entries.values()].map(({ name, value, description }) => {
      const json = toJson(value);
      const entry: AppStateEntry = { name, json: json.ok ? json.text : `"(this value could not be read as JSON: ${json.error})"` };
      if (description) entry.description = description;
      return entry;
    });
  }
}

function toJson(value: unknown): { ok: true; text: string } | { ok: false; error: string } {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? { ok: false, error: 'it has no JSON form' } : { ok: true, text };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
