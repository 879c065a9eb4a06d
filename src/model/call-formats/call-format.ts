/**
 * What one family's tool-call markup is, as a row of a table: the strings that
 * open it, a verdict on the text after the opener (markup, prose, or not yet
 * known), what closes it, and how its body becomes calls. The parser and the
 * streaming filter both walk the same table through block-scanner.ts, so what
 * the user is shown and what the loop runs can never disagree about where
 * markup is.
 */
import type { JSONSchema, ToolFormat } from '../../types.js';

/** One tool call read from reply text. */
export interface TextToolCall {
  /** The tool's name; "" when it could not be read. */
  name: string;
  /** The parsed arguments; `undefined` when they could not be read. */
  args: unknown | undefined;
  /** The arguments as JSON text. */
  argsText: string;
  /** Why the call could not be read; the loop returns it as the call's result. */
  error?: string;
}

/** A tool as the reader needs it: its name and its parameters' JSON Schema. */
export interface ToolShape {
  name: string;
  parameters?: JSONSchema;
}

/** What a reader knows besides the markup: the offered tools, if the caller passed them. */
export interface ReadContext {
  /** Tools by name; `undefined` when the caller did not say which tools exist. */
  tools: ReadonlyMap<string, ToolShape> | undefined;
  /** A call was read earlier in this reply (an `<observation>` after it is one the model invented). */
  afterCall?: boolean;
}

/**
 * Where a block of markup ends:
 * - a list of closing strings (the earliest found ends it; none found: the
 *   call was cut off and the block runs to the end of the reply),
 * - `'end'`: the markup runs to the end of the reply,
 * - `'none'`: the markup is only the opener and `header` characters after it
 *   (a token to hide; what follows is ordinary text).
 */
export type BlockEnd = readonly string[] | 'end' | 'none';

/** A positive verdict: this is markup, ending as `close` says. */
export interface Accepted {
  close: BlockEnd;
  /** Characters after the opener that belong to the markup's head (with `'none'`: all of it). */
  header?: number;
  /**
   * The block is answer text, kept as written and not searched for markup
   * (a code fence: an example of a call in it is an example).
   */
  keep?: true;
  /** The block's body (after the header) is reasoning: never text, handed out as thinking once it closes. */
  thinking?: true;
}

/** The verdict on the text after an opener: markup, prose (`false`), or not yet known (`undefined`). */
export type Verdict = Accepted | false | undefined;

/** What a reader got from one block. */
export interface BlockRead {
  calls: TextToolCall[];
  /**
   * How many characters of the body the calls used, when the block had no
   * closer: the rest is text again (and may hold more markup).
   */
  used?: number;
}

/** One family's markup: a row of the format table. */
export interface CallFormat {
  /** Names the row in tests and errors. */
  id: string;
  /** The `toolFormat` hints that select this row. */
  families: readonly ToolFormat[];
  /** Strings that open the markup. */
  open: readonly string[];
  /**
   * The strings that usually close it. An opener whose verdict is "prose" but
   * whose closer follows soon, around no prose, is broken markup (a call the
   * model got wrong), so it still becomes an error call rather than text.
   */
  closers?: readonly string[];
  /**
   * Weak openers (a ```json fence, `functools`, `>>>`) also start ordinary
   * text: they count only when the verdict says so, never as broken markup.
   */
  weak?: true;
  /**
   * Judges the text after the opener. `ended`: no more text will come, so
   * answer `false` rather than `undefined` when unsure.
   */
  accept(after: string, ended: boolean, opener: string, ctx: ReadContext): Verdict;
  /** Reads the body (between opener plus header and the closer); `closed`: the closer was found. */
  read(body: string, ctx: ReadContext, closed: boolean, opener: string): BlockRead;
}
