/**
 * Splits `<think>…</think>` reasoning out of streamed content. Reasoning
 * models served without a reasoning parser (DeepSeek-R1 distills, Qwen3, QwQ
 * on llama.cpp or Ollama's older builds) write their thoughts into `content`
 * wrapped in these tags; shown as answer text they would drown the answer.
 *
 * Only a block at the start of the reply (after optional whitespace) counts as
 * thinking: a `<think>` later in an answer is the model talking about the tag.
 * Text streams as it arrives; the most held back is a possible partial tag.
 */

const OPEN = '<think>';
const CLOSE = '</think>';

/** What one piece of content came to. */
export interface ThinkSplit {
  text: string;
  thinking: string;
}

type State = 'start' | 'think' | 'after-think' | 'text';

/**
 * Feeds content deltas, gets back answer text and thinking.
 *
 * @example
 * const s = new ThinkSplitter();
 * s.push('<thi');            // → { text: '', thinking: '' } (could be a tag)
 * s.push('nk>hmm</think> Hi'); // → { text: 'Hi', thinking: 'hmm' }
 */
export class ThinkSplitter {
  #state: State = 'start';
  #held = '';

  /** Feeds one content delta. */
  push(delta: string): ThinkSplit {
    const out: ThinkSplit = { text: '', thinking: '' };
    let rest = this.#held + delta;
    this.#held = '';
    while (rest !== '') {
      switch (this.#state) {
        case 'text':
          out.text += rest;
          return out;
        case 'start': {
          const body = rest.trimStart();
          if (body.startsWith(OPEN)) {
            this.#state = 'think';
            rest = body.slice(OPEN.length);
          } else if (OPEN.startsWith(body)) {
            this.#held = rest; // whitespace, or a prefix of the tag: wait
            return out;
          } else {
            this.#state = 'text';
          }
          break;
        }
        case 'think': {
          const end = rest.indexOf(CLOSE);
          if (end !== -1) {
            out.thinking += rest.slice(0, end);
            rest = rest.slice(end + CLOSE.length);
            this.#state = 'after-think';
          } else {
            const keep = partialSuffix(rest, CLOSE);
            out.thinking += rest.slice(0, rest.length - keep);
            this.#held = rest.slice(rest.length - keep);
            return out;
          }
          break;
        }
        case 'after-think': {
          // The blank line between thoughts and answer is layout, not answer.
          rest = rest.trimStart();
          if (rest !== '') this.#state = 'text';
          break;
        }
      }
    }
    return out;
  }

  /** The content ended: releases whatever was held back. */
  flush(): ThinkSplit {
    const held = this.#held;
    this.#held = '';
    if (this.#state === 'think') return { text: '', thinking: held };
    return { text: held, thinking: '' };
  }
}

/** Length of the longest suffix of `text` that is a proper prefix of `tag`. */
export function partialSuffix(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
}
