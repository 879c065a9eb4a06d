/**
 * Hermes 2 Pro's fenced calls. llama.cpp's hermes 2 pro parser accepts a
 * call after "```", "```xml" or "```json" and a newline, bare or in one of
 * its wrappers, and its grammar triggers include all of these:
 *
 *   ```xml                 ```                 ```xml
 *   <tool_call>            {"name": …}         <response>
 *   {"name": …}            ```                 {"name": …}
 *   </tool_call>                               </response>
 *   ```                                        ```
 *
 * `<tool_call>` in a fence is markup as soon as it is seen. Anything else is
 * weak (a fence of JSON is also how answers show data): the fence counts only
 * when its whole body is call objects naming offered tools, and is held until
 * its closing fence to tell; any other fence is answer text (the code-fence
 * row). ```` ```json ```` around bare JSON is the fenced-json row's.
 */
import type { CallFormat, ReadContext, Verdict } from './call-format.js';
import { expectLiteral, readJsonCalls } from './scan.js';
import { LOOKAHEAD, weakJson } from './verdicts.js';
import { readToolCallBody } from './xml-formats.js';

/** The wrappers llama.cpp's hermes 2 pro parser accepts around a call (besides `<tool_call>`). */
const WRAPPERS = ['<function_call>', '<response>', '<tools>', '<tool>', '<json>', '<JSON>', '<xml>'];
const WRAPPER_TAG = /<\/?(?:function_call|response|tools|tool|json|JSON|xml)>/g;

function fencedCallVerdict(after: string, ended: boolean, _opener: string, ctx: ReadContext): Verdict {
  const line = /^(xml|json|tool_call|)[ \t]*\r?\n\s*/.exec(after);
  if (!line) return !ended && /^[\w+#.-]*[ \t]*$/.test(after) && after.length < LOOKAHEAD ? undefined : false;
  const head = after.slice(line[0].length);
  const header = line[0].length;
  if (head === '') return ended ? false : undefined;
  if (head[0] === '<') {
    const toolCall = expectLiteral(head, '<tool_call>', ended);
    if (toolCall) return { close: ['</tool_call>\n```', '</tool_call>```', '</tool_call>\r\n```'], header };
    const wrapper = WRAPPERS.find((w) => head.startsWith(w));
    if (!wrapper) return toolCall === undefined || (!ended && WRAPPERS.some((w) => w.startsWith(head))) ? undefined : false;
    return fencedJson(head.slice(wrapper.length), ended, ctx, `</${wrapper.slice(1)}`);
  }
  // ```json with bare JSON is the fenced-json row's.
  if (line[1] === 'json' || (head[0] !== '{' && head[0] !== '[')) return false;
  return fencedJson(head, ended, ctx, '```');
}

/** Weak JSON in the fence; accepted, the block still runs to the closing fence. */
function fencedJson(json: string, ended: boolean, ctx: ReadContext, closer: string): Verdict {
  const verdict = weakJson(json, ended, ctx, closer);
  return verdict ? { close: ['```'], header: 0 } : verdict;
}

/** The fenced-call row: one of Hermes 2 Pro's lenient forms. */
export const FENCED_CALL: CallFormat = {
  id: 'fenced-call',
  families: ['hermes'],
  open: ['```'],
  weak: true,
  accept: fencedCallVerdict,
  read: (body, ctx, closed) => {
    const start = body.search(/\S/);
    if (body.startsWith('<tool_call>', start)) {
      const parts = body.split(/<\/?tool_call>/).filter((p) => p.trim() !== '');
      return { calls: parts.flatMap((p) => readToolCallBody(p, ctx, closed, '<tool_call>', '')) };
    }
    // The fence line, then the call objects, in a wrapper or bare.
    const json = body.replace(/^[\w]*[ \t]*\r?\n/, '').replace(WRAPPER_TAG, ' ');
    return { calls: readJsonCalls(json, 'the code fence', ctx).calls };
  },
};
