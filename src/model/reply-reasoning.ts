/**
 * Reasoning whose opener the chat template wrote into the prompt
 * (DeepSeek-R1, QwQ, Qwen3 "thinking" models: the prompt ends in `<think>`),
 * so the reply starts inside it and closes with a `</think>` it never opened.
 * The final split was always right (text-call-parser.ts drops what precedes
 * an unopened closer); this makes the stream right too.
 *
 * How pageloop knows a reply starts opened, per agent's model:
 * - learned: a reply that closed reasoning it never opened means the template
 *   opens it, so the next replies are read as opened from their first token;
 *   a reply read as opened that never closes unlearns it (the template
 *   changed, or thinking was switched off);
 * - the in-page engine sees its own rendered prompt end in `<think>` and
 *   splits the reasoning itself, so its replies arrive already split;
 * - a reply that reasoning arrives for before any text (a server's
 *   `reasoning_content`, or a `<think>` the reply wrote itself) is not opened.
 *
 * Before anything is learned, the first such reply's reasoning streams as
 * answer text until its closer arrives. Then a `retraction` withdraws the
 * text shown so far, and the same stretch follows as thinking: the user
 * never keeps reasoning as the answer. The reverse happens to a reply read
 * as opened that ends without a closer: its thinking is withdrawn and
 * follows as text, so nothing the model said is lost; unless it wrote a
 * call, which ends reasoning the template opened, closer or not (llama.cpp
 * reads it so): then only the part from the call on is withdrawn, and the
 * parser, told `opened`, reads the reply the same way.
 *
 * Reasoning may mention call markup (`I'll answer with <tool_call>.`); the
 * filter lets such a mention through as prose, which would flash markup in
 * the answer until the closer withdraws it. So, until the reply is known
 * not to be inside such reasoning, text from a mention of a call opener on
 * is held: it goes with the reasoning when the closer comes, and is shown
 * when the reply ends without one (an answer that names `<tool_call>` shows
 * that part at the end, never as a flash taken back).
 *
 * @example
 * const r = new ReplyReasoning(() => new TextCallFilter(), false);
 * r.text('Plan: ask');   // → [{ type: 'text', delta: 'Plan: ask' }]
 * r.text('.</think>Hi'); // → [{ type: 'retraction', field: 'text', text: 'Plan: ask' },
 *                        //    { type: 'thinking', delta: 'Plan: ask.' }, { type: 'text', delta: 'Hi' }]
 */
import type { TextCallFilter } from './text-call-filter.js';
import { PROMPT_OPENED_REASONING } from './text-call-parser.js';
import { ThinkSplitter } from './think-splitter.js';

/** What a reply's content comes to, in order. */
export type ReplyPiece =
  | { type: 'text'; delta: string }
  | { type: 'thinking'; delta: string }
  /** The last `text` of this reply shown as `field` was the other kind; it follows again as that kind. */
  | { type: 'retraction'; field: 'text' | 'thinking'; text: string };

const LONGEST_CLOSER = Math.max(...PROMPT_OPENED_REASONING.map(([, close]) => close.length));

/**
 * One reply's content, read for reasoning the prompt opened, then through the
 * call-markup filter. Feed the model's `thinking` and `text` deltas in order,
 * then call `finish`; `learned` says what the reply taught about its model.
 */
export class ReplyReasoning {
  readonly #newFilter: () => TextCallFilter;
  #filter: TextCallFilter;
  /** `opened`: read as starting inside reasoning; `watching`: looking for an unopened closer; `plain`: decided. */
  #mode: 'opened' | 'watching' | 'plain';
  /** Read as opened: any closer a template may have opened ends it (the model's own tag is not known). */
  readonly #splitter = new ThinkSplitter({ opened: PROMPT_OPENED_REASONING.map(([, close]) => close) });
  /** Every content delta so far (while watching): where an unopened closer is looked for. */
  #raw = '';
  /** Text shown so far, and thinking shown while read as opened: what a retraction withdraws. */
  #shownText = '';
  #shownThinking = '';
  #sawText = false;
  /** Whitespace between withdrawn reasoning and the answer is layout. */
  #trimLead = false;
  /** Text from a mention of call markup on, held while the reply may be reasoning (see the header). */
  #mention: string | undefined;
  /** The end of the text so far, held while it may be the start of such a mention. */
  #partial = '';
  #learned: boolean | undefined;

  /** `newFilter` makes the call-markup filter (a fresh one replaces it when reasoning is found). */
  constructor(newFilter: () => TextCallFilter, opened: boolean) {
    this.#newFilter = newFilter;
    this.#filter = newFilter();
    this.#mode = opened ? 'opened' : 'watching';
  }

  /** The reply is read as starting inside reasoning the prompt opened: the parser must read it so too. */
  get opened(): boolean {
    return this.#mode === 'opened';
  }

  /**
   * What this reply taught: `true` it closed reasoning the prompt opened,
   * `false` it was read as opened and was not, `undefined` nothing.
   */
  get learned(): boolean | undefined {
    return this.#learned;
  }

  /** A thinking delta the model reported as such. */
  thinking(delta: string): ReplyPiece[] {
    // Reasoning before any text: opened by the reply or split by the server, not by the prompt.
    if (this.#mode === 'opened' && !this.#sawText) this.#mode = 'watching';
    return [{ type: 'thinking', delta }];
  }

  /** A content delta. */
  text(delta: string): ReplyPiece[] {
    this.#sawText = true;
    const out: ReplyPiece[] = [];
    if (this.#mode === 'opened') {
      const split = this.#splitter.push(delta);
      if (split.thinking) {
        this.#shownThinking += split.thinking;
        out.push({ type: 'thinking', delta: split.thinking });
      }
      if (!this.#splitter.inside) this.#learned = true;
      this.#show(split.text, out);
      return out;
    }
    if (this.#mode === 'plain') {
      this.#show(delta, out);
      return out;
    }
    const from = Math.max(0, this.#raw.length - LONGEST_CLOSER + 1);
    this.#raw += delta;
    const found = unopenedCloser(this.#raw, from);
    if (!found) {
      this.#show(delta, out);
      return out;
    }
    this.#mode = 'plain';
    this.#learned = true;
    // A held mention was reasoning: it follows with the rest of it, as thinking.
    this.#mention = undefined;
    this.#partial = '';
    // The filter may hold a piece of the reasoning; it is reasoning, so it goes with the rest.
    this.#filter = this.#newFilter();
    if (this.#shownText) out.push({ type: 'retraction', field: 'text', text: this.#shownText });
    this.#shownText = '';
    const reasoning = this.#raw.slice(0, found.at).trim();
    if (reasoning) out.push({ type: 'thinking', delta: reasoning });
    this.#trimLead = true;
    this.#show(this.#raw.slice(found.at + found.close.length), out);
    this.#raw = '';
    return out;
  }

  /** The content ended: what was still held back. */
  finish(): ReplyPiece[] {
    const out: ReplyPiece[] = [];
    if (this.#mode === 'opened') {
      const rest = this.#splitter.flush();
      const reasoning = this.#shownThinking + rest.thinking;
      const call = this.#splitter.inside ? this.#filter.callAt(reasoning) : -1;
      if (call > 0) {
        // Never closed, but a call ends it: only the part from the call on was not reasoning.
        const shown = Math.min(this.#shownThinking.length, reasoning.length - call);
        if (shown > 0) out.push({ type: 'retraction', field: 'thinking', text: this.#shownThinking.slice(-shown) });
        if (call > this.#shownThinking.length) out.push({ type: 'thinking', delta: reasoning.slice(this.#shownThinking.length, call) });
        this.#learned = true;
        this.#show(reasoning.slice(call) + rest.text, out);
      } else if (this.#splitter.inside) {
        // Read as opened, never closed: it was the answer after all.
        if (this.#sawText) this.#learned = false;
        if (this.#shownThinking) out.push({ type: 'retraction', field: 'thinking', text: this.#shownThinking });
        this.#show(this.#shownThinking + rest.thinking + rest.text, out);
      } else {
        if (rest.thinking) out.push({ type: 'thinking', delta: rest.thinking });
        this.#show(rest.text, out);
      }
    }
    const held = (this.#mention ?? '') + this.#partial + this.#filter.flush();
    this.#mention = undefined;
    this.#partial = '';
    if (held) out.push({ type: 'text', delta: held });
    this.#thoughts(out);
    return out;
  }

  /** Passes answer text through the call-markup filter. */
  #show(delta: string, out: ReplyPiece[]): void {
    if (this.#trimLead) {
      delta = delta.trimStart();
      if (delta === '') return;
      this.#trimLead = false;
    }
    if (delta === '') return;
    const shown = this.#holdMention(this.#filter.push(delta));
    if (shown) {
      this.#shownText += shown;
      out.push({ type: 'text', delta: shown });
    }
    this.#thoughts(out);
  }

  /** While the reply may be reasoning the prompt opened: the part of `shown` before a mention of call markup. */
  #holdMention(shown: string): string {
    if (this.#mode !== 'watching') return shown;
    if (this.#mention !== undefined) {
      this.#mention += shown;
      return '';
    }
    const text = this.#partial + shown;
    const at = this.#filter.mentionAt(text);
    if (at !== -1) {
      this.#mention = text.slice(at);
      this.#partial = '';
      return text.slice(0, at);
    }
    const keep = this.#filter.mentionPrefix(text);
    this.#partial = text.slice(text.length - keep);
    return text.slice(0, text.length - keep);
  }

  /** Reasoning the filter found in the middle of the reply. */
  #thoughts(out: ReplyPiece[]): void {
    const thought = this.#filter.takeThinking();
    if (thought) out.push({ type: 'thinking', delta: thought });
  }
}

/**
 * The first reasoning closer at or after `from` that nothing before it opened
 * and no backtick quotes, as the parser finds it (text-call-parser.ts).
 */
function unopenedCloser(raw: string, from: number): { at: number; close: string } | undefined {
  let best: { at: number; close: string } | undefined;
  for (const [open, close] of PROMPT_OPENED_REASONING) {
    const at = raw.indexOf(close, from);
    if (at === -1 || raw[at - 1] === '`' || raw.lastIndexOf(open, at) !== -1) continue;
    // Only a closer's first appearance counts, as in the parser.
    if (raw.indexOf(close) !== at) continue;
    if (!best || at < best.at) best = { at, close };
  }
  return best;
}
