/**
 * gpt-oss's harmony format, and the stray tokens raw servers leave in text.
 * Learned from the harmony spec (openai/harmony) and the public parsers
 * (vLLM openai / gptoss tool parser, llama.cpp gpt-oss):
 *
 *   <|channel|>analysis<|message|>thinking…<|end|>
 *   <|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Paris"}<|call|>
 *   <|start|>assistant<|channel|>final<|message|>The answer.<|return|>
 *
 * A message header names its channel and, for a call, its recipient
 * (`to=functions.name`, before or after the channel). The prompt ends with
 * `<|start|>assistant`, so a reply may begin right at a recipient written
 * before the channel: ` to=functions.get_weather<|channel|>commentary json<|message|>{…}`
 * (llama.cpp gpt-oss `tool_call1_regex`); it counts only with a whole header
 * up to `<|message|>` after it. `analysis` is
 * reasoning: removed, and a call inside it never runs. `final` and
 * `commentary` without a recipient are answer text: only the header is
 * hidden, so the answer still streams. A header cut short by the next
 * `<|channel|>` (`commentary to=assistant<|channel|>final…`) and spaces after
 * the tokens (LLM-jp-4.1's dialect: `<|start|> assistant<|channel|> final`)
 * are read as llama.cpp reads them.
 */
import type { Accepted, CallFormat, Verdict } from './call-format.js';
import { callFromArgsText, failed, HOW_TO } from './scan.js';
import { REASONING_TAGS } from '../think-splitter.js';

const HEADER = /^\s*(?:assistant)?\s*(?:to=([^\s<]+)\s*)?(?:<\|channel\|>)?\s*(\w+)?\s*(?:to=([^\s<]+))?\s*(?:<\|constrain\|>\s*)?(?:json)?\s*<\|message\|>/;
/** A header left unfinished before the next channel token (`<|channel|>commentary to=assistant<|channel|>final…`): hidden, no message. */
const BROKEN_HEADER = /^\s*(?:assistant)?\s*(?:<\|channel\|>)?\s*(?:analysis|commentary|final)\s+to=(?!functions\.)[^\s<]+\s*(?=<\|channel\|>)/;
/** The same at the very end of the reply (how the filter hands the hidden header to the parser). */
const BROKEN_HEADER_AT_END = new RegExp(BROKEN_HEADER.source.replace('(?=<\\|channel\\|>)', '(?=<\\|channel\\|>|$)'));
const CALL_END = ['<|call|>', '<|end|>', '<|return|>'];

function harmonyVerdict(after: string, ended: boolean): Verdict {
  const head = after.slice(0, 200);
  const m = HEADER.exec(head);
  const broken = m ? undefined : (ended ? BROKEN_HEADER_AT_END : BROKEN_HEADER).exec(head);
  if (broken) return { close: 'none', header: broken[0].length };
  if (!m) return !ended && after.length < 200 && !head.includes('<|message|>') ? undefined : false;
  const recipient = m[1] ?? m[3];
  const header = m[0].length;
  if (recipient) return { close: CALL_END, header: 0 } satisfies Accepted;
  if (m[2] === 'analysis') return { close: ['<|end|>'], header: m[0].length, thinking: true };
  return { close: 'none', header };
}

/** A recipient that opens the reply, before any channel token. */
const RECIPIENT = 'to=functions.';

/** gpt-oss harmony messages, and the stray end tokens around them. */
export const HARMONY_FORMAT: CallFormat = {
  id: 'harmony',
  families: ['harmony'],
  open: ['<|start|>', '<|channel|>', RECIPIENT],
  accept: (after, ended, opener) => harmonyVerdict(opener === RECIPIENT ? opener + after : after, ended),
  read: (text, ctx, _closed, opener) => {
    const body = opener === RECIPIENT ? opener + text : text;
    const m = HEADER.exec(body);
    const recipient = m?.[1] ?? m?.[3];
    // Reasoning (the analysis channel), or a header cut off before it named anyone: nothing to run.
    if (!m || !recipient) return { calls: [] };
    const name = recipient.replace(/^functions\./, '');
    const args = body.slice(m[0].length);
    if (name === '') return { calls: [failed('', `The call has no recipient name. ${HOW_TO}`, args)] };
    return { calls: [callFromArgsText(name, args, ctx)] };
  },
};

/**
 * Reasoning in the middle of a reply (interleaved thinking; the splitter only
 * takes it at the start): removed with everything in it, so a call written
 * there never runs. Only when its closer follows; an opener alone is prose.
 */
export const MID_REPLY_REASONING: CallFormat = {
  id: 'reasoning',
  families: [],
  open: REASONING_TAGS.map(([open]) => open),
  accept: (after, ended, opener) => {
    const close = REASONING_TAGS.find(([open]) => open === opener)![1];
    if (after.includes(close)) return { close: [close], thinking: true };
    return ended ? false : undefined;
  },
  read: () => ({ calls: [] }),
  weak: true,
};

/**
 * Tokens that mean nothing to a reader of the answer: end-of-message and
 * end-of-sequence tokens raw servers leave in (harmony, Llama 3/4, ChatML,
 * DeepSeek, Gemma), response wrappers (Command R), and reasoning closers
 * whose opener was in the prompt, and turn tokens a template spells out as
 * text (Command R's `<|CHATBOT_TOKEN|>`, Ling's `<|role_end|>`). Hidden
 * wherever they appear.
 */
export const STRAY_TOKENS: CallFormat = {
  id: 'tokens',
  families: [],
  open: [
    '<|end|>', '<|return|>', '<|call|>', '<|eot_id|>', '<|eom_id|>', '<|eot|>', '<|eom|>', '<|python_end|>', '<|im_end|>',
    '<｜end▁of▁sentence｜>', '<|end▁of▁sentence|>', '<|endoftext|>', '[/TOOL_CALLS]', '<|end_of_text|>', '<end_of_turn>',
    '<|START_RESPONSE|>', '<|END_RESPONSE|>', '<|START_TEXT|>', '<|END_TEXT|>', '<|CHATBOT_TOKEN|>', '<|START_OF_TURN_TOKEN|>', '<|END_OF_TURN_TOKEN|>', '<|role_end|>',
    '</think>', '</thinking>', '<|thought_end|>', '[/THINK]', '</seed:think>', '<|END_THINKING|>', '<|inner_suffix|>', '<channel|>', '<|channel>',
  ],
  accept: () => ({ close: 'none' }),
  read: () => ({ calls: [] }),
};
