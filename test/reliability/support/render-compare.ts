/**
 * Streams a reply through `MarkdownStream` in given deltas, and compares the
 * final DOM with the reply rendered whole, as normalised HTML.
 */
import { MarkdownStream } from '../../../components/markdown/markdown-stream.js';
import { renderMarkdown } from '../../../components/markdown/markdown-render.js';
import { random } from './seeded.js';

/** How the passes fall while the deltas arrive. */
export interface StreamPlan {
  /** Seed of the choices below. */
  seed: number;
  /** Chance that a pass runs after a delta (1: after every delta). */
  passChance?: number;
  /** Source characters per slice (small values cut long lines mid-line). */
  sliceChars?: number;
}

/** The final DOM of `pieces` streamed into a `MarkdownStream`, passes falling as `plan` says. */
export function streamed(pieces: readonly string[], plan: StreamPlan): HTMLElement {
  const rand = random(plan.seed);
  let pending: (() => void) | undefined;
  const md = new MarkdownStream({ schedule: (render) => (pending = render), now: () => 0, ...(plan.sliceChars ? { sliceChars: plan.sliceChars } : {}) });
  const pass = (): void => {
    const render = pending;
    pending = undefined;
    render?.();
  };
  for (const piece of pieces) {
    md.append(piece);
    if (rand() < (plan.passChance ?? 1)) pass();
  }
  md.finish();
  for (let i = 0; pending && i < 100_000; i++) pass();
  return md.element;
}

/**
 * The blocks of a rendering as one HTML string: the stream's group and tail
 * wrappers removed, whitespace-only text between blocks dropped, adjacent
 * text nodes merged (serialising does that).
 */
export function normalizedHtml(root: ParentNode): string {
  const out: string[] = [];
  const visit = (parent: ParentNode): void => {
    for (const node of parent.childNodes) {
      if (node instanceof HTMLElement && (node.classList.contains('markdown-group') || node.classList.contains('markdown-tail'))) {
        visit(node);
      } else if (node instanceof Element) {
        out.push(node.outerHTML);
      } else if (node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '') {
        const span = document.createElement('span');
        span.textContent = node.textContent;
        out.push(span.innerHTML);
      }
    }
  };
  visit(root);
  return out.join('');
}

/** The reply rendered whole, normalised. */
export function wholeHtml(text: string): string {
  return normalizedHtml(renderMarkdown(text));
}

/** Where two strings first differ, with some context: for failure messages. */
export function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 60);
  return `at ${i}:\n  streamed: ${JSON.stringify(a.slice(from, i + 80))}\n  whole:    ${JSON.stringify(b.slice(from, i + 80))}`;
}
