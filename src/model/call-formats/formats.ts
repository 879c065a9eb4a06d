/**
 * The table of every format pageloop reads, and the choice of rows for a
 * `toolFormat` hint. Adding a family is adding a row in its family module.
 */
import type { ToolFormat } from '../../types.js';
import type { CallFormat } from './call-format.js';
import { FENCED_CALL } from './fenced-calls.js';
import { HARMONY_FORMAT, MID_REPLY_REASONING, STRAY_TOKENS } from './harmony.js';
import { JSON_FORMATS } from './json-formats.js';
import { FINAL_ANSWER, INVENTED_OBSERVATION } from './protocol-tags.js';
import { PYTHONIC_FORMATS } from './pythonic.js';
import { TOKEN_FORMATS } from './token-formats.js';
import { XML_FORMATS } from './xml-formats.js';

/** Every row, in no particular order: the scanner takes the earliest opener in the text. */
export const CALL_FORMATS: readonly CallFormat[] = [...XML_FORMATS, FENCED_CALL, ...JSON_FORMATS, ...TOKEN_FORMATS, ...PYTHONIC_FORMATS, HARMONY_FORMAT, MID_REPLY_REASONING, STRAY_TOKENS, FINAL_ANSWER, INVENTED_OBSERVATION];

const byHint = new Map<ToolFormat | undefined, readonly CallFormat[]>();

/**
 * The rows to look for: all of them, or those of the hinted family (plus the
 * reasoning blocks, stray tokens and ReAct tags, which any model may write).
 *
 * @example
 * formatsFor('glm').map((f) => f.id); // → ['hermes', 'reasoning', 'tokens', 'final-answer', 'observation']
 */
export function formatsFor(hint: ToolFormat | undefined): readonly CallFormat[] {
  let rows = byHint.get(hint);
  if (!rows) {
    rows = hint === undefined ? CALL_FORMATS : CALL_FORMATS.filter((f) => f.families.length === 0 || f.families.includes(hint));
    byHint.set(hint, rows);
  }
  return rows;
}
