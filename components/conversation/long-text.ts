/**
 * Very long text in `<agent-chat>`, drawn bounded: a 1 MB paste, a
 * 5,000-line reply, an error banner holding a 4 KB URL. Each is collapsed
 * until the reader asks for all of it ("Show all", "Show more"), so no one
 * message outgrows the log and pushes the rest of the conversation (or the
 * composer) out of the element's box (issue 37).
 *
 * The invariant: collapsing never loses text. A user message keeps its
 * whole text in the DOM — the part past the first lines in a `hidden` span,
 * which costs no layout (a megabyte laid out is a long task) but reads and
 * searches as one; a reply is clipped by CSS only; the banner's message is
 * clamped by CSS and copied whole by its Copy button. The thread, its
 * export and `agent.events()` are never touched.
 *
 * Which ones are open is view state, not conversation state: `Expansions`
 * owns it (the element's, a key per item id, or the error object itself, so
 * a new error starts collapsed) and is an input of each item's `guard`.
 */
import type { ReactiveControllerHost } from 'lit';

/** A user message past this many characters or lines is collapsed to its first `USER_HEAD_LINES` lines. */
export const USER_LONG_CHARS = 4000;
export const USER_LONG_LINES = 40;
const USER_HEAD_LINES = 12;
const USER_HEAD_CHARS = 1200;
/** A finished reply past this many characters or lines is clipped (a code answer of a hundred lines stays whole). */
export const REPLY_LONG_CHARS = 20_000;
export const REPLY_LONG_LINES = 200;
/** An error message past this many characters (or with a line break) gets "Show more". */
export const ERROR_LONG_CHARS = 240;

/** The open ones, by key; toggling one draws the element again. */
export class Expansions {
  readonly #host: ReactiveControllerHost;
  readonly #open = new Set<unknown>();

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  has(key: unknown): boolean {
    return this.#open.has(key);
  }

  toggle(key: unknown): void {
    if (!this.#open.delete(key)) this.#open.add(key);
    this.#host.requestUpdate();
  }

  /** Everything collapsed again (another conversation). */
  clear(): void {
    this.#open.clear();
  }
}

/** How a long message is drawn: open or not, and the click that turns it. */
export interface Expansion {
  readonly open: boolean;
  toggle(): void;
}

/** The number of lines of `text`, counted up to `limit + 1` (never a scan of a megabyte for nothing). */
function linesUpTo(text: string, limit: number): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1 && lines <= limit; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

/** `text` split where a collapsed user message stops: its head and the rest ('' when it is short). */
export function userHead(text: string): { head: string; rest: string } {
  if (text.length <= USER_LONG_CHARS && linesUpTo(text, USER_LONG_LINES) <= USER_LONG_LINES) return { head: text, rest: '' };
  let end = 0;
  for (let n = 0; n < USER_HEAD_LINES && end !== -1; n++) end = text.indexOf('\n', end + (n === 0 ? 0 : 1));
  // The head keeps its last line end, so head + rest is the text, line for line.
  const cut = Math.min(end === -1 ? text.length : end + 1, USER_HEAD_CHARS);
  return { head: text.slice(0, cut), rest: text.slice(cut) };
}

/** The lines `rest` holds, for "Show all (n more lines)". */
export function moreLines(rest: string): number {
  let lines = 0;
  for (let i = rest.indexOf('\n'); i !== -1; i = rest.indexOf('\n', i + 1)) lines++;
  return Math.max(lines, 1);
}

/** True when a finished reply is long enough to be clipped. */
export function isLongReply(text: string): boolean {
  return text.length > REPLY_LONG_CHARS || linesUpTo(text, REPLY_LONG_LINES) > REPLY_LONG_LINES;
}

/** True when an error message gets "Show more". */
export function isLongError(message: string): boolean {
  return message.length > ERROR_LONG_CHARS || message.includes('\n');
}
