/**
 * Decides, while a text-protocol reply streams, which text is safe to show as
 * the answer. Call markup must never flash up as answer text, yet ordinary
 * text should appear as it arrives: so only what might be the start of markup
 * is held back (a partial `<tool_c…`, an open `<tool_call>` until its close,
 * a reply that opens with `{`), and a held segment that turns out not to be a
 * call (a ```json fence of ordinary data) is released as text.
 */
import { partialSuffix } from './think-splitter.js';
import { parseTextToolCalls } from './text-call-parser.js';

/** Openers of call markup and what closes each; `undefined`: runs to the end of the reply. */
const OPENERS: ReadonlyArray<readonly [opener: string, closer: string | undefined]> = [
  ['<tool_call>', '</tool_call>'],
  ['<tool_code>', '</tool_code>'],
  ['<tool>', '</tool>'],
  ['[TOOL_REQUEST]', '[END_TOOL_REQUEST]'],
  ['[TOOL_CALLS]', undefined],
  ['```json', '```'],
];

/**
 * Held markup is kept as pieces plus a short window for the closer search:
 * searching one ever-growing string would flatten it on every delta, which
 * makes a long call quadratic.
 */
interface Markup {
  closer: string | undefined;
  pieces: string[];
  /** The last `closer.length - 1` characters held, where a split closer may begin. */
  window: string;
}

/**
 * Feed text deltas with `push`; show what it returns. At the end, `flush`
 * returns any held text that was not call markup.
 *
 * @example
 * const f = new TextCallFilter();
 * f.push('Sure. <tool');                       // → 'Sure. '
 * f.push('_call>{"name":"x"}</tool_call> Done'); // → ' Done'
 * f.flush();                                    // → ''
 */
export class TextCallFilter {
  /** Unshown text while not inside markup: at most a partial opener (or leading whitespace). */
  #pending = '';
  #markup: Markup | undefined;
  /** Nothing but whitespace has arrived yet: a `{` now would make the whole reply a JSON call. */
  #atStart = true;

  /** Feeds one delta; returns the text that can be shown now. */
  push(delta: string): string {
    let shown = '';
    let input = delta;
    for (;;) {
      const markup = this.#markup;
      if (markup) {
        if (markup.closer === undefined) {
          markup.pieces.push(input);
          return shown;
        }
        const searched = markup.window + input;
        const at = searched.indexOf(markup.closer);
        if (at === -1) {
          markup.pieces.push(input);
          markup.window = searched.slice(-(markup.closer.length - 1));
          return shown;
        }
        const cut = at + markup.closer.length - markup.window.length;
        markup.pieces.push(input.slice(0, cut));
        this.#markup = undefined;
        shown += parseTextToolCalls(markup.pieces.join('')).text;
        input = input.slice(cut);
        continue;
      }
      this.#pending += input;
      input = '';
      if (this.#atStart) {
        const body = this.#pending.trimStart();
        if (body === '') return shown;
        this.#atStart = false;
        if (body[0] === '{' || body.startsWith('<|python_tag|>')) {
          // Llama-style: the whole reply may be one JSON call; hold it all.
          this.#hold(undefined, this.#pending.length);
          return shown;
        }
      }
      const found = this.#findOpener();
      if (found) {
        shown += this.#pending.slice(0, found.at);
        this.#pending = this.#pending.slice(found.at);
        const rest = this.#pending.slice(found.opener.length);
        this.#hold(found.closer, found.opener.length);
        input = rest;
        continue;
      }
      const keep = Math.max(...OPENERS.map(([opener]) => partialSuffix(this.#pending, opener)));
      shown += this.#pending.slice(0, this.#pending.length - keep);
      this.#pending = this.#pending.slice(this.#pending.length - keep);
      return shown;
    }
  }

  /** The reply ended: returns the held text that was not call markup. */
  flush(): string {
    const markup = this.#markup;
    const held = this.#pending;
    this.#pending = '';
    this.#markup = undefined;
    this.#atStart = true;
    return markup ? parseTextToolCalls(markup.pieces.join('')).text : held;
  }

  /** Moves the first `length` pending characters into held markup (the rest is fed again by the caller). */
  #hold(closer: string | undefined, length: number): void {
    this.#markup = { closer, pieces: [this.#pending.slice(0, length)], window: '' };
    this.#pending = '';
  }

  #findOpener(): { at: number; opener: string; closer: string | undefined } | undefined {
    let best: { at: number; opener: string; closer: string | undefined } | undefined;
    for (const [opener, closer] of OPENERS) {
      const at = this.#pending.indexOf(opener);
      if (at !== -1 && (best === undefined || at < best.at)) best = { at, opener, closer };
    }
    return best;
  }
}
