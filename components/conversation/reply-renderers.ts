/**
 * The markdown renderers of an `<agent-chat>`'s replies, as a Lit
 * ReactiveController: one `MarkdownStream` per assistant block, fed only the
 * text that is new since the last update, dropped when its block leaves the log.
 *
 * The renderer (marked + DOMPurify, about half of the element's weight) is
 * the markdown room's: it loads and warms up on first need — when the agent
 * is ready or the user sends (`load`) — in background steps
 * (markdown-loader.ts).
 *
 * Invariant: a reply is never drawn as raw markdown while the renderer is on
 * its way. A reply that comes before it is warm (the first one, sent the
 * moment the agent is ready; a stored thread opened at once) is `held`: its
 * message shows that it is coming, the renderer's remaining steps are hurried
 * (`hurryRenderer`), and the reply is drawn formatted once it is in. Only
 * when the renderer cannot load (offline, a strict CSP) are replies plain
 * text, every character kept.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AssistantItem, LogItem } from './conversation-state.js';
import { hurryRenderer, loadWarmRenderer, type MarkdownStream } from '../markdown/index.js';

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
  #failed = false;

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

  /** Starts loading (and warming) the renderer; until it is warm, replies are held. Settles once it is warm (or failed). */
  load(): Promise<void> {
    return (this.#loading ??= loadWarmRenderer(this.#warmIn()).then(
      (renderer) => {
        this.#Stream = renderer.MarkdownStream;
        this.#host.requestUpdate();
      },
      () => {
        // The chunk did not load (offline, a strict CSP): replies are plain text, nothing is lost.
        this.#failed = true;
        this.#host.requestUpdate();
      },
    ));
  }

  /** True while replies wait for the renderer (drawn once it is in); false once it is, or could not load (then they are plain text). */
  get held(): boolean {
    return !this.#Stream && !this.#failed;
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
      hurryRenderer();
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
    if (!Stream) {
      // A reply waits for the renderer: load it if nothing did yet, and hurry it.
      if (this.held && this.#items().some((item) => item.kind === 'assistant' && item.text !== '')) {
        void this.load();
        hurryRenderer();
      }
      return;
    }
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
