/**
 * The table-driven harness for call formats: each case is a reply as one
 * family's model writes it, run through the reasoning splitter, the streaming
 * filter and the parser exactly as the loop does, whole, one character at a
 * time, and in seeded random pieces. Every run must show no markup, end with
 * the expected answer text and the expected calls; and every truncation of
 * the reply (a model cut off anywhere) must show exactly the text the parser
 * keeps, never markup and never a crash.
 */
import { expect } from 'chai';
import { parseTextToolCalls, type TextCallOptions } from '../../../src/model/text-call-parser.js';
import { TextCallFilter } from '../../../src/model/text-call-filter.js';
import { ThinkSplitter } from '../../../src/model/think-splitter.js';
import type { ToolShape } from '../../../src/model/call-formats/call-format.js';
import type { ToolFormat } from '../../../src/types.js';

/** The tools every case may call. */
export const TOOLS: ToolShape[] = [
  { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] } },
  { name: 'get_time', parameters: { type: 'object', properties: { tz: { type: 'string' } } } },
  {
    name: 'search',
    parameters: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'number' }, exact: { type: 'boolean' }, tags: { type: 'array' } } },
  },
  { name: 'write_file', parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } } },
  {
    // Every kind of schema a text-written value is typed by (text-values.ts).
    name: 'lookup',
    parameters: {
      type: 'object',
      properties: {
        ref: { type: 'string' },
        n: { type: 'integer' },
        ratio: { type: 'number' },
        flag: { type: 'boolean' },
        opts: { type: 'object' },
        ids: { type: 'array', items: { type: 'integer' } },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        level: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
        free: { description: 'no type' },
      },
    },
  },
  { name: 'special_function', parameters: { type: 'object', properties: { arg1: { type: 'integer' } } } },
  // A tool offered with no schema at all.
  { name: 'ping' },
  // Type names vLLM's converters accept besides JSON Schema's.
  { name: 'legacy', parameters: { type: 'object', properties: { count: { type: 'int' }, code: { type: 'str' }, ok: { type: 'bool' } } } },
];

/** An expected call: its arguments, or a pattern its error must match. */
export type ExpectedCall = { name: string; args: unknown } | { name: string; error: RegExp };

/** One reply and what it must come to. */
export interface FormatCase {
  /** What the case shows, for the test name. */
  what: string;
  /** The reply as the model writes it. */
  reply: string;
  /** The answer text the user must end up with (compared with whitespace runs collapsed). */
  text: string;
  calls: ExpectedCall[];
  /** Strings that must never be shown (default: none beyond the family's markers). */
  hidden?: string[];
  /** Reasoning the template opened in the prompt: its text streams before the closer is seen. */
  unopenedReasoning?: true;
  /** Run without the tools list (the caller did not pass it). */
  noTools?: true;
  /** The reasoning the run must hand out as thinking (compared with whitespace runs collapsed). */
  thinking?: string;
}

/** A family's cases, with the markers that must never reach the user. */
export interface FormatSuite {
  family: string;
  /** Where the format was learned. */
  learned: string;
  hint: ToolFormat;
  markers: string[];
  cases: FormatCase[];
}

/** What one streamed run came to. */
interface Run {
  shown: string;
  thinking: string;
  text: string;
  calls: unknown[];
}

/** Streams `pieces` through the splitter, filter and parser, as the loop does. */
export function runPieces(pieces: string[], options: TextCallOptions): Run {
  const splitter = new ThinkSplitter();
  const filter = new TextCallFilter(options);
  let content = '';
  let shown = '';
  let thinking = '';
  const feed = (split: { text: string; thinking: string }) => {
    thinking += split.thinking;
    content += split.text;
    shown += filter.push(split.text);
    thinking += filter.takeThinking();
  };
  for (const p of pieces) feed(splitter.push(p));
  feed(splitter.flush());
  shown += filter.flush();
  const parsed = parseTextToolCalls(content, options);
  return { shown, thinking, text: parsed.text, calls: parsed.calls };
}

/** A seeded generator (mulberry32), so a failing chunking can be replayed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `text` cut into pieces of 1 to 12 characters, chosen by `random`. */
export function randomPieces(text: string, random: () => number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; ) {
    const n = 1 + Math.floor(random() * 12);
    pieces.push(text.slice(i, i + n));
    i += n;
  }
  return pieces;
}

/** Whitespace runs collapsed, ends trimmed: layout differs between streamed and final text. */
export function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function checkCalls(actual: unknown[], expected: ExpectedCall[], label: string): void {
  expect(actual, `${label}: number of calls`).to.have.length(expected.length);
  expected.forEach((want, i) => {
    const got = actual[i] as { name: string; args: unknown; error?: string };
    expect(got.name, `${label}: name of call ${i}`).to.equal(want.name);
    if ('error' in want) {
      expect(got.error, `${label}: error of call ${i}`).to.be.a('string').and.match(want.error);
    } else {
      expect(got.error, `${label}: call ${i} should have no error`).to.equal(undefined);
      expect(got.args, `${label}: args of call ${i}`).to.deep.equal(want.args);
    }
  });
}

/** The chunkings every case runs through: whole, one character at a time, and three seeded random ones. */
function chunkings(reply: string): Array<[string, string[]]> {
  const out: Array<[string, string[]]> = [
    ['whole', [reply]],
    ['1-char', [...reply]],
  ];
  for (const seed of [1, 2, 3]) out.push([`random seed ${seed}`, randomPieces(reply, seeded(seed))]);
  return out;
}

/** Every suite registered so far, for tests that sweep all samples. */
export const SUITES: FormatSuite[] = [];

/** Registers the suite's tests: one per case and chunking, and one with the family hint. */
export function describeFormat(suite: FormatSuite): void {
  SUITES.push(suite);
  describe(`${suite.family} (learned from ${suite.learned})`, () => {
    for (const c of suite.cases) {
      const options: TextCallOptions = c.noTools ? {} : { tools: TOOLS };
      for (const [how, pieces] of chunkings(c.reply)) {
        it(`${c.what} — ${how}`, () => {
          const run = runPieces(pieces, options);
          checkCalls(run.calls, c.calls, how);
          expect(squash(run.text), `${how}: final text`).to.equal(squash(c.text));
          // Markers the answer itself quotes (look-alike prose) are allowed there.
          for (const m of [...suite.markers, ...(c.hidden ?? [])].filter((x) => !c.text.includes(x))) {
            expect(run.shown, `${how}: shown text holds ${m}`).to.not.contain(m);
          }
          if (!c.unopenedReasoning) expect(squash(run.shown), `${how}: shown text`).to.equal(squash(c.text));
          if (c.thinking !== undefined) expect(squash(run.thinking), `${how}: thinking`).to.equal(squash(c.thinking));
        });
      }
      it(`${c.what} — every truncation, streamed a character at a time, shows what the parser keeps`, () => {
        if (c.unopenedReasoning) return;
        for (let end = 0; end <= c.reply.length; end++) {
          const run = runPieces([...c.reply.slice(0, end)], options);
          expect(squash(run.shown), `cut at ${end}`).to.equal(squash(run.text));
        }
      });
      it(`${c.what} — with the ${suite.hint} hint`, () => {
        const run = runPieces([c.reply], { ...options, format: suite.hint });
        checkCalls(run.calls, c.calls, 'hint');
        expect(squash(run.text)).to.equal(squash(c.text));
      });
    }
  });
}
