/**
 * Splits reasoning out of streamed content. Reasoning models served without
 * a reasoning parser (DeepSeek-R1 distills, Qwen3, QwQ, Magistral, Seed-OSS,
 * gpt-oss on llama.cpp or Ollama's older builds) write their thoughts into
 * `content` between tags; shown as answer text they would drown the answer,
 * and a call written while thinking is a thought, not an action.
 *
 * The tags, by family (each from its chat template):
 * `<think>…</think>` (DeepSeek-R1, Qwen3, GLM, MiniMax, Kimi, LFM2),
 * `<thinking>…</thinking>` (ReAct-style prompts, Claude-style fine-tunes),
 * `<|thought_start|>…<|thought_end|>` (MiniCPM3 / MiniCPM4),
 * `[THINK]…[/THINK]` (Magistral), `<seed:think>…</seed:think>` (Seed-OSS),
 * `<|START_THINKING|>…<|END_THINKING|>` (Command R7B / A),
 * `<|inner_prefix|>…<|inner_suffix|>` (Apertus), `<|channel>thought…<channel|>`
 * (Gemma 4), `<|channel|>analysis<|message|>…<|end|>` (gpt-oss harmony).
 *
 * Only blocks at the start of the reply (after optional whitespace, one after
 * another) count as thinking: a `<think>` later in an answer is the model
 * talking about the tag. Text streams as it arrives; the most held back is a
 * possible partial tag.
 *
 * Kimi K2 thinking may open its tool-call section without closing `<think>`
 * (`<think>I need two calls<|tool_calls_section_begin|>…`), or write a call's
 * own `<|tool_call_begin|>` with no section around it: either special token
 * ends the reasoning and the calls are read (llama.cpp kimi-k2 allows calls
 * in reasoning). Only those tokens do: any other call written while thinking
 * stays a thought.
 */

/**
 * Reasoning written between an opening and a closing tag, and the closer of
 * each: the one table of them (the mid-reply reasoning format in
 * call-formats/harmony.ts reads it too).
 */
export const REASONING_TAGS: ReadonlyArray<readonly [open: string, close: string]> = [
  ['<think>', '</think>'],
  ['<thinking>', '</thinking>'],
  ['<|thought_start|>', '<|thought_end|>'],
  ['[THINK]', '[/THINK]'],
  ['<seed:think>', '</seed:think>'],
  ['<|START_THINKING|>', '<|END_THINKING|>'],
  ['<|inner_prefix|>', '<|inner_suffix|>'],
  ['<|channel>thought', '<channel|>'],
];

/** Reasoning openers and the closer of each: the tags, and gpt-oss's analysis channel (a channel, not a tag, so call-formats/harmony.ts reads it its own way). */
const TAGS: ReadonlyArray<readonly [open: string, close: string]> = [
  ...REASONING_TAGS,
  ['<|channel|>analysis<|message|>', '<|end|>'],
  ['<|start|>assistant<|channel|>analysis<|message|>', '<|end|>'],
];

/** Kimi K2's tool-call section and call tokens: they end unclosed `<think>` reasoning. */
const SECTIONS = ['<|tool_calls_section_begin|>', '<|tool_call_begin|>'];

/** What one piece of content came to. */
export interface ThinkSplit {
  text: string;
  thinking: string;
}

/**
 * Feeds content deltas, gets back answer text and thinking.
 *
 * @example
 * const s = new ThinkSplitter();
 * s.push('<thi');            // → { text: '', thinking: '' } (could be a tag)
 * s.push('nk>hmm</think> Hi'); // → { text: 'Hi', thinking: 'hmm' }
 */
export class ThinkSplitter {
  /** `start`: reasoning may open here; an object: inside reasoning, waiting for one of those closers. */
  #state: 'start' | 'text' | { close: readonly string[] };
  #held = '';
  /** A reasoning block has closed: whitespace before the answer is layout. */
  #thought = false;

  /**
   * `opened`: the chat template already wrote `<think>` into the prompt
   * (DeepSeek-R1, Qwen3 thinking), so the reply starts inside reasoning and
   * its first `</think>` ends it; or the closers that may end it, for a
   * template that opens another tag (`<|START_THINKING|>`, `[THINK]`…).
   * Without it, such a reply's reasoning is only known to be reasoning when
   * its closer arrives; the parser then drops it from the final text, but
   * what streamed before was shown.
   */
  constructor(options: { opened?: boolean | readonly string[] } = {}) {
    const opened = options.opened;
    this.#state = opened ? { close: opened === true ? ['</think>'] : opened } : 'start';
  }

  /** Inside reasoning now: its closer has not arrived yet. */
  get inside(): boolean {
    return typeof this.#state === 'object';
  }

  /** Feeds one content delta. */
  push(delta: string): ThinkSplit {
    const out: ThinkSplit = { text: '', thinking: '' };
    let rest = this.#held + delta;
    this.#held = '';
    while (rest !== '') {
      const state = this.#state;
      if (state === 'text') {
        out.text += rest;
        return out;
      }
      if (state === 'start') {
        const body = rest.trimStart();
        const tag = TAGS.find(([open]) => body.startsWith(open));
        if (tag) {
          this.#state = { close: [tag[1]] };
          rest = body.slice(tag[0].length);
        } else if (body === '' || TAGS.some(([open]) => open.startsWith(body))) {
          this.#held = rest; // whitespace, or a prefix of a tag: wait
          return out;
        } else {
          this.#state = 'text';
          // The blank line between thoughts and answer is layout, not answer.
          if (this.#thought) rest = body;
        }
        continue;
      }
      const [end, closer] = earliest(rest, state.close);
      const sections = state.close.includes('</think>') ? SECTIONS : [];
      const [section] = earliest(rest, sections);
      if (section !== -1 && (end === -1 || section < end)) {
        out.thinking += rest.slice(0, section);
        rest = rest.slice(section);
        this.#state = 'text';
        continue;
      }
      if (end === -1) {
        const keep = Math.max(0, ...[...state.close, ...sections].map((tag) => partialSuffix(rest, tag)));
        out.thinking += rest.slice(0, rest.length - keep);
        this.#held = rest.slice(rest.length - keep);
        return out;
      }
      out.thinking += rest.slice(0, end);
      rest = rest.slice(end + closer.length);
      this.#state = 'start';
      this.#thought = true;
    }
    return out;
  }

  /** The content ended: releases whatever was held back. */
  flush(): ThinkSplit {
    const held = this.#held;
    this.#held = '';
    if (typeof this.#state === 'object') return { text: '', thinking: held };
    return { text: held, thinking: '' };
  }
}

/** Where the first of `tags` occurs in `text`, and which; `-1` when none does. */
function earliest(text: string, tags: readonly string[]): [number, string] {
  let at = -1;
  let found = '';
  for (const tag of tags) {
    const i = text.indexOf(tag);
    if (i !== -1 && (at === -1 || i < at)) [at, found] = [i, tag];
  }
  return [at, found];
}

/** Length of the longest suffix of `text` that is a proper prefix of `tag`. */
export function partialSuffix(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
}
