/**
 * The log's own lines in English ("Stopped.", the step limit, the
 * self-check, the reminder, the mark where the history was shortened): the
 * ids every catalog translates (components/i18n/words.ts). The reducer keeps
 * what a line says as data — a notice's `said` (its message id and values),
 * a context mark's figures — and the line is written when it is drawn, so a
 * change of language rewrites the lines already in the log, and a reload
 * (which replays the stored events) writes them in the language of then.
 * Numbers are written with the locale's format when drawn: a message's
 * parameters are texts, except a `count` that picks a plural form (with the
 * same number, written, after it).
 */
import type { ContextEvent } from '../../src/types.js';
import { sayWithValues, speak, type I18n, type Phrase } from '../i18n/index.js';
import type { ReportedPhrase } from './reported-notice-words.js';
import { formatCount } from '../format/index.js';

export const noticeWords = {
  noticeStopped: 'Stopped.',
  noticeInterrupted: 'Interrupted: the page was closed or reloaded while this reply was going.',
  /** `max` written, `count` the same number (its plural form); an app's `labels` written for `(max)` alone still work. */
  noticeStepLimit: (max: string, count: number) => `Stopped after ${max} step${count === 1 ? '' : 's'}: the step limit was reached before the task was finished.`,
  noticeStepLimitUnknown: 'Stopped at the step limit before the task was finished.',
  noticeSelfCheck: (n: string) => `Self-check at step ${n}`,
  noticeNudge: 'Reminded the model to act on what it announced',
  /** The sizes of a shortened request: "9,800 → 3,100 tokens of 8,192" (`count`: the `after` number, which picks the noun's form). */
  logContextSizes: (before: string, after: string, window: string, count: number) => `${before} → ${after} token${count === 1 ? '' : 's'} of ${window}`,
  logContextFolded: (count: number, shown: string, sizes: string) =>
    `${count === 1 ? '1 earlier message' : `${shown} earlier messages`} folded into a summary to fit the model's context (${sizes}).`,
  logContextDropped: (count: number, shown: string, sizes: string) =>
    `${count === 1 ? '1 earlier message' : `${shown} earlier messages`} left out to fit the model's context; the summary could not be made (${sizes}).`,
  logContextCutMessage: (sizes: string) => `This message is too long for the model's context: its middle was left out of what was sent (${sizes}); the whole message is kept here.`,
  logContextCutResult: (before: string, after: string, count: number) => `A long tool result was cut to fit the model's context (${before} → ${after} token${count === 1 ? '' : 's'}); the model can read on.`,
};

/** The log's own lines, as the element's language writes them. */
export type NoticeWords = typeof noticeWords;

/** A notice the reducer keeps as data: its message id, and its numbers (written when drawn). */
export type NoticePhrase = readonly ['noticeStopped' | 'noticeInterrupted' | 'noticeStepLimitUnknown' | 'noticeNudge'] | readonly ['noticeStepLimit' | 'noticeSelfCheck', number];

/**
 * `said` in `w`'s language, its number written with `count` and handed as
 * the number too (which a message with a plural form picks it by). The data is the
 * same as stored by earlier versions: `['noticeStepLimit', 8]`.
 */
export function noticeText(said: NoticePhrase, w: NoticeWords = noticeWords, count: (n: number) => string = formatCount): string {
  return speak(w, (said.length === 2 ? [said[0], count(said[1]), said[1]] : said) as Phrase<NoticeWords>);
}

/** The figures of a context mark (a `context` event's), kept on its log item. */
export type ContextFigures = Pick<ContextEvent, 'action' | 'messages' | 'before' | 'after' | 'contextTokens'> & { result?: true };

/** What the log's mark of a shortened history says, in `w`'s language. */
export function contextNoteText(f: ContextFigures, w: NoticeWords = noticeWords, count: (n: number) => string = formatCount): string {
  const sizes = w.logContextSizes(count(f.before), count(f.after), count(f.contextTokens), f.after);
  switch (f.action) {
    case 'folded':
      return w.logContextFolded(f.messages, count(f.messages), sizes);
    case 'dropped':
      return w.logContextDropped(f.messages, count(f.messages), sizes);
    case 'cut':
      return f.result ? w.logContextCutResult(count(f.before), count(f.after), f.after) : w.logContextCutMessage(sizes);
  }
}

/**
 * The log's own line `said` in `i18n`'s language: a line of this table; a
 * reported one (reported-notice-words.ts) as the catalog or `labels` write it,
 * each value drawn by `value` (else, in English, its reporter's text); a
 * notice kept as text (a command's answer, an old state), its text.
 */
export function noticeIn<T>(i18n: I18n, count: (n: number) => string, item: { text: string; said?: NoticePhrase | ReportedPhrase | undefined }, value: (text: string) => T): Array<string | T> {
  const said = item.said;
  if (!said) return [item.text];
  if (Object.hasOwn(noticeWords, said[0])) return [noticeText(said as NoticePhrase, i18n.words(noticeWords), count)];
  const word = i18n.message(said[0]);
  return word === undefined ? [item.text] : sayWithValues(word, said.slice(1), (p) => value(String(p)));
}
