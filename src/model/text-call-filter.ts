/**
 * Decides, while a reply streams, which text is safe to show as the answer.
 * Call markup must never flash up as answer text, at any chunking, yet
 * ordinary text should appear as it arrives: so only what might be markup is
 * held back (a partial opener, an opener whose verdict needs more text, an
 * accepted block until its closer, a reply that opens with `{`), and held
 * text that turns out not to be markup is released as text.
 *
 * It asks the same table and the same scanner as the parser
 * (call-formats/block-scanner.ts), and turns each held block into text with
 * the parser itself, so what it shows is what the parser keeps. Two kinds of
 * block are not turned into text: reasoning in the middle of a reply, whose
 * body is handed out as thinking once its closer arrives (`takeThinking`),
 * and an observation the model invented after its own call, which is cut
 * with everything after it.
 */
import type { ToolFormat } from '../types.js';
import { findBlock, firstCallAt } from './call-formats/block-scanner.js';
import type { CallFormat, ReadContext } from './call-formats/call-format.js';
import { formatsFor } from './call-formats/formats.js';
import { FUNCTIONARY_PREFIX, functionaryStart, mayBeWholeReply } from './call-formats/whole-reply.js';
import { parseHeldText, readContext, type TextCallOptions } from './text-call-parser.js';
import { partialSuffix } from './think-splitter.js';

/**
 * Held markup is kept as pieces plus a short window for the closer search:
 * searching one ever-growing string would flatten it on every delta, which
 * makes a long call quadratic.
 */
interface Markup {
  /** Closers to look for; `undefined`: held to the end of the reply. */
  closers: readonly string[] | undefined;
  pieces: string[];
  /** The last characters held, where a split closer may begin. */
  window: string;
  /** Answer text kept as written (a code fence): shown as it arrives, only its end is looked for. */
  keep?: true;
  /** Mid-reply reasoning (its body becomes thinking), or an invented observation (dropped to the end). */
  kind?: 'reasoning' | 'cut';
  /** The opener and header the first piece starts with. */
  head?: number;
}

/**
 * Feed text deltas with `push`; show what it returns. At the end, `flush`
 * returns any held text that was not call markup. Pass it the same options
 * as `parseTextToolCalls`.
 *
 * @example
 * const f = new TextCallFilter();
 * f.push('Sure. <tool');                       // → 'Sure. '
 * f.push('_call>{"name":"x"}</tool_call> Done'); // → ' Done'
 * f.flush();                                    // → ''
 */
export class TextCallFilter {
  readonly #options: TextCallOptions;
  readonly #formats: readonly CallFormat[];
  #ctx: ReadContext;
  readonly #hint: ToolFormat | undefined;
  /** Unshown text outside markup: at most an undecided stretch (or leading whitespace). */
  #pending = '';
  #markup: Markup | undefined;
  /** The last character before `#pending` (a backtick there makes an opener a quote). */
  #before = '';
  /** No answer text has been shown yet: a `{` now may make the whole reply one call. */
  #atStart = true;
  /** Reasoning found in the middle of the reply since the last `takeThinking`. */
  #thinking = '';
  /** A call has been read in this reply: `#ctx` then says so, for invented observations. */
  #afterCall = false;
  /** The openers of call markup (rows that read calls, weak ones aside), for `mentionAt`. */
  #openers: string[] | undefined;

  constructor(options: TextCallOptions = {}) {
    this.#options = options;
    this.#formats = formatsFor(options.format);
    this.#ctx = readContext(options.tools);
    this.#hint = options.format;
  }

  /** Feeds one delta; returns the text that can be shown now. */
  push(delta: string): string {
    let shown = '';
    let input = delta;
    for (;;) {
      const markup = this.#markup;
      if (markup) {
        if (markup.closers === undefined) {
          if (markup.kind !== 'cut') markup.pieces.push(input);
          return shown;
        }
        const searched = markup.window + input;
        let at = -1;
        let closer = '';
        for (const c of markup.closers) {
          const i = searched.indexOf(c);
          if (i !== -1 && (at === -1 || i < at)) [at, closer] = [i, c];
        }
        if (at === -1) {
          if (markup.keep) shown += input;
          else if (markup.kind !== 'cut') markup.pieces.push(input);
          markup.window = searched.slice(-Math.max(...markup.closers.map((c) => c.length - 1), 1));
          return shown;
        }
        const cut = at + closer.length - markup.window.length;
        this.#markup = undefined;
        this.#before = closer.slice(-1);
        if (markup.keep) shown += input.slice(0, cut);
        else if (markup.kind === 'reasoning') this.#thinking += [...markup.pieces, input.slice(0, cut)].join('').slice(markup.head, -closer.length);
        else shown += this.#textOf([...markup.pieces, input.slice(0, cut)].join(''));
        input = input.slice(cut);
        continue;
      }
      this.#pending += input;
      input = '';
      if (this.#atStart) {
        const functionary = functionaryStart(this.#pending, false, this.#ctx, this.#hint);
        const whole = functionary ? false : mayBeWholeReply(this.#pending, false, this.#hint);
        if (whole === undefined || functionary === undefined) return shown;
        this.#atStart = false;
        // Read as the parser does: as if the prompt's `>>>` were in the reply.
        if (functionary) this.#pending = FUNCTIONARY_PREFIX + this.#pending;
        if (whole) {
          // Llama-style: the whole reply may be one JSON (or Python) call; hold it all.
          this.#markup = { closers: undefined, pieces: [this.#pending], window: '' };
          this.#pending = '';
          return shown;
        }
      }
      const offset = this.#before.length;
      const found = findBlock(this.#before + this.#pending, offset, this.#formats, false, this.#ctx);
      if (found === undefined) {
        shown += this.#pending;
        this.#before = this.#pending.slice(-1) || this.#before;
        this.#pending = '';
        return shown;
      }
      const start = found.start - offset;
      shown += this.#pending.slice(0, start);
      if (start > 0) this.#before = this.#pending[start - 1]!;
      if (found.kind === 'undecided') {
        this.#pending = this.#pending.slice(start);
        return shown;
      }
      const held = this.#pending.slice(start, found.bodyStart - offset);
      const rest = this.#pending.slice(found.bodyStart - offset);
      this.#before = held.slice(-1);
      this.#pending = '';
      if (found.close === 'none') {
        // A token to hide; what follows is text again.
        shown += this.#textOf(held);
        input = rest;
        continue;
      }
      const closers = found.close === 'end' ? undefined : found.close;
      if (found.keep) {
        shown += held;
        this.#markup = { closers, pieces: [], window: '', keep: true };
      } else if (found.format.id === 'observation') {
        this.#markup = { closers, pieces: [], window: '', kind: 'cut' };
      } else if (found.thinking) {
        this.#markup = { closers, pieces: [held], window: '', kind: 'reasoning', head: held.length };
      } else {
        this.#markup = { closers, pieces: [held], window: '' };
      }
      input = rest;
    }
  }

  /** The reply ended: returns the held text that was not call markup. */
  flush(): string {
    const markup = this.#markup;
    const held = markup ? (markup.keep || markup.kind === 'cut' ? '' : markup.pieces.join('')) : this.#pending;
    this.#pending = '';
    this.#markup = undefined;
    this.#atStart = true;
    this.#before = '';
    this.#afterCall = false;
    this.#ctx = readContext(this.#options.tools);
    return held === '' ? '' : this.#textOf(held);
  }

  /**
   * Reasoning the reply wrote after some answer text (`…<think>…</think>…`),
   * found since the last call: it never shows as text, and is handed out
   * here once its closer arrives (an opener alone is prose).
   */
  takeThinking(): string {
    const thinking = this.#thinking;
    this.#thinking = '';
    return thinking;
  }

  /**
   * Where `shown` (text this filter let through as prose) mentions an opener
   * of call markup, `-1` if it does not: a reply that may still be inside
   * reasoning the prompt opened holds such a mention back (reply-reasoning.ts).
   */
  mentionAt(shown: string): number {
    let at = -1;
    for (const opener of this.#callOpeners()) {
      const i = shown.indexOf(opener);
      if (i !== -1 && (at === -1 || i < at)) at = i;
    }
    return at;
  }

  /** How much of the end of `shown` may be the start of such a mention (the filter may let `<tool_call` through before its `>`). */
  mentionPrefix(shown: string): number {
    return Math.max(0, ...this.#callOpeners().map((opener) => partialSuffix(shown, opener)));
  }

  #callOpeners(): string[] {
    return (this.#openers ??= this.#formats.filter((f) => !f.weak && f.families.length > 0).flatMap((f) => f.open));
  }

  /** Where the first call in `text` (a whole stretch) starts, as the parser finds it; `-1` if none. */
  callAt(text: string): number {
    return firstCallAt(text, this.#formats, readContext(this.#options.tools));
  }

  /** The answer text in held text, as the parser reads it. */
  #textOf(held: string): string {
    const parsed = parseHeldText(held, this.#options);
    if (parsed.calls.length > 0 && !this.#afterCall) {
      this.#afterCall = true;
      this.#ctx = { ...this.#ctx, afterCall: true };
    }
    return parsed.text;
  }
}
