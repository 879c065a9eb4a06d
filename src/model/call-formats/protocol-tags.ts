/**
 * Tags of ReAct-style prompting that are not calls but must not reach the
 * user as written (seed 001, forge: `<thinking>`, `<final_answer>`, and the
 * `<observation>` pageloop's own text protocol feeds back):
 *
 *   <tool_call>{"name": "get_orders", "arguments": {}}</tool_call>
 *   <observation>[{"id": 7}]</observation>     ← invented by the model: cut, with all after it
 *   <final_answer>Order 7 is late.</final_answer>  ← the user sees "Order 7 is late."
 *
 * - `<final_answer>` and `</final_answer>` are hidden where they stand; the
 *   text between them is the answer and streams as it arrives.
 * - An `<observation` written after a call of the same reply is a result the
 *   model made up instead of waiting for the real one: it and everything
 *   after it are cut (never shown, never stored), exactly what a server that
 *   honours the text protocol's stop sequence would have sent. Before any
 *   call it is prose and stays text: cutting it there could lose an answer.
 *
 * (`<thinking>` is reasoning, so it lives with the other reasoning tags in
 * think-splitter.ts and harmony.ts.)
 */
import type { CallFormat } from './call-format.js';

/** `<final_answer>…</final_answer>`: the wrapper is hidden, the answer inside is text. */
export const FINAL_ANSWER: CallFormat = {
  id: 'final-answer',
  families: [],
  open: ['<final_answer>', '</final_answer>'],
  accept: () => ({ close: 'none' }),
  read: () => ({ calls: [] }),
};

/** What the text protocol asks servers to stop at: the start of an observation the model would invent. */
export const OBSERVATION_OPENER = '<observation';

/** An observation the model writes after its own call: cut to the end of the reply. */
export const INVENTED_OBSERVATION: CallFormat = {
  id: 'observation',
  families: [],
  open: [OBSERVATION_OPENER],
  accept: (after, ended, _opener, ctx) => {
    if (!ctx.afterCall) return false;
    if (after === '') return ended ? false : undefined;
    // `<observation>` or `<observation tool="…">`; `<observations` is another word.
    return /^[\s>]/.test(after) ? { close: 'end' } : false;
  },
  read: () => ({ calls: [] }),
  weak: true,
};
