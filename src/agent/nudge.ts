/**
 * The nudge (option `nudge`, default on): a model that ends its reply by
 * announcing an action ("Let me check the orders…", "I'll look that up.")
 * but calls no tool has stopped by mistake, not answered; small models do it
 * often. Then one short reminder is added to the next request, at most once
 * a run, and only while the app offers tools.
 *
 * Invariants:
 * - A plain answer never triggers it. The detector is conservative: only the
 *   reply's last sentence counts (or the one before a filler such as "One
 *   moment."), it must open with a first-person announcement of a lookup
 *   verb, and a question, a condition on the user ("if you…", "once you…")
 *   or "let me know" rules it out. English only; other languages never fire.
 * - The reminder is a note on one request, never a message in the history,
 *   and the reply it brings joins the announcement as ONE assistant message,
 *   so roles still alternate for strict chat templates.
 */
import type { ChatMessage } from '../types.js';
import type { RunPart } from './run-part.js';

/** The reminder added (as a user note) to the request after an announcement. */
export const NUDGE_NOTE =
  'You said what you would do next but did not call a tool. If a tool is needed, call it now; otherwise give your final answer.';

/** A first-person announcement of a lookup, at the start of a sentence. */
const ANNOUNCEMENT =
  /^(?:(?:ok(?:ay)?|sure|alright|all right|great|got it|understood|first|now|next|then|so)\b[,.!]?\s+)*(?:let me|let's|i(?:'ll| will| shall|'m going to| am going to|'m about to| am about to)|i'm (?:now )?(?=checking|looking|searching|fetching|pulling|reading)|i am (?:now )?(?=checking|looking|searching|fetching|pulling|reading))\s*(?:now\s+|first\s+|quickly\s+|just\s+|go ahead and\s+|also\s+)*(?:check|look|search|find|fetch|get|query|read|open|call|use|run|see|pull|retrieve|grab|verify|inspect|examine|review|browse|load|investigate|gather|scan|consult|dig|compare|calculate|compute|count|list|go through|take a look|have a look)(?:s|es|ing)?\b/i;

/** Sentences that end an announcement without adding to it. */
const FILLER = /^(?:one moment|just a moment|a moment|one sec(?:ond)?|hang on|hold on|please wait|bear with me|stand by|be right back)\b/i;

/** What makes an announcement-looking sentence something else: a question, a condition, an offer. */
const NOT_ACTION = /\?|\bif you\b|\bonce you\b|\bwhen you\b|\bafter you\b|\blet me know\b|\bif (?:needed|necessary|you'd like|you want)\b|\blater\b|\btomorrow\b|\bnext time\b/i;

/**
 * True when `text` ends by announcing an action it did not take.
 *
 * @example
 * announcesAction('Let me check the orders…'); // → true
 * announcesAction('Order 7 ships today. Let me know if you need more.'); // → false
 */
export function announcesAction(text: string): boolean {
  const sentences = lastSentences(text);
  let last = sentences.pop();
  if (last !== undefined && FILLER.test(last)) last = sentences.pop();
  if (last === undefined) return false;
  return ANNOUNCEMENT.test(last) && !NOT_ACTION.test(last);
}

/** The reply's last sentences (of its last two paragraphs), markdown emphasis and list marks removed. */
function lastSentences(text: string): string[] {
  const end = text.trim().split(/\n\s*\n/).slice(-2).join('\n');
  return end
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`]/g, '')
    .split(/(?<=[.!?…:])\s+|\n/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * One run's nudge: whether it is due, and how the reply it brings is kept.
 *
 * @example
 * const nudge = new Nudge(true);
 * if (calls.length === 0 && nudge.due(text, tools > 0, n < max)) continue; // ask again with NUDGE_NOTE
 */
export class Nudge {
  readonly #enabled: boolean;
  #used = false;
  /** The history index of the announcement the next reply joins; set from the nudge until that reply. */
  #announcement: number | undefined;

  constructor(enabled: boolean) {
    this.#enabled = enabled;
  }

  /**
   * A reply without calls: true when it announced an action and a reminder
   * is to be tried (tools are offered, a model call is left, and none was
   * tried in this run). The reply must already be in `history`, last.
   */
  due(text: string, history: readonly ChatMessage[], toolsOffered: boolean, callsLeft: boolean): boolean {
    if (!this.#enabled || this.#used || !toolsOffered || !callsLeft || !announcesAction(text)) return false;
    this.#used = true;
    this.#announcement = history.length - 1;
    return true;
  }

  /** Whether the next request carries the reminder (true once, right after `due`). */
  get pending(): boolean {
    return this.#announcement !== undefined;
  }

  /**
   * Appends an assistant message to the history. The reply to a reminder
   * joins the announcement instead, so one assistant message holds both.
   */
  append(history: ChatMessage[], message: ChatMessage): void {
    const at = this.#announcement;
    this.#announcement = undefined;
    const before = at !== undefined && at === history.length - 1 ? history[at] : undefined;
    if (before?.role !== 'assistant' || message.role !== 'assistant') {
      history.push(message);
      return;
    }
    const content = [before.content ?? '', message.content ?? ''].filter((s) => s !== '').join('\n\n');
    history[at!] = { ...message, content };
  }
}

/**
 * The nudge as a part of the run: the reminder note after an announcement,
 * the `nudge` event, and the reply it brings joined to the announcement.
 * Tools count as offered unless the first call was told to use none
 * (`toolChoice: 'none'`). Nothing when the option is off.
 */
export function nudgePart(enabled: boolean): RunPart | undefined {
  if (!enabled) return undefined;
  const nudge = new Nudge(true);
  return {
    note: () => (nudge.pending ? NUDGE_NOTE : undefined),
    askAgain: (reply, n, ctx) => {
      const offered = ctx.registry.modelTools().length > 0 && !(n === 1 && ctx.turn?.toolChoice === 'none');
      if (!nudge.due(reply, ctx.history, offered, n < ctx.maxIterations)) return false;
      ctx.emit({ type: 'nudge', n: n + 1 });
      return true;
    },
    keepReply: (history, message) => nudge.append(history, message),
  };
}
