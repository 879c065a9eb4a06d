/**
 * The markdown renderer's first use, done in small background steps before
 * the first reply needs it.
 *
 * Why: a cold renderer's first pass costs several times a warm one — V8
 * compiles marked's block and inline rules (some are regular expressions of
 * several KB), the lexer, DOMPurify and the highlighter on their first calls,
 * and the browser finds the fonts and lays out the first markdown (bold,
 * italic, monospace, headings) — all in the frame that shows the first
 * tokens of the first reply, the worst moment for a hitch (on a busy machine,
 * a task of 50–300 ms). Rendering a sample that touches every block rule,
 * each inline mark and each highlighter grammar, one small block per task
 * and laid out at once, pays the same costs in pieces while nobody waits.
 * Measured by the `first-reply` bench (bench/lib/first-reply.js).
 *
 * Invariant: nothing of the sample stays in the document, and it is never
 * seen or announced (the holder is `aria-hidden`, `inert`, invisible and out
 * of the flow, but laid out, since laying out is half of what warms).
 */
import { MarkdownStream } from './markdown-stream.js';
import { sanitizeToFragment } from './sanitize.js';

/**
 * A reply in miniature: each block rule of marked (headings both ways, lists
 * loose and tight, quote, table, fences, rules, raw HTML, a link definition),
 * each inline mark, and a line of every grammar the highlighter knows.
 */
const SAMPLE = `Plain words.

# Heading

Some **bold**.

Some _emphasis_.

Some \`code()\`.

Some ~~struck~~ text.

A [link](https://example.com "title") and https://example.com/autolink.

A <kbd>Ctrl</kbd> key.

A line\\
with a hard break and a [reference][ref].

[ref]: https://example.com/ref

Setext heading
--------------

## Lists

- one item
- two *items*
  1. nested
  2. ordered

3) loose

4) list

- [ ] task

> A quote with **marks**
> > and one nested.

| id | status | total |
|---|:---:|---:|
| order-1 | shipped | 12.50 |

    indented code

<div>raw <b>html</b></div>

***

\`\`\`ts
export const total = (items: Item[]): number => items.reduce((sum, i) => sum + i.price, 0); // sum
\`\`\`

\`\`\`js
/* block */ const s = \`a \${b}\`; console.log('x', 42);
\`\`\`

\`\`\`python
def total(items): return sum(i.price for i in items)  # sum "s"
\`\`\`

\`\`\`json
{ "id": "order-42", "qty": 2, "ok": true }
\`\`\`

\`\`\`bash
npm install pageloop && echo "done" # comment
\`\`\`

\`\`\`css
.a { color: #fff; margin: 0 2px; } /* c */
\`\`\`

\`\`\`html
<p class="a">text</p><!-- c -->
\`\`\`

\`\`\`sql
SELECT id, total FROM orders WHERE status = 'shipped'; -- c
\`\`\`

\`\`\`go
func total(items []Item) int { return len(items) } // c
\`\`\`

\`\`\`rust
fn total(items: &[Item]) -> u32 { items.len() as u32 } // c
\`\`\`

~~~
tilde fence
~~~
`;

/**
 * Renders the sample into `container` one block per step, each step laid
 * out at once, then removes it. Resolves when done; never rejects (a warm-up
 * that fails only leaves the renderer cold, as it would have been).
 *
 * @param container Where the sample is laid out: inside the element's shadow
 *   root, so the replies' styles apply. It must stay out of the log.
 * @param nextStep Resolves when the next step may run, in a task of its own
 *   (the element passes `backgroundStep`; a parameter, so that this lazy chunk
 *   shares no module with the page's up-front code).
 *
 * @example
 * await warmUpMarkdown(shadowRoot, backgroundStep);
 */
export async function warmUpMarkdown(container: Node, nextStep: () => Promise<void>): Promise<void> {
  const holder = document.createElement('div');
  holder.className = 'markdown-warmup';
  holder.setAttribute('aria-hidden', 'true');
  holder.inert = true;
  // Laid out like a reply (fonts, line breaking), never painted or hit: the styles' `.markdown-warmup`.
  // The steps drive the passes themselves (a pass per step), so the stream schedules none.
  const stream = new MarkdownStream({ schedule: () => {} });
  holder.append(stream.element);
  container.appendChild(holder);
  try {
    // DOMPurify's set-up (its own document, its hooks) is a step of its own.
    await nextStep();
    sanitizeToFragment('<p>a</p>');
    // One block a step: each block type's first use (its rules compiled, its fonts found) is a step of its own.
    for (const block of SAMPLE.split(/\n(?=\n)/)) {
      await nextStep();
      stream.append(block);
      stream.render();
      // Reading a size lays out what the step wrote, in the same step.
      void holder.scrollHeight;
    }
    await nextStep();
    stream.finish();
    stream.render();
  } catch {
    // Nothing to do: the first reply pays the first use instead.
  } finally {
    holder.remove();
  }
}
