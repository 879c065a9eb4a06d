/**
 * Families whose calls are JSON objects inside a wrapper. Learned from each
 * family's chat template and the public parsers of vLLM
 * (`vllm/tool_parsers/*_tool_parser.py`) and llama.cpp (`common/chat.cpp`,
 * `common/chat-parser.cpp`):
 *
 * - `<tool_calls>[…]</tool_calls>`: Hunyuan A13B, Jamba, Apriel; MiniMax-M1
 *   writes one object per line (vLLM hunyuan_a13b, jamba, apriel, minimax).
 * - Nemotron `<TOOLCALL>[…]</TOOLCALL>` (vLLM nemotron_json, llama.cpp).
 * - InternLM2 `<|action_start|><|plugin|>{"name", "parameters"}<|action_end|>` (vLLM internlm2).
 * - Granite 3 `<|tool_call|>[…]` to the end; Granite 20B `<function_call> {…}`
 *   repeated, no closer (vLLM granite, granite_20b_fc).
 * - Apertus `<|tools_prefix|>[{"name": {args}}]<|tools_suffix|>` (llama.cpp apertus).
 * - GigaChat 3 `<|message_sep|>\n\nfunction call<|role_sep|>\n{…}` (llama.cpp gigachat-v3),
 *   the header alone, and `<|function_call|>{"name", "arguments"}`, then maybe `</s>` (vLLM gigachat3).
 * - Command R7B `<|START_ACTION|>[{"tool_name", "parameters"}]<|END_ACTION|>` (vLLM cohere_command, llama.cpp).
 * - Phi-4-mini and FireFunction `functools[…]` (vLLM phi4mini, llama.cpp firefunction).
 * - LM Studio `[TOOL_REQUEST]{…}[END_TOOL_REQUEST]`; `<tool>{…}</tool>`.
 * - Hermes 2 Pro's lenient wrappers `<tools>`, `<response>`, `<json>`, `<JSON>`,
 *   `<xml>` (llama.cpp hermes 2 pro parser): weak, so only call objects naming
 *   offered tools count (the fences are in xml-formats.ts, `<function_call>` is
 *   Granite 20B's row).
 */
import type { CallFormat, ReadContext, TextToolCall } from './call-format.js';
import { callFromObject, callWithArgs, failed, HOW_TO, readJsonCalls, unfence } from './scan.js';
import { always, anyVerdict, headMatches, jsonStart, weakJson } from './verdicts.js';

/** A row whose body is JSON call objects between `open` and `close`. */
function jsonRow(id: string, families: CallFormat['families'], open: string, close: string | undefined): CallFormat {
  const closers = close === undefined ? 'end' : [close];
  return {
    id,
    families,
    open: [open],
    ...(close === undefined ? {} : { closers: [close] }),
    accept: (after, ended) => jsonStart(after, ended, closers),
    read: (body, ctx) => readJsonCalls(unfence(body), open, ctx),
  };
}

/** Hermes 2 Pro's looser wrappers: call objects naming offered tools, nothing else. */
function weakRow(open: string, close: string): CallFormat {
  return {
    id: `hermes-${open}`,
    families: ['hermes'],
    open: [open],
    weak: true,
    accept: (after, ended, _opener, ctx) => weakJson(after, ended, ctx, close),
    read: (body, ctx) => readJsonCalls(unfence(body), open, ctx),
  };
}

/** GigaChat 3's function-call header. */
const GIGACHAT_HEADER = 'function call<|role_sep|>';

/** Apertus writes each call as `{"tool_name": {arguments}}`. */
function apertusCall(value: unknown, ctx: ReadContext): TextToolCall {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.length === 1 && !('name' in value)) return callWithArgs(entries[0]![0], entries[0]![1], ctx);
  }
  return callFromObject(value, ctx);
}

/** The JSON-wrapped families, one row each. */
export const JSON_FORMATS: readonly CallFormat[] = [
  jsonRow('tool-calls-json', ['tool-calls-json'], '<tool_calls>', '</tool_calls>'),
  jsonRow('nemotron', ['nemotron'], '<TOOLCALL>', '</TOOLCALL>'),
  jsonRow('internlm2', ['internlm2'], '<|action_start|><|plugin|>', '<|action_end|>'),
  jsonRow('granite', ['granite'], '<|tool_call|>', undefined),
  jsonRow('granite-20b', ['granite', 'hermes'], '<function_call>', '</function_call>'),
  jsonRow('command-r7b', ['command-r'], '<|START_ACTION|>', '<|END_ACTION|>'),
  jsonRow('lmstudio', ['lmstudio'], '[TOOL_REQUEST]', '[END_TOOL_REQUEST]'),
  jsonRow('tool-tag', ['tool-tag'], '<tool>', '</tool>'),
  {
    id: 'apertus',
    families: ['apertus'],
    open: ['<|tools_prefix|>'],
    accept: always(['<|tools_suffix|>']),
    read: (body, ctx) => readJsonCalls(body, '<|tools_prefix|>', ctx, apertusCall),
  },
  {
    id: 'gigachat3',
    families: ['gigachat3'],
    // vLLM gigachat3 also takes the header without <|message_sep|>, and `<|function_call|>`.
    open: ['<|message_sep|>', GIGACHAT_HEADER, '<|function_call|>'],
    accept: (after, ended, opener) =>
      opener === '<|message_sep|>' ? headMatches(after, ended, /^\s*function call<\|role_sep\|>/, { close: 'end' }) : { close: 'end' },
    read: (body, ctx) => {
      const json = body.replace(/^\s*function call<\|role_sep\|>/, '');
      const read = readJsonCalls(json, 'the GigaChat function call', ctx);
      // The end-of-sequence token a raw server leaves after the call (vLLM strips it too).
      const eos = /^\s*<\/s>/.exec(json.slice(read.used ?? 0))?.[0].length ?? 0;
      return { calls: read.calls, used: body.length - json.length + (read.used ?? 0) + eos };
    },
  },
  {
    id: 'functools',
    families: ['functools'],
    open: ['functools'],
    weak: true,
    accept: (after, ended, _opener, ctx) => (/^\s*\[/.test(after) || (!ended && after.trim() === '') ? weakJson(after, ended, ctx, undefined) : false),
    read: (body, ctx) => readJsonCalls(body, 'functools[…]', ctx),
  },
  weakRow('<tools>', '</tools>'),
  weakRow('<response>', '</response>'),
  weakRow('<json>', '</json>'),
  weakRow('<JSON>', '</JSON>'),
  weakRow('<xml>', '</xml>'),
  {
    id: 'tool-code',
    families: ['tool-code', 'tool-tag'],
    open: ['<tool_code>'],
    closers: ['</tool_code>'],
    accept: (after, ended) => anyVerdict(headMatches(after, ended, /^\s*<name>/, { close: ['</tool_code>'] }), jsonStart(after, ended, ['</tool_code>'])),
    read: (body, ctx) => ({ calls: readToolCode(body, ctx) }),
  },
];

/** `<tool_code><name>…</name><parameters>{…}</parameters></tool_code>` or JSON. */
function readToolCode(body: string, ctx: ReadContext): TextToolCall[] {
  const name = /<name>([\s\S]*?)<\/name>/.exec(body)?.[1]?.trim();
  if (name !== undefined) {
    const params = /<parameters>([\s\S]*?)(?:<\/parameters>|$)/.exec(body)?.[1]?.trim();
    return [callWithArgs(name, params === undefined || params === '' ? undefined : params, ctx)];
  }
  if (/^\s*[{[]/.test(body)) return readJsonCalls(body.trim(), '<tool_code>', ctx).calls;
  return [failed('', `Could not read the call in <tool_code>. ${HOW_TO}`, body.trim())];
}
