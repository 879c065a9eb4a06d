/**
 * The markdown renderers of an `<agent-chat>`'s replies, as a Lit
 * ReactiveController: one `MarkdownStream` per assistant block, fed only the
 * text that is new since the last update, dropped when its block leaves the log.
 *
 * The renderer (marked + DOMPurify, about half of the element's weight) is
 * loaded on first need — when the agent is ready or the user sends — rather
 * than before the page can show anything, and then warmed up in background steps
 * (`markdown-warmup.ts`): a cold renderer's first slice is a long task. Replies
 * that start before it is warm show as plain text until it is.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AssistantItem, LogItem } from './conversation-state.js';
import type { MarkdownStream } from '../markdown/markdown-stream.js';
import { backgroundStep } from '../background-step.js';
import { adoptStyles } from '../lazy-view.js';

/**
 * The renderer's modules in the order they are evaluated, one task each:
 * evaluated as one chunk they made a long task on a busy machine (marked
 * alone builds a hundred regular expressions as it loads). Importing a module
 * a stage already evaluated costs nothing.
 */
const STAGES = [() => import('../markdown/sanitize.js'), () => import('marked'), () => import('../markdown/markdown-render.js')];

/** The renderer's module, once loaded and warm (one warm-up per page: the compiled code is shared). */
let warmRenderer: Promise<typeof import('../markdown/markdown-stream.js')> | undefined;
function loadWarmRenderer(container: Node): Promise<typeof import('../markdown/markdown-stream.js')> {
  return (warmRenderer ??= (async () => {
    for (const stage of STAGES) {
      await backgroundStep();
      await stage();
    }
    await backgroundStep();
    const [renderer, { warmUpMarkdown }] = await Promise.all([import('../markdown/markdown-stream.js'), import('../markdown/markdown-warmup.js')]);
    // The sample is laid out as a reply is: under the replies' styles.
    adoptStyles(container, renderer.markdownStyles);
    await warmUpMarkdown(container, backgroundStep);
    return renderer;
  })());
}

/** Keeps one markdown stream per assistant block in step with the log. */
export class ReplyRenderers implements ReactiveController {
  #host: ReactiveControllerHost;
  #items: () => readonly LogItem[];
  #onRender: () => void;
  #warmIn: () => Node;
  /** Each assistant block's renderer, and how much of the block's text it has been fed. */
  #streams = new Map<string, { stream: MarkdownStream; fed: number }>();
  #Stream: typeof MarkdownStream | undefined;
  /** Settles once the renderer is warm and in use (or failed to load: replies then stay plain text). */
  #loading: Promise<void> | undefined;

  /**
   * @param items The log as the element will render it next.
   * @param onRender Called whenever a stream put more of a reply on screen (e.g. to keep it scrolled).
   * @param warmIn Where the warm-up lays out its sample: a node under the replies' styles, outside the log.
   */
  constructor(host: ReactiveControllerHost, items: () => readonly LogItem[], onRender: () => void, warmIn: () => Node) {
    this.#host = host;
    this.#items = items;
    this.#onRender = onRender;
    this.#warmIn = warmIn;
    host.addController(this);
  }

  /** Starts loading (and warming) the renderer; until it is warm, replies show as plain text. Settles once it is warm (or failed). */
  load(): Promise<void> {
    return (this.#loading ??= loadWarmRenderer(this.#warmIn()).then(
      (renderer) => {
        // Each element's own sheets (the warm-up adopted them into the first one's).
        adoptStyles(this.#warmIn(), renderer.markdownStyles);
        this.#Stream = renderer.MarkdownStream;
        this.#host.requestUpdate();
      },
      () => {
        // The chunk did not load (offline, a strict CSP): replies stay plain text, nothing is lost.
      },
    ));
  }

  /** The rendered element of a block, or undefined while it shows as plain text. */
  elementFor(item: AssistantItem): HTMLElement | undefined {
    return this.#streams.get(item.id)?.stream.element;
  }

  /**
   * Resolves when every reply is on screen as markdown: the renderer warm
   * (when a reply waits for it as plain text) and every stream done with what
   * it was fed (a long reply takes several frames).
   */
  async renderComplete(): Promise<void> {
    if (!this.#Stream && this.#loading && this.#items().some((item) => item.kind === 'assistant' && item.text !== '')) {
      await this.#loading;
      // The update the renderer's arrival requested makes the streams.
      await this.#host.updateComplete;
    }
    await Promise.all([...this.#streams.values()].map((entry) => entry.stream.renderComplete));
  }

  /** Forgets every stream (the log was cleared or replaced). */
  clear(): void {
    this.#streams.clear();
  }

  /** Before each render: brings every block's stream up to its text. Cheap when nothing changed. */
  hostUpdate(): void {
    const Stream = this.#Stream;
    if (!Stream) return;
    const live = new Set<string>();
    for (const item of this.#items()) {
      if (item.kind !== 'assistant') continue;
      live.add(item.id);
      let entry = this.#streams.get(item.id);
      // Text was withdrawn (a `retraction`: it was reasoning): the block renders afresh.
      if (!entry || item.text.length < entry.fed) {
        entry = { stream: new Stream({ onRender: this.#onRender }), fed: 0 };
        this.#streams.set(item.id, entry);
      }
      // Counted here, not from the stream's text, which drops carriage returns.
      if (item.text.length > entry.fed) {
        entry.stream.append(item.text.slice(entry.fed));
        entry.fed = item.text.length;
      }
      // Rendering the rest is the stream's, over the next frames: never a long task here.
      if (!item.streaming) entry.stream.finish();
    }
    for (const id of this.#streams.keys()) if (!live.has(id)) this.#streams.delete(id);
  }
}
