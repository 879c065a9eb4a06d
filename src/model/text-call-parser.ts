/**
 * Reads tool calls that models without native function calling write into
 * their reply text. Each family of local models has its own habit:
 *
 * - Hermes, Qwen: `<tool_call>{"name": …, "arguments": {…}}</tool_call>`
 *   (Qwen3-Coder: `<tool_call><function=name><parameter=k>v</parameter></function></tool_call>`)
 * - `<tool_code><name>…</name><parameters>{…}</parameters></tool_code>`
 * - `<tool>{"tool_name" or "name", "arguments"}</tool>`
 * - Mistral: `[TOOL_CALLS][{…},{…}]`, `[TOOL_CALLS]name{…}` (repeated), `[TOOL_CALLS]name[ARGS]{…}`
 * - LM Studio: `[TOOL_REQUEST]{…}[END_TOOL_REQUEST]`
 * - Llama 3.x: the whole reply is one JSON object `{"name", "parameters"}`
 * - a ```json fence holding `{"name", "arguments" | "parameters"}`
 *
 * Bad JSON inside call markup is data, not an exception: it becomes a call
 * with an `error` the loop returns to the model as that call's result.
 */
import { scanJsonEnd, tryParseJson } from './json-scanner.js';

/** One tool call read from reply text. */
export interface TextToolCall {
  /** The tool's name; "" when it could not be read. */
  name: string;
  /** The parsed arguments; `undefined` when they could not be read. */
  args: unknown | undefined;
  /** The arguments as JSON text. */
  argsText: string;
  /** Why the call could not be read; the loop returns it as the call's result. */
  error?: string;
}

/** A reply split into its answer text and its tool calls. */
export interface ParsedTextReply {
  text: string;
  calls: TextToolCall[];
}

const MARKER = /<tool_call>|<tool_code>|<tool>|\[TOOL_CALLS\]|\[TOOL_REQUEST\]|```json[^\S\n]*(?:\n|$)/g;
const CLOSERS: Record<string, string> = {
  '<tool_call>': '</tool_call>',
  '<tool_code>': '</tool_code>',
  '<tool>': '</tool>',
  '[TOOL_REQUEST]': '[END_TOOL_REQUEST]',
};
const HOW_TO = 'Write each call as <tool_call>{"name": "tool_name", "arguments": {…}}</tool_call>.';

/**
 * Splits a reply into answer text (all call markup removed) and the calls, in order.
 *
 * @example
 * parseTextToolCalls('Checking.<tool_call>{"name":"add","arguments":{"a":1}}</tool_call>');
 * // → { text: 'Checking.', calls: [{ name: 'add', args: { a: 1 }, argsText: '{"a":1}' }] }
 */
export function parseTextToolCalls(text: string): ParsedTextReply {
  const calls: TextToolCall[] = [];
  let out = '';
  let pos = 0;
  let removed = false;
  MARKER.lastIndex = 0;
  for (let m = MARKER.exec(text); m !== null; m = MARKER.exec(text)) {
    const marker = m[0];
    const bodyStart = m.index + marker.length;
    let end: number;
    if (marker.startsWith('```')) {
      const close = text.indexOf('```', bodyStart);
      end = close === -1 ? text.length : close + 3;
      const fenced = readFence(text.slice(bodyStart, close === -1 ? text.length : close));
      if (!fenced) {
        // Other JSON in a fence is part of the answer.
        MARKER.lastIndex = end;
        continue;
      }
      calls.push(...fenced);
    } else if (marker === '[TOOL_CALLS]') {
      const read = readMistral(text, bodyStart);
      calls.push(...read.calls);
      end = read.end;
    } else {
      const closer = CLOSERS[marker]!;
      const close = text.indexOf(closer, bodyStart);
      // A model that forgets the closing tag still meant the call.
      end = close === -1 ? text.length : close + closer.length;
      const body = text.slice(bodyStart, close === -1 ? text.length : close);
      calls.push(...(marker === '<tool_code>' ? readToolCode(body) : readJsonCalls(body, marker)));
    }
    out += text.slice(pos, m.index);
    pos = end;
    removed = true;
    MARKER.lastIndex = end;
  }
  out += text.slice(pos);
  if (!removed) {
    const bare = readBareJson(text);
    if (bare) return { text: '', calls: bare };
    return { text, calls };
  }
  return { text: out.replace(/\n{3,}/g, '\n\n').trim(), calls };
}

/** Turns one parsed call object into a call: `name`/`tool_name`/`function.name`, `arguments`/`parameters`. */
function callFromObject(value: unknown): TextToolCall {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return failed('', `A tool call must be a JSON object with "name" and "arguments". ${HOW_TO}`);
  }
  const obj = value as Record<string, unknown>;
  const fn = typeof obj.function === 'object' && obj.function !== null ? (obj.function as Record<string, unknown>) : {};
  const name = [obj.name, obj.tool_name, fn.name].find((v) => typeof v === 'string' && v !== '') as string | undefined;
  if (name === undefined) return failed('', `The tool call has no "name". ${HOW_TO}`);
  const raw = [obj.arguments, obj.parameters, fn.arguments, obj.args].find((v) => v !== undefined);
  return callWithArgs(name, raw);
}

function callWithArgs(name: string, raw: unknown): TextToolCall {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return { name, args: {}, argsText: '{}' };
  }
  if (typeof raw === 'string') {
    // Arguments given as a JSON string of an object.
    const parsed = tryParseJson(raw);
    if (!parsed.ok) return failed(name, `The arguments of "${name}" are not valid JSON (${parsed.error}).`, raw);
    return { name, args: parsed.value, argsText: raw };
  }
  return { name, args: raw, argsText: JSON.stringify(raw) };
}

function failed(name: string, error: string, argsText = ''): TextToolCall {
  return { name, args: undefined, argsText, error };
}

/** One or more JSON call objects (or arrays of them) in a tag body. */
function readJsonCalls(body: string, marker: string): TextToolCall[] {
  const trimmed = body.trim();
  const xml = /^<function=([^>\s]+)>([\s\S]*?)(?:<\/function>|$)/.exec(trimmed);
  if (xml) return [readXmlFunction(xml[1]!, xml[2]!)];
  const calls: TextToolCall[] = [];
  let i = 0;
  while (i < trimmed.length) {
    const c = trimmed[i]!;
    if (/[\s,;]/.test(c)) {
      i++;
      continue;
    }
    const end = scanJsonEnd(trimmed, i);
    if (end === -1) {
      calls.push(invalidJson(trimmed.slice(i), marker));
      break;
    }
    calls.push(...callsFromJson(trimmed.slice(i, end), marker));
    i = end;
  }
  if (calls.length === 0) calls.push(failed('', `${marker} held no tool call. ${HOW_TO}`));
  return calls;
}

function callsFromJson(json: string, marker: string): TextToolCall[] {
  const parsed = tryParseJson(json);
  if (!parsed.ok) return [invalidJson(json, marker, parsed.error)];
  return Array.isArray(parsed.value) ? parsed.value.map(callFromObject) : [callFromObject(parsed.value)];
}

function invalidJson(json: string, marker: string, why = 'it is cut off or unbalanced'): TextToolCall {
  const name = /"(?:name|tool_name)"\s*:\s*"([^"]*)"/.exec(json)?.[1] ?? '';
  return failed(name, `The tool call in ${marker} is not valid JSON (${why}). ${HOW_TO}`, json);
}

/** Qwen3-Coder's `<function=name><parameter=key>value</parameter>…`. */
function readXmlFunction(name: string, body: string): TextToolCall {
  const args: Record<string, unknown> = {};
  for (const p of body.matchAll(/<parameter=([^>\s]+)>([\s\S]*?)<\/parameter>/g)) {
    const value = p[2]!.trim();
    const parsed = tryParseJson(value);
    args[p[1]!] = parsed.ok ? parsed.value : value;
  }
  return { name, args, argsText: JSON.stringify(args) };
}

function readToolCode(body: string): TextToolCall[] {
  const name = /<name>([\s\S]*?)<\/name>/.exec(body)?.[1]?.trim();
  if (name !== undefined) {
    const params = /<parameters>([\s\S]*?)(?:<\/parameters>|$)/.exec(body)?.[1]?.trim();
    if (params === undefined || params === '') return [{ name, args: {}, argsText: '{}' }];
    return [callWithArgs(name, params)];
  }
  if (/^\s*[{[]/.test(body)) return readJsonCalls(body, '<tool_code>');
  return [failed('', `Could not read the call in <tool_code>. ${HOW_TO}`, body.trim())];
}

/** `[TOOL_CALLS]` followed by an array, an object, or `name{…}` / `name[ARGS]{…}`. */
function readMistral(text: string, start: number): { calls: TextToolCall[]; end: number } {
  let i = start;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  if (text[i] === '[' || text[i] === '{') {
    const end = scanJsonEnd(text, i);
    if (end === -1) return { calls: [invalidJson(text.slice(i), '[TOOL_CALLS]')], end: text.length };
    return { calls: callsFromJson(text.slice(i, end), '[TOOL_CALLS]'), end };
  }
  const head = /^([A-Za-z0-9_.-]+)\s*(?:\[CALL_ID\][A-Za-z0-9_-]*\s*)?(?:\[ARGS\]\s*)?/.exec(text.slice(i));
  if (!head || text[i + head[0].length] !== '{') {
    return { calls: [failed(head?.[1] ?? '', `Could not read the call after [TOOL_CALLS]. ${HOW_TO}`, text.slice(i).trim())], end: text.length };
  }
  const name = head[1]!;
  const argsStart = i + head[0].length;
  const end = scanJsonEnd(text, argsStart);
  if (end === -1) {
    return { calls: [failed(name, `The arguments of "${name}" are cut off or unbalanced JSON. ${HOW_TO}`, text.slice(argsStart))], end: text.length };
  }
  const argsText = text.slice(argsStart, end);
  const parsed = tryParseJson(argsText);
  const call = parsed.ok ? { name, args: parsed.value, argsText } : failed(name, `The arguments of "${name}" are not valid JSON (${parsed.error}).`, argsText);
  return { calls: [call], end };
}

/** A ```json fence body: calls only if it holds call objects; otherwise undefined (it stays text). */
function readFence(body: string): TextToolCall[] | undefined {
  const trimmed = body.trim();
  const parsed = tryParseJson(trimmed);
  if (!parsed.ok) {
    const looksLikeCall = /"(?:name|tool_name)"\s*:/.test(trimmed) && /"(?:arguments|parameters)"\s*:/.test(trimmed);
    return looksLikeCall ? [invalidJson(trimmed, 'the ```json block', parsed.error)] : undefined;
  }
  const items = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  if (items.length === 0 || !items.every(isCallObject)) return undefined;
  return items.map(callFromObject);
}

/** The whole reply is one JSON call object (or several, separated by `;` or newlines). */
function readBareJson(text: string): TextToolCall[] | undefined {
  const trimmed = text.trim().replace(/^<\|python_tag\|>\s*/, '');
  if (trimmed[0] !== '{' && trimmed[0] !== '[') return undefined;
  const values: unknown[] = [];
  let i = 0;
  while (i < trimmed.length) {
    if (/[\s;]/.test(trimmed[i]!)) {
      i++;
      continue;
    }
    const end = scanJsonEnd(trimmed, i);
    if (end === -1) return undefined;
    const parsed = tryParseJson(trimmed.slice(i, end));
    if (!parsed.ok) return undefined;
    if (Array.isArray(parsed.value)) values.push(...parsed.value);
    else values.push(parsed.value);
    i = end;
  }
  if (values.length === 0 || !values.every(isCallObject)) return undefined;
  return values.map(callFromObject);
}

/** `{"name": "…", "arguments" | "parameters": …}`: the shape that makes plain JSON a call. */
function isCallObject(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  return typeof o.name === 'string' && o.name !== '' && (Object.hasOwn(o, 'arguments') || Object.hasOwn(o, 'parameters'));
}
