/**
 * A piece of `<agent-chat>`'s view whose code is a chunk of its own, loaded
 * the first time the element has something for it to show (a plan, the
 * in-page engine's progress): most pages never show it, so it costs them
 * nothing up front. Until the chunk is in, the piece draws nothing; then the
 * element updates and draws it. The module's `styles`, if it has any, join
 * the element's adopted sheets as it loads (a strict CSP's `style-src 'self'`
 * allows constructed sheets). The element's `updateComplete` waits for every
 * load it started (`piecesLoaded`), so "shown after the update" still holds.
 */
import type { CSSResult, ReactiveControllerHost } from 'lit';

/** Adds `styles` once to the shadow root of `host` (an element: its own; a node inside one: that one). */
export function adoptStyles(host: Node, styles: CSSResult): void {
  const root = (host as Partial<Element>).shadowRoot ?? host.getRootNode();
  const sheet = styles.styleSheet;
  if (root instanceof ShadowRoot && sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** The first-use loads each element started: its LazyViews', and any piece's own (`trackLoad`). */
const started = new WeakMap<object, Promise<void>[]>();

/** Counts `load` among `host`'s first-use loads (for `piecesLoaded`); returns it. */
export function trackLoad(host: object, load: Promise<void>): Promise<void> {
  const loads = started.get(host);
  if (loads) loads.push(load);
  else started.set(host, [load]);
  return load;
}

/** Resolves once every first-use load `host` started has settled, with how many it started (0 at once when none). */
export async function piecesLoaded(host: object): Promise<number> {
  const loads = started.get(host);
  if (!loads) return 0;
  const count = loads.length;
  await Promise.all(loads);
  return count;
}

/** A module loaded on first use; `get()` is undefined until it is in. */
export class LazyView<M extends object> {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #load: () => Promise<M>;
  #module: M | undefined;
  #loading: Promise<void> | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, load: () => Promise<M>) {
    this.#host = host;
    this.#load = load;
  }

  /** The module if loaded; the first call starts the load, and the element updates once it is in. */
  get(): M | undefined {
    this.#loading ??= trackLoad(
      this.#host,
      this.#load().then(
        (module) => {
          const { styles } = module as { styles?: CSSResult };
          if (styles) adoptStyles(this.#host, styles);
          this.#module = module;
          this.#host.requestUpdate();
        },
        (err: unknown) => console.error('pageloop: a part of the chat could not be loaded', err),
      ),
    );
    return this.#module;
  }
}
