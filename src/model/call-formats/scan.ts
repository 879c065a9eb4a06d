/**
 * Scanning shared by every format: call objects from JSON, a run of JSON
 * values, prefix verdicts for openers that need a look at what follows, and
 * typing of values that a format writes as bare strings. Bad markup is data:
 * every helper returns a call with an `error` rather than throwing.
 */
import { scanJsonEnd, tryParseJson } from '../json-scanner.js';
import type { BlockRead, ReadContext, TextToolCall } from './call-format.js';
import { noteRepair } from './repair-notes.js';

/** The one instruction every error repeats, so the model can correct itself. */
export const HOW_TO = 'Write each call as <tool_call>{"name": "tool_name", "arguments": {…}}</tool_call>.';

/** A call that could not be read. */
export function failed(name: string, error: string, argsText = ''): TextToolCall {
  return { name, args: undefined, argsText, error };
}

/** A call whose name is checked against the offered tools (when known). */
export function namedCall(name: string, args: Record<string, unknown>, ctx: ReadContext): TextToolCall {
  const argsText = JSON.stringify(args);
  return unknownName(name, ctx) ?? { name, args, argsText };
}

/** An error call for a name that is not an offered tool; undefined when the name is fine. */
export function unknownName(name: string, ctx: ReadContext): TextToolCall | undefined {
  // A Map lookup: a model-chosen name never reaches a prototype.
  if (!ctx.tools || ctx.tools.has(name)) return undefined;
  const known = [...ctx.tools.keys()].join(', ');
  return failed(name, `There is no tool named "${name}". The tools are: ${known}.`);
}

/** Turns one parsed call object into a call: `name`/`tool_name`/`function.name`, `arguments`/`parameters`. */
export function callFromObject(value: unknown, ctx: ReadContext): TextToolCall {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return failed('', `A tool call must be a JSON object with "name" and "arguments". ${HOW_TO}`);
  }
  const obj = value as Record<string, unknown>;
  const fn = typeof obj.function === 'object' && obj.function !== null ? (obj.function as Record<string, unknown>) : {};
  const name = [obj.name, obj.tool_name, fn.name, typeof obj.function === 'string' ? obj.function : undefined].find(
    (v) => typeof v === 'string' && v !== '',
  ) as string | undefined;
  if (name === undefined) return failed('', `The tool call has no "name". ${HOW_TO}`);
  const raw = [obj.arguments, obj.parameters, fn.arguments, fn.parameters, obj.args].find((v) => v !== undefined);
  return callWithArgs(name, raw, ctx);
}

/** A call from a name and arguments that may be an object, a JSON string of one, or absent. */
export function callWithArgs(name: string, raw: unknown, ctx: ReadContext): TextToolCall {
  const unknown = unknownName(name, ctx);
  if (unknown) return unknown;
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return { name, args: {}, argsText: '{}' };
  }
  if (typeof raw === 'string') {
    const parsed = tryParseJson(raw);
    if (!parsed.ok) return failed(name, `The arguments of "${name}" are not valid JSON (${parsed.error}).`, raw);
    return { name, args: parsed.value, argsText: raw };
  }
  // Too deep to write back as JSON (a few thousand levels): the call is answered with an error, not thrown.
  try {
    return { name, args: raw, argsText: JSON.stringify(raw) };
  } catch (err) {
    return failed(name, `The arguments of "${name}" could not be read (${(err as Error).message}). Send flatter arguments.`);
  }
}

/** The arguments of `name` as JSON text (exactly as written) → a call. */
export function callFromArgsText(name: string, argsText: string, ctx: ReadContext): TextToolCall {
  const unknown = unknownName(name, ctx);
  if (unknown) return unknown;
  const trimmed = argsText.trim();
  if (trimmed === '') return { name, args: {}, argsText: '{}' };
  const parsed = tryParseJson(trimmed);
  if (!parsed.ok) return failed(name, `The arguments of "${name}" are not valid JSON (${parsed.error}). ${HOW_TO}`, trimmed);
  return { name, args: parsed.value, argsText: trimmed };
}

/** A run of JSON values, as `jsonRun` reads it. */
export interface JsonRun {
  /** Each complete value, or the text of one that did not parse. */
  items: Array<{ value: unknown } | { bad: string; error: string }>;
  /** A value cut off by the end of the text. */
  cut?: string;
  /** How far the values (and any stray closers after them) reach. */
  used: number;
  /** Where the run stopped: the text's length, or the first character that is no JSON. */
  end: number;
}

/**
 * Reads JSON values from the start of `body`, separated by whitespace, commas
 * or semicolons, as models stream call lists (Ollama's parser reads them so):
 * - a `[` that is never closed is a list cut off: its complete items are read
 *   (`[{"name": …}` is one call, not unreadable);
 * - a `]` or `}` left over after a value is a stray closer (`[{…}]]`), dropped
 *   with the markup rather than shown.
 * Stops at anything else.
 */
export function jsonRun(body: string): JsonRun {
  const items: JsonRun['items'] = [];
  let i = 0;
  let used = 0;
  let stepped = false;
  while (i < body.length) {
    const c = body[i]!;
    if (/[\s,;]/.test(c)) {
      i++;
      continue;
    }
    if ((c === ']' || c === '}') && items.length > 0) {
      noteRepair('a stray ] or } after the calls dropped');
      used = ++i;
      continue;
    }
    // `[/TOOL_CALLS]` and the like close a block; no JSON starts so.
    if ((c !== '{' && c !== '[') || body[i + 1] === '/') break;
    const end = scanJsonEnd(body, i);
    if (end === -1) {
      if (c === '[' && items.length === 0 && !stepped) {
        stepped = true;
        i++;
        continue;
      }
      return { items, cut: body.slice(i), used: body.length, end: body.length };
    }
    const parsed = tryParseJson(body.slice(i, end));
    items.push(parsed.ok ? { value: parsed.value } : { bad: body.slice(i, end), error: parsed.error });
    i = end;
    used = end;
  }
  if (stepped && items.length > 0) noteRepair('an unclosed [ list read');
  return { items, used, end: i };
}

/**
 * Reads a run of JSON call objects (or arrays of them) from the start of
 * `body` (see `jsonRun`): `used` says how far it got.
 */
export function readJsonCalls(body: string, where: string, ctx: ReadContext, toCall = callFromObject): BlockRead {
  const calls: TextToolCall[] = [];
  const run = jsonRun(body);
  for (const item of run.items) {
    if ('bad' in item) calls.push(invalidJson(item.bad, where, item.error));
    else if (Array.isArray(item.value)) calls.push(...item.value.map((v) => toCall(v, ctx)));
    else calls.push(toCall(item.value, ctx));
  }
  if (run.cut !== undefined) calls.push(invalidJson(run.cut, where));
  if (calls.length === 0) calls.push(failed('', `${where} held no tool call. ${HOW_TO}`, body.trim()));
  return { calls, used: run.used };
}

/** A call for JSON that could not be read, keeping the name when it is visible. */
export function invalidJson(json: string, where: string, why = 'it is cut off or unbalanced'): TextToolCall {
  const name = /"(?:name|tool_name)"\s*:\s*"([^"]*)"/.exec(json)?.[1] ?? '';
  return failed(name, `The tool call in ${where} is not valid JSON (${why}). ${HOW_TO}`, json);
}

/** `{"name": …, "arguments" | "parameters": …}`: the shape that makes plain JSON a call. */
export function isCallObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  const name = o.name ?? o.tool_name;
  return typeof name === 'string' && name !== '' && (Object.hasOwn(o, 'arguments') || Object.hasOwn(o, 'parameters'));
}

/** Call objects whose names are all offered tools (any name, when the tools are not known). */
export function knownCalls(values: unknown[], ctx: ReadContext): boolean {
  return values.length > 0 && values.every((v) => isCallObject(v) && (!ctx.tools || ctx.tools.has(String(v.name ?? v.tool_name))));
}

/** Compares `text` with `literal`: it starts with it, could still become it, or cannot. */
export function expectLiteral(text: string, literal: string, ended: boolean): boolean | undefined {
  if (text.startsWith(literal)) return true;
  if (!ended && literal.startsWith(text)) return undefined;
  return false;
}

/** The body without an optional ```json … ``` fence around it. */
export function unfence(body: string): string {
  const m = /^\s*```[a-z]*\s*\n?([\s\S]*?)\n?\s*```\s*$/.exec(body);
  return m ? m[1]! : body;
}
