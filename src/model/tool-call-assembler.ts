/**
 * Assembles native tool calls from the `delta.tool_calls` entries of a chat
 * completion stream. Servers disagree on nearly every detail of this format,
 * so nothing here trusts a field to be present, typed or stable:
 *
 * - OpenAI, vLLM, llama.cpp, DeepSeek, LM Studio send id and name first, then
 *   the arguments in many fragments; Ollama, Groq, Mistral send a whole call in
 *   one delta.
 * - Continuation deltas may repeat the id, send `id: ""`, repeat `type`, or
 *   carry `name: null` / `""`; none of that starts a new call.
 * - `index` may be missing (Gemini-style proxies) or not start at 0; then a
 *   new, different, non-empty id (or a second whole call) starts a new call.
 * - `arguments` may be a JSON object instead of a string.
 * - Ids may repeat: some servers give every call the same id (or "0"). The
 *   ids handed out are unique within the reply — a repeated server id gets a
 *   generated one — and a whole call arriving after a complete one with the
 *   same index and id is a new call, not more arguments for the old one.
 * - Arguments are kept up to the size any value may have (16 MB, see
 *   json-bounds.ts); beyond it only their length is counted, and the call is
 *   handed back marked `argsTooLarge` (the loop answers it with an error), so
 *   a server streaming 50 MB of arguments cannot grow memory without bound.
 */
import type { AssembledToolCall } from './chat-model.js';
import { JSON_LIMITS } from '../json-bounds.js';
import { isRecord } from '../is-record.js';

/** A tool call as far as it has arrived. */
export interface PartialToolCall {
  /** Position among this reply's calls, from 0, whatever index the server used. */
  position: number;
  id: string;
  name: string;
  argsText: string;
}

interface CallState extends PartialToolCall {
  /** The server's `index`, when it sent one. */
  serverIndex: number | undefined;
  /** The id the server sent for this call ('' before it sent one); `id` may differ when the server repeated an id. */
  serverId: string;
  /** The id was made up here because the server sent none (yet). */
  generatedId: boolean;
  /** Characters of arguments received, also those past the limit that were not kept. */
  argsChars: number;
  /** Whether `argsText` of this length parses as JSON (parsed once per length). */
  completeAt?: { length: number; complete: boolean };
}

/** Options of `ToolCallAssembler`. */
export interface ToolCallAssemblerOptions {
  /** Makes ids for calls the server sent without one; default `call_` + a random UUID. */
  generateId?: () => string;
}

/**
 * Collects tool-call deltas into whole calls.
 *
 * @example
 * const a = new ToolCallAssembler();
 * a.push([{ index: 0, id: 'c1', function: { name: 'add', arguments: '{"a":' } }]);
 * a.push([{ index: 0, function: { arguments: '1}' } }]);
 * a.finish(); // → [{ id: 'c1', name: 'add', argsText: '{"a":1}' }]
 */
export class ToolCallAssembler {
  readonly #calls: CallState[] = [];
  readonly #generateId: () => string;

  constructor(options: ToolCallAssemblerOptions = {}) {
    this.#generateId = options.generateId ?? (() => `call_${crypto.randomUUID()}`);
  }

  /** True once any call has started. */
  get hasCalls(): boolean {
    return this.#calls.length > 0;
  }

  /**
   * Feeds the `tool_calls` array of one delta (anything else is ignored).
   * Returns the calls this delta changed, as they now stand.
   */
  push(toolCalls: unknown): PartialToolCall[] {
    if (!Array.isArray(toolCalls)) return [];
    const changed = new Set<CallState>();
    for (const raw of toolCalls) {
      if (typeof raw !== 'object' || raw === null) continue;
      const entry = raw as Record<string, unknown>;
      const fn = isRecord(entry.function) ? entry.function : {};
      const index = typeof entry.index === 'number' ? entry.index : undefined;
      const id = typeof entry.id === 'string' ? entry.id : '';
      const name = typeof fn.name === 'string' ? fn.name : '';
      const args = fn.arguments;
      const call = this.#callFor(index, id, name, args);
      if (id !== '' && call.generatedId) {
        call.serverId = id;
        call.id = this.#unique(id, call);
        call.generatedId = false;
      }
      if (name !== '' && call.name === '') call.name = name;
      if (typeof args === 'string') append(call, args);
      // A JSON object is the whole arguments, not a fragment.
      else if (typeof args === 'object' && args !== null) {
        call.argsText = '';
        call.argsChars = 0;
        append(call, stringified(args));
      }
      changed.add(call);
    }
    return [...changed].map(snapshot);
  }

  /**
   * The finished calls, in order. Calls that never got a name or arguments are
   * dropped; empty arguments become "{}" so the history stays valid for
   * servers that reject an empty string.
   */
  finish(): AssembledToolCall[] {
    return this.#calls
      .filter((c) => c.name !== '' || c.argsText.trim() !== '')
      .map((c) => {
        const argsText = c.argsText.trim() === '' ? '{}' : c.argsText;
        return c.argsChars > c.argsText.length ? { id: c.id, name: c.name, argsText, argsTooLarge: c.argsChars } : { id: c.id, name: c.name, argsText };
      });
  }

  #callFor(index: number | undefined, id: string, name: string, args: unknown): CallState {
    const last = this.#calls.at(-1);
    if (index !== undefined) {
      const existing = this.#findLast((c) => c.serverIndex === index);
      // Some servers number every call 0 (and some give them one id): a name
      // with arguments (or a new id) after a complete call starts a new call.
      const another = existing && name !== '' && isComplete(existing) && (args !== undefined || (id !== '' && id !== existing.serverId));
      if (existing && !another) {
        return existing;
      }
      return this.#start(index, id);
    }
    if (id !== '') {
      const same = this.#findLast((c) => c.serverId === id);
      // The same id again with a name and arguments after a complete call: a second call that reused the id.
      if (same && !(name !== '' && isComplete(same) && args !== undefined)) return same;
      if (same) return this.#start(undefined, id);
      if (!last || !last.generatedId || last.name !== '') return this.#start(undefined, id);
      return last;
    }
    if (!last) return this.#start(undefined, id);
    // No index and no id: a continuation, unless it is plainly a second whole call.
    const startsAnother = name !== '' && last.name !== '' && (name !== last.name || isComplete(last)) && args !== undefined;
    return startsAnother ? this.#start(undefined, id) : last;
  }

  #start(serverIndex: number | undefined, id: string): CallState {
    const call: CallState = {
      position: this.#calls.length,
      id: id !== '' ? this.#unique(id) : this.#generateId(),
      serverId: id,
      generatedId: id === '',
      name: '',
      argsText: '',
      argsChars: 0,
      serverIndex,
    };
    this.#calls.push(call);
    return call;
  }

  /** `id` when no other call of this reply has it yet, else a generated one. */
  #unique(id: string, self?: CallState): string {
    return this.#calls.some((c) => c !== self && c.id === id) ? this.#generateId() : id;
  }

  #findLast(test: (c: CallState) => boolean): CallState | undefined {
    for (let i = this.#calls.length - 1; i >= 0; i--) {
      const c = this.#calls[i]!;
      if (test(c)) return c;
    }
    return undefined;
  }
}

function snapshot(c: CallState): PartialToolCall {
  return { position: c.position, id: c.id, name: c.name, argsText: c.argsText };
}


/** An object's JSON text; one too deep to write becomes text that fails to parse, so the call is answered with an error. */
function stringified(args: object): string {
  try {
    return JSON.stringify(args);
  } catch (err) {
    return `(arguments that could not be written as JSON: ${(err as Error).message})`;
  }
}

/** Adds a fragment of arguments: kept while the call stays within the size limit, only counted past it. */
function append(call: CallState, fragment: string): void {
  call.argsChars += fragment.length;
  if (call.argsChars <= JSON_LIMITS.maxBytes) call.argsText += fragment;
}

/**
 * The call's arguments already form a whole JSON value. Parsed at most once
 * per length (a server that repeats the name in every fragment would
 * otherwise parse ever longer text on every one), and only when the text
 * ends as an object or array can; arguments over the limit are never whole.
 */
function isComplete(c: CallState): boolean {
  if (c.argsChars > c.argsText.length) return false;
  const text = c.argsText.trimEnd();
  if (text.trim() === '') return false;
  if (c.completeAt?.length === text.length) return c.completeAt.complete;
  const last = text[text.length - 1];
  let complete = false;
  if (last === '}' || last === ']' || text.length < 1000) {
    try {
      JSON.parse(text);
      complete = true;
    } catch {
      complete = false;
    }
  }
  c.completeAt = { length: text.length, complete };
  return complete;
}
