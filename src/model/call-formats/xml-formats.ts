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
 */
import type { CallFormat, ReadContext, TextToolCall } from './call-format.js';
import { callFromArgsText, failed, HOW_TO, namedCall, readJsonCalls, unfence } from './scan.js';
import { callFromTextParams, qwenValue, typeValue } from './text-values.js';
import { always, anyVerdict, headMatches, jsonStart } from './verdicts.js';

/**
 * How a family's `<parameter=k>` value is trimmed: Qwen3-Coder's rule
 * (text-values.ts), or Seed-OSS's, which writes the value right after `>` and
 * keeps it exactly, final newline included (vLLM seed_oss, llama.cpp seed-oss).
 */
type Trim = (value: string) => string;
const SEED_OSS: Trim = (value) => value;

/** Qwen3-Coder and Seed-OSS `<function=name>…</function>` blocks (one or more) in `body`. */
function readEqualsFunctions(body: string, ctx: ReadContext, closed: boolean, trim: Trim = qwenValue): TextToolCall[] {
  const calls: TextToolCall[] = [];
  for (const m of body.matchAll(/<function=([^>\s]+)>([\s\S]*?)(<\/function>|(?=<function=)|$)/g)) {
    calls.push(readEqualsFunction(m[1]!, m[2]!, ctx, m[3] !== '' || closed, trim));
  }
  return calls.length > 0 ? calls : [failed('', `Could not read the <function=…> call. ${HOW_TO}`, body.trim())];
}

/** One `<function=name>` body: JSON arguments (Llama 3.1) or `<parameter=k>` tags (Qwen3-Coder). */
function readEqualsFunction(name: string, inner: string, ctx: ReadContext, closed: boolean, trim: Trim): TextToolCall {
  if (/^\s*\{/.test(inner)) return callFromArgsText(name, inner, ctx);
  const params: Array<[string, string]> = [];
  let last = 0;
  for (const p of inner.matchAll(/<parameter=([^>\s]+)>([\s\S]*?)<\/parameter>/g)) {
    params.push([p[1]!, trim(p[2]!)]);
    last = p.index + p[0].length;
  }
  if (!closed || /<parameter=/.test(inner.slice(last))) {
    return failed(name, `The call of "${name}" is cut off: close every <parameter=…> with </parameter> and the call with </function>. ${HOW_TO}`, inner.trim());
  }
  // An unlisted parameter is text (vLLM); with no tools passed at all there is no schema, so JSON is read.
  return callFromTextParams(name, params, ctx, ctx.tools ? 'string' : 'json');
}

/** GLM `name<arg_key>k</arg_key><arg_value>v</arg_value>…` (LongCat: `longcat_arg_key`). */
function readKeyValueCall(body: string, ctx: ReadContext, closed: boolean, prefix: string): TextToolCall {
  const name = /^\s*([^<\s]+)/.exec(body)?.[1] ?? '';
  const params: Array<[string, string]> = [];
  const pair = new RegExp(`<${prefix}arg_key>([\\s\\S]*?)</${prefix}arg_key>\\s*<${prefix}arg_value>([\\s\\S]*?)</${prefix}arg_value>`, 'g');
  let last = 0;
  for (const p of body.matchAll(pair)) {
    params.push([p[1]!.trim(), p[2]!]);
    last = p.index + p[0].length;
  }
  if (name === '' || !closed || body.slice(last).includes(`<${prefix}arg_`)) {
    return failed(name, `The call${name ? ` of "${name}"` : ''} is cut off or malformed. ${HOW_TO}`, body.trim());
  }
  return callFromTextParams(name, params, ctx, 'json');
}

/** The body of a `<tool_call>` (or `<longcat_tool_call>`): JSON, `<function=…>`, or GLM pairs. */
export function readToolCallBody(body: string, ctx: ReadContext, closed: boolean, where: string, prefix: string): TextToolCall[] {
  if (/^\s*<function=/.test(body)) return readEqualsFunctions(body, ctx, closed);
  if (/^\s*(?:[{[]|```)/.test(body)) return readJsonCalls(unfence(body.trim()), where, ctx).calls;
  return [readKeyValueCall(body, ctx, closed, prefix)];
}

/** `<tool_call>` is JSON, `<function=…>`, or a GLM name followed by `<arg_key>` or the closer. */
function toolCallVerdict(after: string, ended: boolean, closer: string, prefix: string) {
  const close = [closer];
  const keyValue = new RegExp(`^\\s*[\\w.\\-]+\\s*(?:<${prefix}arg_key>|${closer.replace(/[|]/g, '\\|')})`);
  return anyVerdict(jsonStart(after, ended, close), headMatches(after, ended, /^\s*<function=[^>\s]+>/, { close }), headMatches(after, ended, keyValue, { close }));
}

/** `<invoke name="x">…<parameter name="k">v</parameter>…</invoke>` (MiniMax-M2, DSML with a tag prefix). */
function readInvokes(body: string, ctx: ReadContext, closed: boolean, tag: string, strings: 'minimax' | 'dsml'): TextToolCall[] {
  const calls: TextToolCall[] = [];
  const invoke = new RegExp(`<${tag}invoke name=["']?([^"'>]+)["']?>([\\s\\S]*?)(</${tag}invoke>|$)`, 'g');
  const param = new RegExp(`<${tag}parameter name=["']?([^"'>\\s]+)["']?((?:\\s+string=["']?(?:true|false)["']?)?)>([\\s\\S]*?)</${tag}parameter>`, 'g');
  for (const m of body.matchAll(invoke)) {
    const name = m[1]!.trim();
    if (m[3] === '' && !closed) {
      calls.push(failed(name, `The call of "${name}" is cut off. ${HOW_TO}`, m[2]!.trim()));
      continue;
    }
    if (strings === 'minimax') {
      calls.push(callFromTextParams(name, [...m[2]!.matchAll(param)].map((p) => [p[1]!, p[3]!.trim()] as const), ctx, 'string'));
      continue;
    }
    const args: Record<string, unknown> = {};
    for (const p of m[2]!.matchAll(param)) args[p[1]!] = /true/.test(p[2]!) ? p[3]! : typeValue(p[3]!, undefined);
    calls.push(namedCall(name, args, ctx));
  }
  return calls.length > 0 ? calls : [failed('', `The call block held no <${tag}invoke name="…"> call. ${HOW_TO}`, body.trim())];
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
    accept: (after, ended) => toolCallVerdict(after, ended, '</tool_call>', ''),
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
    accept: (after, ended) => toolCallVerdict(after, ended, '</longcat_tool_call>', 'longcat_'),
    read: (body, ctx, closed) => ({ calls: readToolCallBody(body, ctx, closed, '<longcat_tool_call>', 'longcat_') }),
  },
  {
    id: 'function-equals',
    families: ['qwen3-coder', 'llama3', 'functionary'],
    open: ['<function='],
    closers: ['</function>'],
    accept: (after, ended) => headMatches(after, ended, /^[\w.\-]+>\s*(?:\{|<parameter=|<\/function>)/, { close: ['</function>'] }),
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

