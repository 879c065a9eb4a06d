/**
 * The conversation's words in English (the log, its messages, the status
 * line, the error banner): the ids every catalog translates
 * (components/i18n/words.ts says how a table is used).
 */
import { formatCount } from '../format/index.js';
import type { I18n } from '../i18n/index.js';

export const conversationWords = {
  conversation: 'Conversation',
  emptyLog: 'Ask a question to start. Type /help for commands.',
  you: 'You:',
  workflowBadge: (name: string) => `Workflow: ${name}`,
  thinking: 'Thinking…',
  thought: 'Thought',
  attachedFiles: 'Attached files',
  filesFrom: (tool: string) => `Files from ${tool}`,
  suggestedAnswers: 'Suggested answers',
  continue: 'Continue',
  retry: 'Retry',
  dismissError: 'Dismiss error',
  starting: 'Starting…',
  stepOf: (n: string, max: string) => `Step ${n} of ${max}`,
  stop: 'Stop',
  /** `count` and `hidden` written, `n` and `hiddenN` the same numbers (their plural forms). */
  showEarlier: (count: string, hidden: string, n: number, hiddenN: number) => `Show ${count} earlier (${hidden} not shown)`,
  usageTitle: 'Tokens of the last model call',
  tokensIn: (count: string) => `${count} in`,
  tokensOut: (count: string) => `${count} out`,
  contextFilled: (percent: string, size: string) => `context ${percent} of ${size}`,
  retryWait: (reason: string, seconds: string, attempt: string) => `The server did not answer (${reason}): trying again in ${seconds} s (attempt ${attempt}).`,
  retryNow: (reason: string, attempt: string) => `The server did not answer (${reason}): trying again now (attempt ${attempt}).`,
  showAll: (lines: string, count: number) => `Show all (${lines} line${count === 1 ? '' : 's'})`,
  showLess: 'Show less',
  showMore: 'Show more',
  copyError: 'Copy',
  rawError: 'Raw text',
  errorDetails: 'Details',
};

/** The conversation's words, as the element's language writes them. */
export type ConversationWords = typeof conversationWords;

/** The conversation's words and number formats, as the element hands them to its views (made per render: `conversationSpeech`). */
export interface ConversationSpeech {
  readonly w: ConversationWords;
  /** A count: "1,234" (en), "1.234" (de). */
  readonly count: (n: number) => string;
  /** A share: "30%" (en), "30 %" (de). */
  readonly percent: (fraction: number) => string;
  /** An error by its code and params, in the element's language (error-words.ts); undefined: its English message is what shows. */
  readonly error?: (code: string, params: Readonly<Record<string, string | number>> | undefined) => string | undefined;
}

/** English, written without ICU (components/format/format-count.ts says why). */
export const englishSpeech: ConversationSpeech = { w: conversationWords, count: formatCount, percent: (fraction) => `${Math.round(fraction * 100)}%` };

/** The conversation's speech in `i18n`'s language. */
export function conversationSpeech(i18n: I18n): ConversationSpeech {
  const format = i18n.format;
  const w = i18n.words(conversationWords);
  const speech = format ? { w, count: format.count, percent: format.percent } : { ...englishSpeech, w };
  return { ...speech, error: (code, params) => errorText(i18n, speech.count, code, params) };
}

/**
 * Error `code` in the element's words: message `err` + the code in
 * PascalCase (`http` → `errHttp`, error-words.ts), from the app's `labels`
 * or the catalog, its parameters the error's `params` in their order
 * (numbers formatted). Undefined when there is no such message, or the
 * error lacks the values it needs: the error's English message shows then.
 */
function errorText(i18n: I18n, count: (n: number) => string, code: string, params: Readonly<Record<string, string | number>> | undefined): string | undefined {
  const word = i18n.message(`err${code.replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase())}`);
  if (typeof word !== 'function') return word;
  const values = Object.values(params ?? {}).map((v) => (typeof v === 'number' ? count(v) : v));
  return word.length === values.length ? (word as (...args: string[]) => string)(...values) : undefined;
}
