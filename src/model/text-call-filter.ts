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

type Mode = { kind: 'text' } | { kind: 'markup'; closer: string | undefined; from: number };

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
  #pending = '';
  #mode: Mode = { kind: 'text' };
  /** Nothing but whitespace has arrived yet: a `{` now would make the whole reply a JSON call. */
  #atStart = true;

  /** Feeds one delta; returns the text that can be shown now. */
  push(delta: string): string {
    this.#pending += delta;
    let shown = '';
    for (;;) {
      if (this.#mode.kind === 'markup') {
        const { closer, from } = this.#mode;
        if (closer === undefined) return shown;
        const at = this.#pending.indexOf(closer, from);
        if (at === -1) {
          this.#mode.from = Math.max(from, this.#pending.length - closer.length + 1);
          return shown;
        }
        const segment = this.#pending.slice(0, at + closer.length);
        this.#pending = this.#pending.slice(at + closer.length);
        this.#mode = { kind: 'text' };
        shown += parseTextToolCalls(segment).text;
        continue;
      }
      if (this.#atStart) {
        const body = this.#pending.trimStart();
        if (body === '') return shown;
        this.#atStart = false;
        if (body[0] === '{' || body.startsWith('<|python_tag|>')) {
          // Llama-style: the whole reply may be one JSON call; hold it all.
          this.#mode = { kind: 'markup', closer: undefined, from: 0 };
          return shown;
        }
      }
      const found = this.#findOpener();
      if (found) {
        shown += this.#pending.slice(0, found.at);
        this.#pending = this.#pending.slice(found.at);
        this.#mode = { kind: 'markup', closer: found.closer, from: found.opener.length };
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
    const held = this.#pending;
    this.#pending = '';
    const wasMarkup = this.#mode.kind === 'markup';
    this.#mode = { kind: 'text' };
    this.#atStart = true;
    return wasMarkup ? parseTextToolCalls(held).text : held;
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
