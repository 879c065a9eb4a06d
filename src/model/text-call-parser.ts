/**
 * Reads tool calls that models write into their reply text, in whichever
 * family's format the model was trained on (the table in call-formats/):
 * Hermes/Qwen, Qwen3-Coder, GLM, Kimi K2, DeepSeek, MiniMax, Seed-OSS,
 * gpt-oss harmony, Gemma 4, LFM2, Llama, Mistral, Command R, Granite and
 * more. The format is recognised from the text; a `format` hint narrows it.
 *
 * Bad markup is data, not an exception: an unreadable, cut-off or unknown
 * call becomes a call with an `error` the loop returns to the model. Text
 * before a reasoning closer whose opener the template put in the prompt
 * (`…</think>answer`) is reasoning: removed, and calls in it never run.
 */
import type { ToolFormat } from '../types.js';
import { blockEnd, findBlock, firstCallAt } from './call-formats/block-scanner.js';
import type { ReadContext, TextToolCall, ToolShape } from './call-formats/call-format.js';
import { formatsFor } from './call-formats/formats.js';
import { collectRepairs } from './call-formats/repair-notes.js';
import { FUNCTIONARY_PREFIX, functionaryStart, readWholeReply } from './call-formats/whole-reply.js';

export type { TextToolCall, ToolShape } from './call-formats/call-format.js';

/** A reply split into its answer text and its tool calls. */
export interface ParsedTextReply {
  text: string;
  calls: TextToolCall[];
}

/** `ParsedTextReply`, with how it was read (for the trace). */
export interface NotedTextReply extends ParsedTextReply {
  /** The call format the calls were read in (a row id of call-formats/), and why that one. */
  format?: { id: string; why: string };
  /** What was mended before the calls could be read. */
  repairs?: string[];
}

/** What the reader may know besides the text. */
export interface TextCallOptions {
  /**
   * The offered tools (name and JSON Schema): values written as strings are
   * typed by the schema, unknown names become error calls, and weak forms
   * (a ```json fence, bare JSON) count only when they name one of these.
   */
  tools?: readonly ToolShape[];
  /** The model family's format, when known; default: recognised from the text. */
  format?: ToolFormat;
  /**
   * The reply began inside reasoning the chat template opened (reply-reasoning.ts
   * read it so): with no closer, the text before its first call is that
   * reasoning (llama.cpp: a call ends the prefilled reasoning).
   */
  opened?: boolean;
}

/**
 * Reasoning closers whose opener a template may have written into the
 * prompt, with that opener. (Gemma 4's `<|channel>thought` is never opened
 * by its template, so a bare `<channel|>` is a stray token, not a closer.)
 */
export const PROMPT_OPENED_REASONING = [
  ['<think>', '</think>'],
  ['<thinking>', '</thinking>'],
  ['[THINK]', '[/THINK]'],
  ['<seed:think>', '</seed:think>'],
  ['<|START_THINKING|>', '<|END_THINKING|>'],
  ['<|inner_prefix|>', '<|inner_suffix|>'],
] as const;

/**
 * Splits a reply into answer text (all call markup removed) and the calls, in order.
 *
 * @example
 * parseTextToolCalls('Checking.<tool_call>{"name":"add","arguments":{"a":1}}</tool_call>');
 * // → { text: 'Checking.', calls: [{ name: 'add', args: { a: 1 }, argsText: '{"a":1}' }] }
 */
export function parseTextToolCalls(text: string, options: TextCallOptions = {}): ParsedTextReply {
  const { text: answer, calls } = readTextToolCalls(text, options);
  return { text: answer, calls };
}

/** `parseTextToolCalls`, also saying which call format was found and why, and what was mended. */
export function readTextToolCalls(text: string, options: TextCallOptions = {}): NotedTextReply {
  const callAt = options.opened ? (t: string) => firstCallAt(t, formatsFor(options.format), readContext(options.tools)) : undefined;
  return readReply(text, options, afterUnopenedReasoning(text, callAt));
}

/**
 * The answer text and calls in a stretch the streaming filter held back. A
 * reasoning closer there is not one the prompt opened: the reply's reasoning
 * watch (reply-reasoning.ts) has already taken that, so a `</think>` inside a
 * call's value stays the value's.
 */
export function parseHeldText(text: string, options: TextCallOptions = {}): ParsedTextReply {
  const { text: answer, calls } = readReply(text, options, text);
  return { text: answer, calls };
}

function readReply(text: string, options: TextCallOptions, answer: string): NotedTextReply {
  const ctx = readContext(options.tools);
  const formats = formatsFor(options.format);
  // Functionary v3.2's first call lost its `>>>` to the prompt: read it as if written.
  const restored = functionaryStart(answer, true, ctx, options.format);
  const source = restored ? `${FUNCTIONARY_PREFIX}${answer}` : answer;
  const repairs: string[] = [];
  if (answer !== text) repairs.push('reasoning before an unopened closer removed');
  if (restored) repairs.push('functionary ">>>" opener restored');
  let format: NotedTextReply['format'];
  const calls: TextToolCall[] = [];
  let out = '';
  let pos = 0;
  let removed = source !== text;
  // Once a call is read, an `<observation` after it is one the model invented (protocol-tags.ts).
  const scan = (from: number) => findBlock(source, from, formats, true, calls.length > 0 ? { ...ctx, afterCall: true } : ctx);
  for (let found = scan(0); found?.kind === 'block'; found = scan(pos)) {
    const { bodyEnd, end, closed } = blockEnd(source, found);
    out += source.slice(pos, found.keep ? end : found.start);
    pos = end;
    if (found.keep) continue;
    removed = true;
    if (found.close === 'none') continue;
    const { value: read, repairs: inner } = collectRepairs(() => found.format.read(source.slice(found.bodyStart, bodyEnd), ctx, closed, found.opener));
    calls.push(...read.calls);
    for (const what of inner) if (!repairs.includes(`${found.format.id}: ${what}`)) repairs.push(`${found.format.id}: ${what}`);
    format ??= { id: found.format.id, why: options.format ? `toolFormat "${options.format}"` : `recognised by its opener ${JSON.stringify(found.opener)}` };
    if (!closed) repairs.push(`${found.format.id} call without its closer read to the end`);
    // Without a closer, the text after what the calls used is answer text again.
    if ((found.close === 'end' || !closed) && read.used !== undefined) pos = Math.max(found.bodyStart + read.used, found.bodyStart);
  }
  out += source.slice(pos);
  // A whole-reply call may still be there once tokens around it are gone (`[f(a=1)]<|eot_id|>`).
  const wholeRead = calls.length === 0 ? collectRepairs(() => readWholeReply(removed ? out : text, ctx, options.format)) : undefined;
  const whole = wholeRead?.value;
  if (whole) repairs.push(...wholeRead!.repairs.map((what) => `whole-reply: ${what}`));
  const noted = { ...(repairs.length > 0 ? { repairs } : {}) };
  if (whole) return { ...whole, ...noted, format: { id: 'whole-reply', why: `the whole reply is a call${options.format ? ` (toolFormat "${options.format}")` : ''}` } };
  if (format) Object.assign(noted, { format });
  if (!removed) return { text, calls, ...noted };
  return { text: out.replace(/\n{3,}/g, '\n\n').trim(), calls, ...noted };
}

/** The tools as the readers look them up, by name. */
export function readContext(tools: readonly ToolShape[] | undefined): ReadContext {
  return { tools: tools ? new Map(tools.map((t) => [t.name, t])) : undefined };
}

/**
 * The text after a reasoning closer that nothing before it opened; for a
 * reply known to start inside reasoning, with no closer, the text from its
 * first call (`callAt`); the text itself otherwise.
 */
function afterUnopenedReasoning(text: string, callAt?: (text: string) => number): string {
  for (const [open, close] of PROMPT_OPENED_REASONING) {
    const at = text.indexOf(close);
    if (at === -1 || text[at - 1] === '`') continue;
    if (text.lastIndexOf(open, at) !== -1) continue;
    return text.slice(at + close.length);
  }
  const call = callAt?.(text) ?? -1;
  return call > 0 ? text.slice(call) : text;
}
