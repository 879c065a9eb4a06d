/**
 * Families that write a call as tags, with parameter values as bare strings
 * (typed afterwards by the tool's schema). Learned from the chat templates and
 * the vLLM parsers named below; whitespace is trimmed as each reference parser
 * trims it:
 *
 * - Hermes / Qwen 2.5–3 `<tool_call>{"name", "arguments"}</tool_call>` (vLLM hermes),
 *   also fenced (fenced-calls.ts).
 * - Qwen3-Coder `<tool_call><function=name><parameter=k>\nv\n</parameter></function></tool_call>`,
 *   also without `<tool_call>` (then its stray `</tool_call>` is hidden); values
 *   trimmed as text-values.ts `qwenValue` says (vLLM qwen3coder, llama.cpp qwen3-coder).
 * - Llama 3.1 / Functionary v3.1 `<function=name>{json}</function>` (llama.cpp functionary v3.1).
 * - GLM-4.5/4.6/4.7 `<tool_call>name<arg_key>k</arg_key><arg_value>v</arg_value></tool_call>`,
 *   with or without newlines (vLLM glm4_moe / glm47_moe: key stripped; a string
 *   value kept exactly, others stripped and read as JSON or a Python literal).
 * - LongCat `<longcat_tool_call>` with JSON or `<longcat_arg_key>` pairs (vLLM longcat).
 * - Seed-OSS `<seed:tool_call><function=name><parameter=k>v</parameter></function></seed:tool_call>`
 *   (vLLM seed_oss, llama.cpp seed-oss: the value is written right after `>` and kept exactly).
 * - MiniMax-M2 `<minimax:tool_call><invoke name="x"><parameter name="k">v</parameter></invoke></minimax:tool_call>`
 *   (vLLM minimax_m2: value stripped; without a schema it stays a string).
 * - DeepSeek V3.2 `<｜DSML｜function_calls>` and V4 `<｜DSML｜tool_calls>` with
 *   `<｜DSML｜invoke name>` / `<｜DSML｜parameter name string="true|false">` (vLLM deepseekv32, deepseekv4).
 * - MiniCPM5 `<function name="x"><param name="k">v</param></function>`, CDATA allowed (llama.cpp minicpm5).
 *
 * A value whose closer the model forgot (`<parameter=a>\nx\n<parameter=b>…`)
 * ends where the next parameter opens or the call closes, as vLLM qwen3coder
 * reads it (`(?=<parameter=)|(?=</function>)`); the same holds for MiniMax-M2
 * and DSML `<parameter name>`, and GLM `<arg_value>`, so no parameter is lost
 * inside the one before it. A call whose own closer is missing is still cut off.
 */
import type { CallFormat, ReadContext, TextToolCall } from './call-format.js';
import { noteRepair } from './repair-notes.js';
import { callFromArgsText, failed, HOW_TO, namedCall, readJsonCalls, unfence } from './scan.js';
import { callFromTextParams, paramSchema, qwenValue, schemaTypes, typeValue, unwrapArguments } from './text-values.js';
import { always, anyVerdict, headMatches, jsonStart } from './verdicts.js';

/**
 * How a family's `<parameter=k>` value is trimmed: Qwen3-Coder's rule
 * (text-values.ts), or Seed-OSS's, which writes the value right after `>` and
 * keeps it exactly, final newline included (vLLM seed_oss, llama.cpp seed-oss).
 */
type Trim = (value: string, closed: boolean) => string;
const SEED_OSS: Trim = (value, closed) => (closed ? value : unclosedEnd(value));
const QWEN3_CODER: Trim = (value) => qwenValue(value);

/** One value between an opening tag and its closer, its key and attributes captured by the opener. */
interface TaggedValue {
  head: RegExpMatchArray;
  value: string;
  /** The closer was written (not supplied at the next opener or the end). */
  closed: boolean;
}

const escape = (s: string) => s.replace(/[|\\^$.*+?()[\]{}]/g, '\\$&');

/**
 * The values in `body` opened by `opener` (a regex source) and closed by
 * `closer`; a value without its closer ends where `next` opens or `body` ends.
 */
function taggedValues(body: string, opener: string, closer: string, next: string): TaggedValue[] {
  const out: TaggedValue[] = [];
  const pattern = new RegExp(`${opener}([\\s\\S]*?)(${escape(closer)}|(?=${escape(next)})|$)`, 'g');
  for (const m of body.matchAll(pattern)) {
    const closed = m[m.length - 1] !== '';
    if (!closed) noteRepair(`a missing ${closer} supplied`);
    out.push({ head: m, value: m[m.length - 2]!, closed });
  }
  return out;
}

/** A value whose closer was supplied: the whitespace before the next tag is layout. */
function unclosedEnd(value: string): string {
  return value.replace(/\s+$/, '');
}

/** The value as written, or without the layout before the tag that ended it. */
const valueOf = (v: TaggedValue) => (v.closed ? v.value : unclosedEnd(v.value));

/**
 * A call whose closer never came though its markup is complete: every value
 * closed, nothing after the last one but maybe the start of `closer`, and
 * every parameter the tool requires given. Ollama finishes such a call when
 * the stream ends; without the tool's schema it stays cut off.
 */
function completeAtEnd(name: string, values: TaggedValue[], body: string, closer: string, ctx: ReadContext): boolean {
  const last = values.at(-1);
  if (!last || !values.every((v) => v.closed)) return false;
  const tail = body.slice(last.head.index! + last.head[0].length).trim();
  const tool = ctx.tools?.get(name);
  if ((tail !== '' && !closer.startsWith(tail)) || !tool) return false;
  const required = tool.parameters?.required;
  const given = new Set(values.map((v) => v.head[1]!.trim()));
  if (Array.isArray(required) && !required.every((r) => given.has(String(r)))) return false;
  noteRepair(`a complete call without its ${closer} read`);
  return true;
}

/** Qwen3-Coder and Seed-OSS `<function=name>…</function>` blocks (one or more) in `body`. */
function readEqualsFunctions(body: string, ctx: ReadContext, closed: boolean, trim: Trim = QWEN3_CODER): TextToolCall[] {
  const calls: TextToolCall[] = [];
  for (const m of body.matchAll(/<function=([^>\s]+)>([\s\S]*?)(<\/function>|(?=<function=)|$)/g)) {
    calls.push(readEqualsFunction(m[1]!, m[2]!, ctx, m[3] !== '' || closed, trim));
  }
  return calls.length > 0 ? calls : [failed('', `Could not read the <function=…> call. ${HOW_TO}`, body.trim())];
}

/** One `<function=name>` body: JSON arguments (Llama 3.1) or `<parameter=k>` tags (Qwen3-Coder). */
function readEqualsFunction(name: string, inner: string, ctx: ReadContext, closed: boolean, trim: Trim): TextToolCall {
  if (/^\s*\{/.test(inner)) return callFromArgsText(name, inner, ctx);
  const values = taggedValues(inner, '<parameter=([^>\\s]+)>', '</parameter>', '<parameter=');
  if (!closed && !completeAtEnd(name, values, inner, '</function>', ctx)) {
    return failed(name, `The call of "${name}" is cut off: close every <parameter=…> with </parameter> and the call with </function>. ${HOW_TO}`, inner.trim());
  }
  const params = values.map((v) => [v.head[1]!, trim(v.value, v.closed)] as const);
  // An unlisted parameter is text (vLLM); with no tools passed at all there is no schema, so JSON is read.
  return callFromTextParams(name, params, ctx, ctx.tools ? 'string' : 'json');
}

/** GLM `name<arg_key>k</arg_key><arg_value>v</arg_value>…` (LongCat: `longcat_arg_key`). */
function readKeyValueCall(body: string, ctx: ReadContext, closed: boolean, prefix: string): TextToolCall {
  const name = /^\s*([^<\s]+)/.exec(body)?.[1] ?? '';
  const pairs = taggedValues(body, `<${prefix}arg_key>([\\s\\S]*?)</${prefix}arg_key>\\s*<${prefix}arg_value>`, `</${prefix}arg_value>`, `<${prefix}arg_key>`);
  const last = pairs.at(-1);
  const rest = last ? body.slice(last.head.index! + last.head[0].length) : body;
  if (name === '' || (!closed && !completeAtEnd(name, pairs, body, `</${prefix}tool_call>`, ctx)) || rest.includes(`<${prefix}arg_`)) {
    return failed(name, `The call${name ? ` of "${name}"` : ''} is cut off or malformed. ${HOW_TO}`, body.trim());
  }
  return callFromTextParams(name, pairs.map((v) => [v.head[1]!.trim(), valueOf(v)] as const), ctx, 'json');
}

/** The body of a `<tool_call>` (or `<longcat_tool_call>`): JSON, `<function=…>`, or GLM pairs. */
export function readToolCallBody(body: string, ctx: ReadContext, closed: boolean, where: string, prefix: string): TextToolCall[] {
  if (/^\s*<function=/.test(body)) return readEqualsFunctions(body, ctx, closed);
  if (/^\s*(?:[{[]|```)/.test(body)) return readJsonCalls(unfence(body.trim()), where, ctx).calls;
  return [readKeyValueCall(body, ctx, closed, prefix)];
}

/** `<tool_call>` is JSON, `<function=…>`, or a GLM name followed by `<arg_key>` or the closer. */
function toolCallVerdict(after: string, ended: boolean, closer: string, prefix: string, ctx: ReadContext) {
  const close = [closer];
  const keyValue = new RegExp(`^\\s*[\\w.\\-]+\\s*(?:<${prefix}arg_key>|${closer.replace(/[|]/g, '\\|')})`);
  // At the very end, the start of an offered tool's name alone: a GLM call cut off there.
  const name = ended ? /^\s*([\w.\-]+)\s*$/.exec(after)?.[1] : undefined;
  const cutAfterName = name !== undefined && [...(ctx.tools?.keys() ?? [])].some((t) => t.startsWith(name)) ? { close } : false;
  return anyVerdict(jsonStart(after, ended, close), headMatches(after, ended, /^\s*<function=[^>\s]+>/, { close }), headMatches(after, ended, keyValue, { close }), cutAfterName);
}

/** `<invoke name="x">…<parameter name="k">v</parameter>…</invoke>` (MiniMax-M2, DSML with a tag prefix). */
function readInvokes(body: string, ctx: ReadContext, closed: boolean, tag: string, strings: 'minimax' | 'dsml'): TextToolCall[] {
  const calls: TextToolCall[] = [];
  const invoke = new RegExp(`<${tag}invoke name=["']?([^"'>]+)["']?>([\\s\\S]*?)(</${tag}invoke>|$)`, 'g');
  const param = `<${tag}parameter name=["']?([^"'>\\s]+)["']?((?:\\s+string=["']?(?:true|false)["']?)?)>`;
  for (const m of body.matchAll(invoke)) {
    const name = m[1]!.trim();
    if (m[3] === '' && !closed) {
      calls.push(failed(name, `The call of "${name}" is cut off. ${HOW_TO}`, m[2]!.trim()));
      continue;
    }
    const values = taggedValues(m[2]!, param, `</${tag}parameter>`, `<${tag}parameter`);
    if (strings === 'minimax') {
      calls.push(callFromTextParams(name, values.map((v) => [v.head[1]!, v.value.trim()] as const), ctx, 'string'));
      continue;
    }
    const args: Record<string, unknown> = {};
    for (const v of values) args[v.head[1]!] = dsmlValue(v, name, ctx);
    calls.push(namedCall(name, unwrapArguments(name, args, ctx), ctx));
  }
  return calls.length > 0 ? calls : [failed('', `The call block held no <${tag}invoke name="…"> call. ${HOW_TO}`, body.trim())];
}

/**
 * A DSML value, typed by the schema as vLLM's schema-aware type fixer does:
 * `string="true"` is text where the schema allows a string (or there is none),
 * and read as the schema's type where it does not (`42` for an integer);
 * `string="false"` is JSON, typed by the schema (`null` for a string stays "null").
 */
function dsmlValue(v: TaggedValue, name: string, ctx: ReadContext): unknown {
  const value = valueOf(v);
  const schema = paramSchema(ctx, name, v.head[1]!);
  if (!/true/.test(v.head[2]!)) return typeValue(value, schema, 'json');
  const types = schema ? schemaTypes(schema) : undefined;
  return !types || types.size === 0 || types.has('string') ? value : typeValue(value, schema, 'json');
}

/** MiniCPM5 `<function name="x"><param name="k">v</param></function>`; `body` starts after `<function name=`. */
function readNameFunction(body: string, ctx: ReadContext, closed: boolean): TextToolCall[] {
  const head = /^["']?([^"'>]+)["']?>/.exec(body);
  if (!head) return [failed('', `Could not read the <function name="…"> call. ${HOW_TO}`, body.trim())];
  const name = head[1]!.trim();
  if (!closed) return [failed(name, `The call of "${name}" is cut off: close it with </function>. ${HOW_TO}`, body.trim())];
  const inner = body.slice(head[0].length);
  if (/^\s*\{/.test(inner)) return [callFromArgsText(name, inner, ctx)];
  const params = [...inner.matchAll(/<param name=["']?([^"'>]+)["']?>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([\s\S]*?))<\/param>/g)].map(
    (p) => [p[1]!, p[2] ?? p[3]!] as const,
  );
  return [callFromTextParams(name, params, ctx, 'json')];
}

/** The tag-and-parameter families, one row each. */
export const XML_FORMATS: readonly CallFormat[] = [
  {
    id: 'hermes',
    families: ['hermes', 'qwen3-coder', 'glm'],
    open: ['<tool_call>'],
    closers: ['</tool_call>'],
    accept: (after, ended, _opener, ctx) => toolCallVerdict(after, ended, '</tool_call>', '', ctx),
    read: (body, ctx, closed) => ({ calls: readToolCallBody(body, ctx, closed, '<tool_call>', '') }),
  },
  {
    // Qwen3-Coder without `<tool_call>` still closes with `</tool_call>`: after a call it is markup.
    id: 'stray-closer',
    families: [],
    open: ['</tool_call>'],
    accept: (_after, _ended, _opener, ctx) => (ctx.afterCall ? { close: 'none' } : false),
    read: () => ({ calls: [] }),
  },
  {
    id: 'longcat',
    families: ['longcat'],
    open: ['<longcat_tool_call>'],
    closers: ['</longcat_tool_call>'],
    accept: (after, ended, _opener, ctx) => toolCallVerdict(after, ended, '</longcat_tool_call>', 'longcat_', ctx),
    read: (body, ctx, closed) => ({ calls: readToolCallBody(body, ctx, closed, '<longcat_tool_call>', 'longcat_') }),
  },
  {
    id: 'function-equals',
    families: ['qwen3-coder', 'llama3', 'functionary'],
    open: ['<function='],
    closers: ['</function>'],
    accept: (after, ended) => headMatches(after, ended, /^[\p{L}\p{N}_.\-]+>\s*(?:\{|<parameter=|<\/function>)/u, { close: ['</function>'] }),
    read: (body, ctx, closed, opener) => ({ calls: readEqualsFunctions(opener + body + (closed ? '</function>' : ''), ctx, closed) }),
  },
  {
    id: 'seed-oss',
    families: ['seed-oss'],
    open: ['<seed:tool_call>'],
    accept: always(['</seed:tool_call>']),
    read: (body, ctx, closed) => ({ calls: readEqualsFunctions(body, ctx, closed, SEED_OSS) }),
  },
  {
    id: 'minimax-m2',
    families: ['minimax-m2'],
    open: ['<minimax:tool_call>'],
    accept: always(['</minimax:tool_call>']),
    read: (body, ctx, closed) => ({ calls: readInvokes(body, ctx, closed, '', 'minimax') }),
  },
  {
    id: 'deepseek-dsml',
    families: ['deepseek-dsml'],
    open: ['<｜DSML｜function_calls>', '<｜DSML｜tool_calls>'],
    accept: (_after, _ended, opener) => ({ close: [opener.replace('<', '</')] }),
    read: (body, ctx, closed) => ({ calls: readInvokes(body, ctx, closed, '｜DSML｜', 'dsml') }),
  },
  {
    id: 'minicpm',
    families: ['minicpm'],
    open: ['<function name='],
    closers: ['</function>'],
    accept: (after, ended) => headMatches(after, ended, /^["']?[\w.\-]+["']?>\s*(?:<param\b|\{|<\/function>)/, { close: ['</function>'] }),
    read: (body, ctx, closed) => ({ calls: readNameFunction(body, ctx, closed) }),
  },
];

