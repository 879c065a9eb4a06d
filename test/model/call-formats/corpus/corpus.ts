/**
 * The outside corpus: replies taken from the reference parsers' own tests
 * (llama.cpp `tests/test-chat.cpp`, vLLM `tests/tool_parsers/`, Ollama
 * `tools/tools_test.go` and `model/parsers/`), each with the tools its source
 * offered and what its source expects, run the way a reply reaches a user:
 * the stream assembler's reasoning splitter, the reply's reasoning watch and
 * the call-markup filter (as `ToolCallingModel` wires them), then the parser
 * on the whole text.
 *
 * A case passes when, at every chunking (whole, one character at a time,
 * three seeded random cuttings), the calls and the answer text are the
 * source's, the answer the stream leaves on screen is the parser's, and no
 * markup of the reply was ever shown, not even for a moment before a
 * retraction ("markup shown"). Where pageloop decided otherwise than the
 * source, the case says so in `decision` and expects pageloop's reading;
 * such a case counts against the agreement rate.
 */
import { readTextToolCalls, type TextCallOptions } from '../../../../src/model/text-call-parser.js';
import { TextCallFilter } from '../../../../src/model/text-call-filter.js';
import { ReplyReasoning, type ReplyPiece } from '../../../../src/model/reply-reasoning.js';
import { ThinkSplitter } from '../../../../src/model/think-splitter.js';
import type { ToolShape } from '../../../../src/model/call-formats/call-format.js';
import type { ToolFormat } from '../../../../src/types.js';
import { randomPieces, seeded, squash, type ExpectedCall } from '../harness.js';

/** One reply from a reference parser's tests. */
export interface CorpusCase {
  /** Where it was taken from: repository, file, and the test or template. */
  source: string;
  /** The reply as the model wrote it (the text after the prompt). */
  reply: string;
  /** The tools the source offered; absent: the source passed none (its parser did not check names). */
  tools?: readonly ToolShape[];
  /** The answer text the source expects (compared with whitespace runs collapsed); default empty. */
  text?: string;
  /** The reasoning the source expects, when it says. */
  thinking?: string;
  calls: ExpectedCall[];
  /** The chat template opened reasoning in the prompt: the reply also runs as the model's later replies do, read as opened. */
  opened?: true;
  /**
   * A reply with no reasoning closer to learn from: the answer text of the
   * model's first reply, before pageloop has learned that its template opens
   * reasoning (read as opened, the case expects `text` and `thinking`).
   */
  firstReplyText?: string;
  /** The family the source's template fixes, when its reading depends on it. */
  hint?: ToolFormat;
  /** Where pageloop reads it otherwise than the source, and why: the case then expects pageloop's reading. */
  decision?: string;
}

/** What one case came to. */
export interface CaseResult {
  failures: string[];
  /** Markup of the reply appeared in the answer while streaming, at some chunking. */
  markupShown: boolean;
}

/** Strings of the reply that are markup: special tokens, tags and bracket tokens, and JSON call keys. */
const MARKUP = /<[|｜][^<>\s]{1,40}[|｜]>|<\/?[A-Za-z_][\w:.\-｜|]*(?:[=\s][^<>]{0,60})?>|\[[A-Z_]{3,}\]|"(?:arguments|parameters|tool_name)"\s*:/g;

/** The markup strings of `reply` that the expected answer does not itself contain. */
export function markersOf(c: CorpusCase): string[] {
  const found = new Set(c.reply.match(MARKUP) ?? []);
  return [...found].filter((m) => !(c.text ?? '').includes(m.trim()));
}

/** One streamed run, the way the loop sees a reply. */
interface Run {
  /** The answer on screen at the end, retractions applied. */
  shown: string;
  /** Every piece of answer text ever shown, retracted or not. */
  flashed: string;
  thinking: string;
  text: string;
  calls: unknown[];
}

function apply(pieces: ReplyPiece[], run: Run): void {
  for (const p of pieces) {
    if (p.type === 'text') {
      run.shown += p.delta;
      run.flashed += p.delta;
    } else if (p.type === 'thinking') run.thinking += p.delta;
    else if (p.field === 'text') run.shown = run.shown.slice(0, run.shown.length - p.text.length);
    else run.thinking = run.thinking.slice(0, run.thinking.length - p.text.length);
  }
}

/** Streams `pieces` through the splitter, the reasoning watch, the filter and the parser. */
export function streamReply(pieces: string[], options: TextCallOptions, opened: boolean): Run {
  const splitter = new ThinkSplitter();
  const reasoning = new ReplyReasoning(() => new TextCallFilter(options), opened);
  const run: Run = { shown: '', flashed: '', thinking: '', text: '', calls: [] };
  let content = '';
  const feed = (split: { text: string; thinking: string }) => {
    if (split.thinking) apply(reasoning.thinking(split.thinking), run);
    if (split.text) {
      content += split.text;
      apply(reasoning.text(split.text), run);
    }
  };
  for (const p of pieces) feed(splitter.push(p));
  feed(splitter.flush());
  apply(reasoning.finish(), run);
  const parsed = readTextToolCalls(content, reasoning.opened ? { ...options, opened: true } : options);
  return { ...run, text: parsed.text.trim(), calls: parsed.calls };
}

/** Equal as JSON values, whatever the order of object keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function callFailures(actual: unknown[], expected: ExpectedCall[]): string[] {
  if (actual.length !== expected.length) return [`${actual.length} calls, expected ${expected.length}: ${JSON.stringify(actual)}`];
  const out: string[] = [];
  expected.forEach((want, i) => {
    const got = actual[i] as { name: string; args: unknown; error?: string };
    if (got.name !== want.name) out.push(`call ${i} is ${got.name}, expected ${want.name}`);
    else if ('error' in want) {
      if (typeof got.error !== 'string' || !want.error.test(got.error)) out.push(`call ${i} should fail with ${want.error}, got ${JSON.stringify(got)}`);
    } else if (got.error !== undefined) out.push(`call ${i} failed: ${got.error}`);
    else if (!sameJson(got.args, want.args)) out.push(`call ${i} args ${JSON.stringify(got.args)}, expected ${JSON.stringify(want.args)}`);
  });
  return out;
}

/** Runs one case at every chunking (and, for a template that opens reasoning, read as opened too). */
export function runCase(c: CorpusCase): CaseResult {
  const options: TextCallOptions = { ...(c.tools ? { tools: c.tools } : {}), ...(c.hint ? { format: c.hint } : {}) };
  const markers = markersOf(c);
  const chunkings: Array<[string, string[]]> = [
    ['whole', [c.reply]],
    ['1-char', [...c.reply]],
    ...[1, 2, 3].map((seed): [string, string[]] => [`random ${seed}`, randomPieces(c.reply, seeded(seed))]),
  ];
  const failures: string[] = [];
  let markupShown = false;
  for (const opened of c.opened ? [false, true] : [false]) {
    for (const [how, pieces] of chunkings) {
      const label = `${how}${opened ? ', read as opened' : ''}`;
      const run = streamReply(pieces, options, opened);
      for (const f of callFailures(run.calls, c.calls)) failures.push(`${label}: ${f}`);
      const text = !opened && c.firstReplyText !== undefined ? c.firstReplyText : (c.text ?? '');
      if (squash(run.text) !== squash(text)) failures.push(`${label}: text ${JSON.stringify(run.text)}, expected ${JSON.stringify(text)}`);
      if (squash(run.shown) !== squash(run.text)) failures.push(`${label}: the stream left ${JSON.stringify(run.shown)} on screen, the parser kept ${JSON.stringify(run.text)}`);
      if (c.thinking !== undefined && (opened || c.firstReplyText === undefined) && squash(run.thinking) !== squash(c.thinking)) failures.push(`${label}: thinking ${JSON.stringify(run.thinking)}, expected ${JSON.stringify(c.thinking)}`);
      const shown = markers.filter((m) => run.flashed.includes(m));
      if (shown.length > 0) {
        markupShown = true;
        failures.push(`${label}: markup shown while streaming: ${shown.join(' ')}`);
      }
    }
  }
  return { failures: [...new Set(failures)], markupShown };
}
