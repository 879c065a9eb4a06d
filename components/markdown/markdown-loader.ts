/**
 * When the markdown renderer loads, and how: the up-front part of the
 * markdown room (the rest — marked, DOMPurify, the stream, the highlighter —
 * is chunks loaded here, on first need).
 *
 * The renderer is about half of the element's weight, so it is not part of
 * what the page loads before it can show anything. It is loaded once per
 * page, in background steps (`backgroundStep`), when the element's agent is
 * ready or the user sends — whichever comes first — and then warmed up
 * (markdown-warmup.ts): a cold renderer's first slice is a long task.
 *
 * Invariant: no step of it is a long task. Each module is evaluated in a task
 * of its own (evaluated as one chunk they made a long task on a busy machine:
 * marked alone builds a hundred regular expressions as it loads), then the
 * warm-up renders its sample one block per task. `hurryRenderer()` changes
 * only the steps' priority, never their size: a reply waiting to be drawn
 * (its `final` is held until it is) gets the renderer sooner without a hitch.
 */
import { adoptStyles } from '../lazy-view.js';
import { backgroundStep, type StepPriority } from './background-step.js';

/** The renderer's module: `MarkdownStream`, `renderMarkdown`, `markdownStyles`. */
export type MarkdownRenderer = typeof import('./markdown-stream.js');

/**
 * The renderer's modules in the order they are evaluated, one task each.
 * Importing a module a stage already evaluated costs nothing.
 */
const STAGES = [() => import('./sanitize.js'), () => import('marked'), () => import('./markdown-render.js')];

/** The renderer, once loaded and warm (one warm-up per page: the compiled code is shared by every element). */
let warm: Promise<MarkdownRenderer> | undefined;
/** The priority of the steps still to come; raised for good by `hurryRenderer`. */
let priority: StepPriority = 'background';
const step = (): Promise<void> => backgroundStep(priority);

/**
 * Loads and warms the renderer (once per page) and adopts its styles into
 * `container`'s shadow root; resolves with its module. `container` is where
 * the warm-up lays out its sample: a node under the replies' styles, outside
 * the log. Rejects only when a chunk cannot be loaded (offline, a strict CSP).
 *
 * @example
 * const { MarkdownStream } = await loadWarmRenderer(this.renderRoot);
 */
export function loadWarmRenderer(container: Node): Promise<MarkdownRenderer> {
  const renderer = (warm ??= (async () => {
    for (const stage of STAGES) {
      await step();
      await stage();
    }
    await step();
    const [renderer, { warmUpMarkdown }] = await Promise.all([import('./markdown-stream.js'), import('./markdown-warmup.js')]);
    // The sample is laid out as a reply is: under the replies' styles.
    adoptStyles(container, renderer.markdownStyles);
    await warmUpMarkdown(container, step);
    return renderer;
  })());
  // Each element's own sheets (the warm-up adopted them into the first one's).
  return renderer.then((r) => (adoptStyles(container, r.markdownStyles), r));
}

/**
 * Someone waits for the renderer (a reply is ready to be drawn): the steps
 * left run at `user-visible` priority, no longer behind the page's other
 * background work. Each step stays one small task.
 */
export function hurryRenderer(): void {
  priority = 'user-visible';
}

/**
 * The renderer's module alone, not warmed (a sub-agent's finished reply,
 * drawn once): the same chunk `loadWarmRenderer` loads.
 */
export function loadRenderer(): Promise<MarkdownRenderer> {
  return import('./markdown-stream.js');
}
