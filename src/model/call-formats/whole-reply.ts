/**
 * Calls that are the whole reply, with no markup around them: Llama 3.x's
 * bare `{"name", "parameters"}` (several separated by `;`), Llama 3.2's
 * pythonic `[fn(a=1)]` (vLLM pythonic), and llama.cpp's generic format
 * `{"tool_calls": […]}` / `{"tool_call": {…}}` / `{"response": "…"}`
 * (llama.cpp `common/chat.cpp`, generic). Plain JSON is also what answers
 * look like, so only call-shaped JSON naming offered tools counts.
 *
 * A reply cut off inside such a call (`{"name": "get_weather", "arguments": {`,
 * `[get_weather(city="Par`) is a call the model can correct: an error call,
 * never raw JSON shown as the answer. A list cut off after complete calls
 * (`[{"name": …}}`, no `]`) is those calls, and a stray closer after the calls
 * (`[{…}]]`) is part of the markup, as Ollama's parser reads them.
 *
 * Functionary v3.2's first call, whose `>>>` the prompt already wrote, starts
 * the reply as `name\n{…}` (llama.cpp functionary-v3-2 reads it at the start
 * only): read when `name` is an offered tool, or, tools unknown, with the
 * `functionary` hint; `all\n` there (a text header) only with the hint.
 *
 * JSON inside prose is not read as a call, in any mode: llama.cpp's lenient
 * Hermes parser takes `{"name": …}` anywhere in the text, but an answer that
 * shows an example call would then run it. Only a reply that is nothing but
 * call JSON, or call JSON in a wrapper or fence, is a call.
 */
import type { ToolFormat } from '../../types.js';
import type { ReadContext, TextToolCall } from './call-format.js';
import { readPythonCalls } from './pythonic.js';
import { callFromObject, failed, HOW_TO, invalidJson, jsonRun, knownCalls, namedCall } from './scan.js';
import { LOOKAHEAD, startsLikeCall } from './verdicts.js';

const FAMILIES: ReadonlyArray<ToolFormat | undefined> = [undefined, 'llama3', 'generic-json', 'pythonic', 'hermes'];

/**
 * Whether a reply starting with `text` may be a whole-reply call, so the
 * filter must hold it all: `undefined` while too little has arrived to tell.
 */
export function mayBeWholeReply(text: string, ended: boolean, hint: ToolFormat | undefined): boolean | undefined {
  if (!FAMILIES.includes(hint)) return false;
  const body = text.trimStart();
  if (body === '') return ended ? false : undefined;
  if (body[0] === '{') return true;
  if (body[0] !== '[') return false;
  if (/^\[\s*(?:\{|[A-Za-z_][\w.]*\s*\()/.test(body.slice(0, LOOKAHEAD))) return true;
  return !ended && body.length < LOOKAHEAD && /^\[\s*[\w.]*\s*$/.test(body) ? undefined : false;
}

/** The reply read as a whole-reply call, or `undefined` when it is not one. */
export function readWholeReply(text: string, ctx: ReadContext, hint: ToolFormat | undefined): { text: string; calls: TextToolCall[] } | undefined {
  if (!FAMILIES.includes(hint)) return undefined;
  const trimmed = text.trim();
  if (trimmed[0] === '[') {
    const python = readPythonCalls(trimmed);
    if (python && python.every((c) => !ctx.tools || ctx.tools.has(c.name))) return { text: '', calls: python.map((c) => namedCall(c.name, c.args, ctx)) };
    const cut = cutPythonCall(trimmed, ctx);
    if (cut) return { text: '', calls: [cut] };
  }
  if (trimmed[0] !== '{' && trimmed[0] !== '[') return undefined;
  // Call objects, maybe in a list cut off after its complete items, maybe with a stray closer after them (scan.ts jsonRun).
  const run = jsonRun(trimmed);
  if (run.end < trimmed.length || run.items.some((item) => 'bad' in item)) return undefined;
  const values = run.items.flatMap((item) => ('value' in item ? (Array.isArray(item.value) ? item.value : [item.value]) : []));
  const cut = run.cut === undefined ? [] : [invalidJson(run.cut, 'the reply')];
  if (values.length === 0) return run.cut !== undefined && startsLikeCall(run.cut, ctx) ? { text: '', calls: cut } : undefined;
  if (values.length === 1) {
    const generic = readGeneric(values[0], ctx);
    if (generic) return generic;
  }
  if (!knownCalls(values, ctx)) return undefined;
  return { text: '', calls: [...values.map((v) => callFromObject(v, ctx)), ...cut] };
}

/** llama.cpp's generic format: `{"tool_calls": […]}`, `{"tool_call": {…}}` or `{"response": "…"}`. */
function readGeneric(value: unknown, ctx: ReadContext): { text: string; calls: TextToolCall[] } | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  const o = value as Record<string, unknown>;
  if (keys.length === 1 && typeof o.response === 'string') return { text: o.response, calls: [] };
  const list = Array.isArray(o.tool_calls) ? o.tool_calls : o.tool_call !== undefined && keys.length === 1 ? [o.tool_call] : undefined;
  if (!list || !knownCalls(list, ctx)) return undefined;
  return { text: typeof o.content === 'string' ? o.content : '', calls: list.map((v) => callFromObject(v, ctx)) };
}

/** `[name(…` naming an offered tool, never closed: a Python call list cut off. */
function cutPythonCall(text: string, ctx: ReadContext): TextToolCall | undefined {
  const name = /^\[\s*([A-Za-z_][\w.]*)\s*\(/.exec(text)?.[1];
  if (name === undefined || !ctx.tools?.has(name)) return undefined;
  return failed(name, `The call of "${name}" is cut off or not valid Python (write [name(key=value, …)]). ${HOW_TO}`, text);
}

/** What Functionary v3.2 writes before every call; the prompt holds the first one's. */
export const FUNCTIONARY_PREFIX = '>>>';

/**
 * Whether the reply starts with Functionary v3.2's first call written
 * without its `>>>` (see the header); `undefined` while too little has
 * arrived to tell.
 */
export function functionaryStart(text: string, ended: boolean, ctx: ReadContext, hint: ToolFormat | undefined): boolean | undefined {
  if (hint !== undefined && hint !== 'functionary') return false;
  const hinted = hint === 'functionary';
  const line = /^([\w.-]+)\n/.exec(text);
  if (line) {
    const name = line[1]!;
    if (name === 'all') return hinted;
    if (!(ctx.tools ? ctx.tools.has(name) : hinted)) return false;
    const rest = text.slice(line[0].length);
    if (rest === '') return ended ? false : undefined;
    return rest[0] === '{';
  }
  if (ended || text.length >= LOOKAHEAD || !/^[\w.-]*$/.test(text)) return false;
  if (hinted && 'all'.startsWith(text)) return undefined;
  if (!ctx.tools) return hinted ? undefined : false;
  return [...ctx.tools.keys()].some((name) => name.startsWith(text)) ? undefined : false;
}
