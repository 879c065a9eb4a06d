/**
 * Calls written as Python: `[get_weather(city="Paris"), get_time()]`. Read
 * with a small literal reader (strings, numbers, True/False/None and JSON's
 * true/false/null, lists, tuples, dicts), never with eval. Learned from:
 *
 * - Llama 3.2 / Llama 4 `[fn(a=1)]` as the whole reply, Llama 4 inside
 *   `<|python_start|>…<|python_end|>` (vLLM pythonic, llama4_pythonic).
 * - Olmo 3 `<function_calls>fn(a=1)\nfn2()</function_calls>`, one call a line (vLLM olmo3).
 * - LFM2 `<|tool_call_start|>[fn(a=1)]<|tool_call_end|>` (vLLM lfm2, llama.cpp lfm2:
 *   JSON's true/false/null allowed).
 * - MiniCPM3 / MiniCPM4 (the form before MiniCPM5's XML) `<|tool_call_start|>\n```python\n
 *   fn(a=1)\nfn2()\n```\n<|tool_call_end|>`, one call a line, after reasoning in
 *   `<|thought_start|>…<|thought_end|>` (MiniCPM tokenizer's `decode_function_call`,
 *   ast-parsed; MiniCPM4-MCP training data).
 * - Llama 3.1 built-ins `<|python_tag|>brave_search.call(query="…")` (llama.cpp llama 3.x).
 */
import type { CallFormat, ReadContext, TextToolCall } from './call-format.js';
import { failed, HOW_TO, namedCall, readJsonCalls, unfence } from './scan.js';
import { always } from './verdicts.js';

/** Where the reader is in the text; `fail` marks text that is not Python calls. */
interface Cursor {
  text: string;
  i: number;
}

class NotPython extends Error {}

/**
 * Reads Python calls from `text`: a list `[f(…), g(…)]`, or calls one after
 * another (separated by whitespace, commas or semicolons). `undefined` when the
 * text is anything else.
 */
export function readPythonCalls(text: string): Array<{ name: string; args: Record<string, unknown> }> | undefined {
  const c: Cursor = { text, i: 0 };
  try {
    skip(c);
    const listed = c.text[c.i] === '[';
    if (listed) c.i++;
    const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
    for (;;) {
      skip(c, /[\s,;]/);
      if (c.i >= c.text.length || (listed && c.text[c.i] === ']')) break;
      calls.push(readCall(c));
    }
    if (listed) {
      if (c.text[c.i] !== ']') return undefined;
      c.i++;
      skip(c);
    }
    return c.i === c.text.length && calls.length > 0 ? calls : undefined;
  } catch (err) {
    if (err instanceof NotPython) return undefined;
    throw err;
  }
}

/** One Python literal (a string, number, True/False/None, list, tuple or dict) that is the whole of `text`. */
export function readPythonLiteral(text: string): { value: unknown } | undefined {
  const c: Cursor = { text, i: 0 };
  try {
    const value = readValue(c);
    skip(c);
    return c.i === text.length ? { value } : undefined;
  } catch (err) {
    if (err instanceof NotPython) return undefined;
    throw err;
  }
}

function readCall(c: Cursor): { name: string; args: Record<string, unknown> } {
  const name = /^[A-Za-z_][\w.]*/.exec(c.text.slice(c.i))?.[0];
  if (!name) throw new NotPython();
  c.i += name.length;
  skip(c);
  expect(c, '(');
  const args: Record<string, unknown> = {};
  for (;;) {
    skip(c, /[\s,]/);
    if (c.text[c.i] === ')') break;
    const key = /^[A-Za-z_]\w*/.exec(c.text.slice(c.i))?.[0];
    if (!key) throw new NotPython();
    c.i += key.length;
    skip(c);
    expect(c, '=');
    args[key] = readValue(c);
  }
  c.i++;
  // `brave_search.call(…)`: Llama 3.1's built-in tools name the tool before `.call`.
  return { name: name.endsWith('.call') ? name.slice(0, -5) : name, args };
}

function readValue(c: Cursor): unknown {
  skip(c);
  const ch = c.text[c.i];
  if (ch === '"' || ch === "'") return readString(c, ch);
  if (ch === '[' || ch === '(') return readSequence(c, ch === '[' ? ']' : ')');
  if (ch === '{') {
    c.i++;
    const obj: Record<string, unknown> = {};
    for (;;) {
      skip(c, /[\s,]/);
      if (c.text[c.i] === '}') break;
      const key = readValue(c);
      skip(c);
      expect(c, ':');
      obj[String(key)] = readValue(c);
    }
    c.i++;
    return obj;
  }
  const word = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|True|False|None|true|false|null)/.exec(c.text.slice(c.i))?.[0];
  if (!word) throw new NotPython();
  c.i += word.length;
  if (word === 'True' || word === 'true') return true;
  if (word === 'False' || word === 'false') return false;
  if (word === 'None' || word === 'null') return null;
  const n = Number(word);
  // 1e999: no JSON can carry it (vLLM rejects such a call too).
  if (!Number.isFinite(n)) throw new NotPython();
  return n;
}

function readSequence(c: Cursor, close: string): unknown[] {
  c.i++;
  const items: unknown[] = [];
  for (;;) {
    skip(c, /[\s,]/);
    if (c.text[c.i] === close) break;
    if (c.i >= c.text.length) throw new NotPython();
    items.push(readValue(c));
  }
  c.i++;
  return items;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };

function readString(c: Cursor, quote: string): string {
  c.i++;
  let out = '';
  while (c.i < c.text.length) {
    const ch = c.text[c.i]!;
    if (ch === quote) {
      c.i++;
      return out;
    }
    if (ch === '\\') {
      const next = c.text[c.i + 1] ?? '';
      if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(c.text.slice(c.i + 2, c.i + 6))) {
        out += String.fromCharCode(parseInt(c.text.slice(c.i + 2, c.i + 6), 16));
        c.i += 6;
        continue;
      }
      out += ESCAPES[next] ?? `\\${next}`;
      c.i += 2;
      continue;
    }
    out += ch;
    c.i++;
  }
  throw new NotPython();
}

function skip(c: Cursor, chars = /\s/): void {
  while (c.i < c.text.length && chars.test(c.text[c.i]!)) c.i++;
}

function expect(c: Cursor, ch: string): void {
  if (c.text[c.i] !== ch) throw new NotPython();
  c.i++;
}

/** Calls from Python text, or one error call that quotes it (`closed`: the block's closer came, so it is not merely cut off). */
export function pythonCalls(body: string, ctx: ReadContext, where: string, closed = true): TextToolCall[] {
  const read = readPythonCalls(body);
  if (!read) {
    const name = (/^\s*\[?\s*([A-Za-z_][\w.]*)\s*\(/.exec(body)?.[1] ?? '').replace(/\.call$/, '');
    const what = closed ? `Could not read the call in ${where}` : `The call${name ? ` of "${name}"` : ''} in ${where} is cut off`;
    return [failed(name, `${what} (write name(key=value, …)). ${HOW_TO}`, body.trim())];
  }
  return read.map((r) => namedCall(r.name, r.args, ctx));
}

/** A body of Python calls, or JSON calls (LFM2 accepts both). */
function pythonOrJson(body: string, ctx: ReadContext, where: string, closed: boolean): TextToolCall[] {
  if (/^\s*\[?\s*\{/.test(body)) return readJsonCalls(body, where, ctx).calls;
  return pythonCalls(body, ctx, where, closed);
}

/** The families that write Python calls inside special tokens. */
export const PYTHONIC_FORMATS: readonly CallFormat[] = [
  {
    id: 'lfm2',
    families: ['lfm2', 'minicpm'],
    open: ['<|tool_call_start|>'],
    accept: always(['<|tool_call_end|>']),
    // MiniCPM3/4 fence the calls in ```python.
    read: (body, ctx, closed) => ({ calls: pythonOrJson(unfence(body), ctx, '<|tool_call_start|>', closed) }),
  },
  {
    id: 'olmo3',
    families: ['pythonic'],
    open: ['<function_calls>'],
    accept: always(['</function_calls>']),
    read: (body, ctx, closed) => ({ calls: pythonOrJson(body, ctx, '<function_calls>', closed) }),
  },
  {
    id: 'llama4',
    families: ['pythonic'],
    open: ['<|python_start|>'],
    accept: always(['<|python_end|>']),
    read: (body, ctx, closed) => ({ calls: pythonOrJson(body, ctx, '<|python_start|>', closed) }),
  },
  {
    id: 'llama3-python-tag',
    families: ['llama3'],
    open: ['<|python_tag|>'],
    accept: always(['<|eom_id|>', '<|eot_id|>']),
    read: (body, ctx) => {
      if (/^\s*[{[]/.test(body)) return readJsonCalls(body, '<|python_tag|>', ctx);
      return { calls: pythonCalls(body, ctx, '<|python_tag|>') };
    },
  },
];
