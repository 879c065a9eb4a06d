/**
 * How many tokens a request will take, without shipping a tokenizer (a BPE
 * vocabulary is megabytes; the budget needs a number within ~15 %).
 *
 * The count follows how BPE tokenizers of current local models (Llama 3,
 * Qwen, the tiktoken family) cut text: a short word, with its leading space,
 * is one token and a long one a token per ~4 letters; digits go in groups of
 * three; punctuation runs pair up; a newline run is one token; text outside
 * ASCII costs more per character (CJK about one token each). Each message
 * adds the chat template's markers (~4 tokens).
 *
 * Invariant: the estimate corrects itself. After each request the server's
 * reported `prompt_tokens` is compared with what was estimated for exactly
 * that request, and the ratio (smoothed, clamped) scales later estimates, so
 * a model whose tokenizer or template differs converges within a few turns.
 *
 * Per-message counts are cached by object identity (history messages are
 * never mutated once appended), so a 500-message history costs one scan; a
 * text over 16 KB is sampled (8 windows of 1 KB), so a huge result costs little.
 */
import type { Attachment, ChatMessage } from '../types.js';
import type { ModelTool } from './chat-model.js';

/** Template markers around one message (`<|im_start|>role\n … <|im_end|>\n`). */
const MESSAGE_OVERHEAD = 4;
/** The template's preamble around offered tools. */
const TOOLS_OVERHEAD = 60;

/**
 * What one attachment costs in a request, from its record alone (the bytes
 * are not read to budget). Servers count an image by its pixels, each by its
 * own rule: OpenAI's high detail is 85 + 170 per 512-px tile (after fitting
 * 2048 px, then 768 px on the short side); Qwen2/2.5-VL — the most common
 * local vision model on llama.cpp, Ollama and vLLM — one token per 28×28
 * patch; Gemma 3 a flat 256 and LLaVA-1.5 576 (fewer than either rule for
 * any image of a few hundred pixels). The estimate takes the larger of the
 * first two, so the budget errs towards folding early rather than overflowing.
 * A text file costs its text (bytes ÷ 3.5, code being denser than prose) and
 * its heading; a file sent as a note, the note.
 */
export function attachmentTokens(file: Pick<Attachment, 'kind' | 'size' | 'width' | 'height'>): number {
  if (file.kind === 'file') return 40;
  if (file.kind === 'text') return 20 + Math.ceil(file.size / 3.5);
  const width = file.width ?? 1024;
  const height = file.height ?? 1024;
  return Math.max(openAIImageTokens(width, height), Math.ceil(width / 28) * Math.ceil(height / 28) + 2);
}

/** OpenAI's high-detail image cost: fit 2048×2048, then scale the short side to 768; 85 + 170 per 512-px tile. */
function openAIImageTokens(width: number, height: number): number {
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const short = Math.min(1, 768 / Math.min(w, h));
  w *= short;
  h *= short;
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
}

/**
 * Counts the tokens of `text` as a BPE tokenizer roughly would; raw, before
 * any correction from reported usage.
 *
 * @example
 * estimateTextTokens('Hello, world!'); // → 4
 */
export function estimateTextTokens(text: string): number {
  // A long text (a page, a file) is sampled: evenly spaced windows, scaled up. Its
  // content is uniform enough that this moves the count by a few percent, and a
  // 200 KB result then costs what 8 KB does.
  if (text.length > SAMPLE_ABOVE) {
    const step = Math.floor(text.length / SAMPLE_WINDOWS);
    let sampled = 0;
    for (let w = 0; w < SAMPLE_WINDOWS; w++) sampled += scan(text, w * step, w * step + SAMPLE_WINDOW);
    return Math.ceil((sampled * text.length) / (SAMPLE_WINDOWS * SAMPLE_WINDOW));
  }
  return Math.ceil(scan(text, 0, text.length));
}

const SAMPLE_ABOVE = 16384;
const SAMPLE_WINDOWS = 8;
const SAMPLE_WINDOW = 1024;

/** Tokens of `text` from `start` to `end`, unrounded. */
function scan(text: string, start: number, end: number): number {
  // One pass over character classes, counting each run when it ends (hot: every message is scanned once).
  let tokens = 0;
  let kind = -1;
  let run = 0;
  const n = Math.min(end, text.length);
  for (let i = start; i < n; i++) {
    const c = text.charCodeAt(i);
    const k = c < 128 ? CLASS[c]! : c >= 0x2e80 ? WIDE : NARROW;
    if (k === kind && k < WIDE) {
      run++;
      continue;
    }
    // A line break and the indentation after it are one token.
    if (kind === BREAK && k === SPACE) continue;
    tokens += runCost(kind, run);
    kind = k;
    run = 1;
  }
  return tokens + runCost(kind, run);
}

const LETTER = 0;
const DIGIT = 1;
const SPACE = 2;
const BREAK = 3;
const PUNCT = 4;
/** CJK, emoji: about a token per character. */
const WIDE = 5;
/** Accented Latin, Cyrillic, Greek: about one per two. */
const NARROW = 6;

/** The class of each ASCII character. */
const CLASS = (() => {
  const table = new Uint8Array(128).fill(PUNCT);
  for (let c = 0; c < 128; c++) {
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) table[c] = LETTER;
    else if (c >= 48 && c <= 57) table[c] = DIGIT;
    else if (c === 32) table[c] = SPACE;
    else if (c === 10 || c === 13 || c === 9) table[c] = BREAK;
  }
  return table;
})();

/** Tokens of a run of `length` characters of one class. */
function runCost(kind: number, length: number): number {
  switch (kind) {
    case LETTER:
      // Short words (with their leading space) are one token; long ones about one per five letters.
      return length <= 8 ? 1 : Math.ceil(length / 5);
    case DIGIT:
      return Math.ceil(length / 3);
    case SPACE:
      // A single space joins the next word's token; a run of spaces is about one token.
      return length > 1 ? 1 : 0;
    case BREAK:
      return 1;
    case PUNCT:
      return Math.ceil(length / 3);
    case WIDE:
      return length;
    case NARROW:
      return length * 0.5;
    default:
      return 0;
  }
}

/** What a request to the model consists of, as far as its size goes. */
export interface PromptParts {
  system: string;
  history: readonly ChatMessage[];
  tools: readonly ModelTool[];
}

/**
 * Estimates request sizes and learns from the sizes the server reports.
 *
 * @example
 * const estimator = new TokenEstimator();
 * const guess = estimator.prompt({ system, history, tools });
 * // … after the request, the server said usage.prompt_tokens = 812:
 * estimator.observe(guess, 812);
 */
export class TokenEstimator {
  #ratio = 1;
  #cache = new WeakMap<object, number>();

  /** The current correction factor (reported ÷ raw estimate), 1 until the server reported usage. */
  get ratio(): number {
    return this.#ratio;
  }

  /** Tokens of a whole request: system prompt, history and tools, corrected. */
  prompt(parts: PromptParts): number {
    let raw = this.#raw(parts.system) + MESSAGE_OVERHEAD;
    for (const message of parts.history) raw += this.rawMessage(message);
    if (parts.tools.length > 0) {
      raw += TOOLS_OVERHEAD;
      for (const tool of parts.tools) raw += this.#cached(tool, () => estimateTextTokens(JSON.stringify(tool)));
    }
    return Math.ceil(raw * this.#ratio);
  }

  /** Tokens of one message, corrected. */
  message(message: ChatMessage): number {
    return Math.ceil(this.rawMessage(message) * this.#ratio);
  }

  /** Tokens of some text, corrected. */
  text(text: string): number {
    return Math.ceil(this.#raw(text) * this.#ratio);
  }

  /** Tokens of one message before correction (cached per message object). */
  rawMessage(message: ChatMessage): number {
    return this.#cached(message, () => {
      let tokens = MESSAGE_OVERHEAD + (message.content ? estimateTextTokens(message.content) : 0);
      if ((message.role === 'user' || message.role === 'tool') && message.attachments) for (const file of message.attachments) tokens += attachmentTokens(file);
      if (message.role === 'assistant' && message.tool_calls) {
        for (const call of message.tool_calls) tokens += 6 + estimateTextTokens(call.function.name) + estimateTextTokens(call.function.arguments);
      }
      return tokens;
    });
  }

  /**
   * Learns from a request whose size the server reported: `estimated` is what
   * `prompt()` said for it, `reported` the server's `prompt_tokens`. Implausible
   * reports (zero, or off by more than 4×) are ignored.
   */
  observe(estimated: number, reported: number): void {
    if (!(estimated > 0) || !(reported > 0)) return;
    const raw = estimated / this.#ratio;
    const seen = reported / raw;
    if (seen < 0.25 || seen > 4) return;
    // Smoothed, so one odd request (a cache hit reported as fewer tokens) does not swing it.
    this.#ratio = Math.min(3, Math.max(0.5, this.#ratio * 0.4 + seen * 0.6));
  }

  #raw(text: string): number {
    return estimateTextTokens(text);
  }

  #cached(key: object, count: () => number): number {
    let tokens = this.#cache.get(key);
    if (tokens === undefined) {
      tokens = count();
      this.#cache.set(key, tokens);
    }
    return tokens;
  }
}
