/**
 * Families whose calls sit between special tokens, plus the stray tokens a
 * raw server leaves in the text. Learned from:
 *
 * - Kimi K2 `<|tool_calls_section_begin|><|tool_call_begin|>functions.name:0
 *   <|tool_call_argument_begin|>{…}<|tool_call_end|><|tool_calls_section_end|>`
 *   (vLLM kimi_k2, llama.cpp kimi-k2: the name is between `functions.` and `:index`).
 * - DeepSeek V3 / R1 `<｜tool▁call▁begin｜>function<｜tool▁sep｜>name\n```json\n{…}\n```<｜tool▁call▁end｜>`
 *   and V3.1 `<｜tool▁call▁begin｜>name<｜tool▁sep｜>{…}<｜tool▁call▁end｜>`, inside
 *   `<｜tool▁calls▁begin｜>…<｜tool▁calls▁end｜>` (vLLM deepseekv3, deepseekv31; llama.cpp
 *   also accepts the R1 spellings with `_` or spaces, the older `<｜tool▁calls｜>` opener,
 *   a first call without `<｜tool▁call▁begin｜>`, and arguments fenced in ```json in either form).
 * - Gemma 4 `<|tool_call>call:name{key:<|"|>text<|"|>,n:3}<tool_call|>` (llama.cpp gemma4).
 * - Mistral `[TOOL_CALLS][{…}]` (v0.3), `[TOOL_CALLS]name{…}` and `name[ARGS]{…}` (v11+) (vLLM mistral);
 *   a `[/TOOL_CALLS]` after the list (Ollama's templates) is a stray token.
 * - Functionary v3.2 `>>>name\n{…}` and `>>>all\ntext` (llama.cpp functionary-v3-2).
 * - Command R `Action: ```json [{"tool_name", "parameters"}] ``` ` (Cohere template).
 */
import { scanJsonEnd, tryParseJson } from '../json-scanner.js';
import type { CallFormat, ReadContext, TextToolCall } from './call-format.js';
import { callFromArgsText, failed, HOW_TO, readJsonCalls, unfence, unknownName } from './scan.js';
import { noteRepair } from './repair-notes.js';
import { always, headMatches, LOOKAHEAD, weakJson } from './verdicts.js';

function readKimi(body: string, ctx: ReadContext): TextToolCall[] {
  const calls: TextToolCall[] = [];
  for (const part of body.split('<|tool_call_begin|>').slice(1)) {
    const [id = '', rest = ''] = part.split('<|tool_call_argument_begin|>');
    const end = rest.indexOf('<|tool_call_end|>');
    const args = end === -1 ? rest : rest.slice(0, end);
    const name = /^\s*(?:functions\.)?([^:\s]+?)(?::\d+)?\s*$/.exec(id)?.[1] ?? id.trim();
    calls.push(callFromArgsText(/^\d+$/.test(name) ? (toolOfArgs(args, ctx) ?? name) : name, args, ctx));
  }
  if (calls.length === 0 && body.includes('<|tool_call_argument_begin|>')) calls.push(...readKimi(`<|tool_call_begin|>${body}`, ctx));
  return calls.length > 0 ? calls : [failed('', `The tool-call section held no call. ${HOW_TO}`, body.trim())];
}

/**
 * Kimi K2 may write only the call's index as its id (`<|tool_call_begin|>0`):
 * the tool is the one offered, or the one offered tool whose parameters take
 * every argument given (vLLM kimi_k2 infers it so); else none.
 */
function toolOfArgs(argsText: string, ctx: ReadContext): string | undefined {
  if (!ctx.tools) return undefined;
  const parsed = tryParseJson(argsText.trim());
  const keys = parsed.ok && typeof parsed.value === 'object' && parsed.value !== null ? Object.keys(parsed.value) : [];
  const fits = [...ctx.tools.values()].filter((t) => {
    const props = t.parameters?.properties;
    return typeof props === 'object' && props !== null && keys.every((k) => Object.hasOwn(props, k));
  });
  const tool = ctx.tools.size === 1 ? [...ctx.tools.keys()][0] : fits.length === 1 ? fits[0]!.name : undefined;
  if (tool !== undefined) noteRepair('a call written by its index alone: the tool told by its arguments');
  return tool;
}

// The fullwidth ｜ of DeepSeek's tokenizer, or the ASCII | some converted templates write (Ollama's tests).
const DS_CALL = /<[｜|]tool[▁_ ]call[▁_ ]begin[｜|]>/;
const DS_SEP = /<[｜|]tool[▁_ ]sep[｜|]>/;
const DS_CALL_END = /<[｜|]tool[▁_ ]call[▁_ ]end[｜|]>/;

function readDeepSeek(body: string, ctx: ReadContext): TextToolCall[] {
  const calls: TextToolCall[] = [];
  const parts = body.split(DS_CALL);
  // R1's older template writes the first call without <｜tool▁call▁begin｜> (llama.cpp deepseek-r1).
  if (!DS_SEP.test(parts[0]!)) parts.shift();
  for (const raw of parts) {
    const part = raw.split(DS_CALL_END)[0]!;
    const sep = DS_SEP.exec(part);
    if (!sep) {
      calls.push(failed('', `The call has no <｜tool▁sep｜>. ${HOW_TO}`, part.trim()));
      continue;
    }
    const before = part.slice(0, sep.index).trim();
    const after = part.slice(sep.index + sep[0].length);
    if (before === 'function' || before === '') {
      // V3 / R1: the name, a newline, then the arguments in a ```json fence.
      const nl = after.search(/\n|```|\{/);
      const name = (nl === -1 ? after : after.slice(0, nl)).trim();
      calls.push(callFromArgsText(name, unfence(nl === -1 ? '' : after.slice(nl)), ctx));
    } else {
      calls.push(callFromArgsText(before, unfence(after), ctx));
    }
  }
  return calls.length > 0 ? calls : [failed('', `The tool-call block held no call. ${HOW_TO}`, body.trim())];
}

/** Gemma 4's argument syntax: JSON with bare keys and `<|"|>` around strings. */
function gemmaToJson(text: string): string | undefined {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text.startsWith('<|"|>', i)) {
      const end = text.indexOf('<|"|>', i + 5);
      if (end === -1) return undefined;
      out += JSON.stringify(text.slice(i + 5, end));
      i = end + 5;
      continue;
    }
    const key = /^([{,]\s*)([^:{}\[\],"<\s][^:{}\[\],"<]*?)\s*:/.exec(text.slice(i));
    if (key) {
      out += `${key[1]}${JSON.stringify(key[2]!.trim())}:`;
      i += key[0].length;
      continue;
    }
    out += text[i];
    i++;
  }
  return out;
}

function readGemma(body: string, ctx: ReadContext): TextToolCall[] {
  const m = /^\s*call:([^{\s]+)\s*/.exec(body);
  if (!m) return [failed('', `Could not read the call after <|tool_call>: write call:name{…}. ${HOW_TO}`, body.trim())];
  const name = m[1]!;
  const argsText = body.slice(m[0].length).trim();
  const json = argsText === '' ? '{}' : gemmaToJson(argsText);
  const parsed = json === undefined ? undefined : tryParseJson(json);
  if (!parsed?.ok) return [failed(name, `The arguments of "${name}" could not be read. ${HOW_TO}`, argsText)];
  return [unknownName(name, ctx) ?? { name, args: parsed.value, argsText: JSON.stringify(parsed.value) }];
}

/** `[TOOL_CALLS]` followed by an array, an object, or `name{…}` / `name[ARGS]{…}`. */
function readMistral(body: string, ctx: ReadContext): { calls: TextToolCall[]; used: number } {
  const lead = body.length - body.trimStart().length;
  if (body[lead] === '[' || body[lead] === '{') {
    const read = readJsonCalls(body.slice(lead), '[TOOL_CALLS]', ctx);
    return { calls: read.calls, used: lead + (read.used ?? 0) };
  }
  const head = /^\s*([A-Za-z0-9_.-]+)\s*(?:\[CALL_ID\][A-Za-z0-9_-]*\s*)?(?:\[ARGS\]\s*)?/.exec(body);
  if (!head || body[head[0].length] !== '{') return { calls: [failed(head?.[1] ?? '', `Could not read the call after [TOOL_CALLS]. ${HOW_TO}`, body.trim())], used: body.length };
  const name = head[1]!;
  const start = head[0].length;
  const end = scanJsonEnd(body, start);
  if (end === -1) return { calls: [failed(name, `The arguments of "${name}" are cut off or unbalanced JSON. ${HOW_TO}`, body.slice(start))], used: body.length };
  return { calls: [callFromArgsText(name, body.slice(start, end), ctx)], used: end };
}

/** Functionary v3.2: `name\n{json}` after `>>>` (the `>>>all\n` text header is a token row). */
function readFunctionary(body: string, ctx: ReadContext): { calls: TextToolCall[]; used: number } {
  const m = /^([\w.\-]+)\n/.exec(body)!;
  const end = scanJsonEnd(body, m[0].length);
  if (end === -1) return { calls: [failed(m[1]!, `The arguments of "${m[1]}" are cut off or unbalanced JSON. ${HOW_TO}`, body.slice(m[0].length))], used: body.length };
  return { calls: [callFromArgsText(m[1]!, body.slice(m[0].length, end), ctx)], used: end };
}

/** The special-token families, one row each. */
export const TOKEN_FORMATS: readonly CallFormat[] = [
  {
    id: 'kimi-k2',
    families: ['kimi-k2'],
    open: ['<|tool_calls_section_begin|>', '<|tool_call_begin|>'],
    accept: (_after, _ended, opener) => ({ close: opener === '<|tool_call_begin|>' ? ['<|tool_call_end|>'] : ['<|tool_calls_section_end|>'] }),
    read: (body, ctx, _closed, opener) => ({ calls: readKimi(opener === '<|tool_call_begin|>' ? `<|tool_call_begin|>${body}` : body, ctx) }),
  },
  {
    id: 'deepseek',
    families: ['deepseek'],
    // `<｜tool▁calls｜>`: R1's older template outputs (llama.cpp deepseek-r1 accepts it too); `<|…|>`: ASCII pipes.
    open: ['<｜tool▁calls▁begin｜>', '<｜tool_calls_begin｜>', '<｜tool calls begin｜>', '<｜tool▁calls｜>', '<|tool▁calls▁begin|>'],
    accept: always(['<｜tool▁calls▁end｜>', '<｜tool_calls_end｜>', '<｜tool calls end｜>', '<|tool▁calls▁end|>']),
    read: (body, ctx) => ({ calls: readDeepSeek(body, ctx) }),
  },
  {
    id: 'gemma4',
    families: ['gemma4'],
    open: ['<|tool_call>'],
    accept: always(['<tool_call|>']),
    read: (body, ctx) => ({ calls: readGemma(body, ctx) }),
  },
  {
    id: 'mistral',
    families: ['mistral'],
    open: ['[TOOL_CALLS]'],
    accept: (after, ended) => headMatches(after, ended, /^\s*(?:[[{]|[\w.\-]+\s*(?:\[CALL_ID\][\w-]*\s*)?(?:\[ARGS\]\s*)?\{)/, { close: 'end' }),
    read: (body, ctx) => readMistral(body, ctx),
  },
  {
    id: 'functionary-v3.2',
    families: ['functionary'],
    open: ['>>>'],
    weak: true,
    accept: (after, ended, _opener, ctx) => {
      if (/^all\n/.test(after)) return { close: 'none', header: 4 };
      if (!ended && 'all\n'.startsWith(after)) return undefined;
      const head = /^([\w.\-]+)\n/.exec(after.slice(0, LOOKAHEAD));
      if (!head) return !ended && /^[\w.\-]*$/.test(after) && after.length < LOOKAHEAD ? undefined : false;
      if (ctx.tools && !ctx.tools.has(head[1]!)) return false;
      const rest = after.slice(head[0].length);
      if (rest === '') return ended ? false : undefined;
      return rest[0] === '{' ? { close: 'end' } : false;
    },
    read: (body, ctx) => readFunctionary(body, ctx),
  },
  {
    id: 'command-r',
    families: ['command-r'],
    open: ['Action: ```json', 'Action:```json', 'Action:\n```json'],
    accept: always(['```']),
    read: (body, ctx) => readJsonCalls(body, 'Action: ```json', ctx),
  },
  {
    id: 'fenced-json',
    families: ['fenced-json', 'hermes'],
    open: ['```json'],
    weak: true,
    accept: (after, ended, _opener, ctx) => weakJson(after, ended, ctx, '```'),
    read: (body, ctx) => readJsonCalls(body, 'the ```json block', ctx),
  },
  {
    // Any other code fence is answer text: markup shown in it is an example, not a call.
    id: 'code-fence',
    families: [],
    open: ['```'],
    weak: true,
    accept: (after, ended) => headMatches(after, ended, /^[\w+#.-]*[ \t]*\r?\n/, { close: ['```'], keep: true }),
    read: () => ({ calls: [] }),
  },
];

