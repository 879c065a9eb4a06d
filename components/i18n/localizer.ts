/**
 * The element's language, as a controller: which locale it shows (its
 * `locale`, else the nearest `lang` of the page, else the browser's), the
 * catalog of that locale (a chunk loaded the first time the locale is shown:
 * catalogs.ts), the app's own `labels` over both, and the writing direction.
 *
 * Invariant: what is drawn is always whole — English until the catalog is in
 * (the element's `updateComplete` waits for that load: lazy-view.ts's
 * `trackLoad`), then the catalog, never a mix of two catalogs; a catalog that
 * fails to load leaves English and says so once on the console.
 *
 * Why not `@lit/localize`: its runtime keeps ONE locale per page
 * (`configureLocalization` may be called once, and `msg()` reads a module
 * global), while `<agent-chat>` ships inside other teams' pages, two may sit
 * side by side in different languages, and each has its own `labels`. Its
 * runtime is also larger up front than this file (docs-site/guide/localisation.md
 * gives both sizes, measured).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { directionOf } from './direction.js';
import type { Catalog, I18n, LocaleFormats, Word, Words } from './words.js';
import { trackLoad } from '../lazy-view.js';

/** What the localizer reads of its element. */
export interface LocalizedHost extends ReactiveControllerHost, HTMLElement {
  /** The locale asked for (`locale` attribute); empty or unset: the page's, then the browser's. */
  locale?: string | undefined;
  /** The app's wording of any message, by id. */
  labels?: Readonly<Record<string, unknown>> | undefined;
}

/** The element's `I18n` (words.ts), kept in step with its `locale`, `labels` and the page's `lang`. */
export class Localizer implements ReactiveController, I18n {
  readonly #host: LocalizedHost;
  /** The tag asked for, as written (the page's, the browser's, or `locale`). */
  #asked = '';
  /** The catalog shown; undefined for English. */
  #catalog: Catalog | undefined;
  /** The catalog's tag, or `en`. */
  #shown = 'en';
  /** The tag asked for whose catalog is on its way (the latest ask wins). */
  #loading: string | undefined;
  #labels: Readonly<Record<string, unknown>> | undefined;
  /** Each English table's words, as last made (emptied when the catalog or the labels change). */
  #made = new WeakMap<Words, Words>();
  /** The `dir` and `lang` this controller put on the host: an author's own attribute is never overwritten. */
  #set: { dir?: string; lang?: string } = {};
  #observer: MutationObserver | undefined;

  constructor(host: LocalizedHost) {
    this.#host = host;
    host.addController(this);
  }

  get locale(): string {
    return this.#shown;
  }

  get dir(): 'ltr' | 'rtl' {
    return directionOf(this.#asked || this.#shown);
  }

  get format(): LocaleFormats | undefined {
    return this.#catalog?.format;
  }

  get doctorLines(): Catalog['doctor'] | undefined {
    return this.#catalog?.doctor;
  }

  words<T extends Words>(english: T): T {
    let made = this.#made.get(english);
    if (!made) {
      const out: Record<string, unknown> = {};
      for (const id of Object.keys(english)) out[id] = this.message(id) ?? english[id];
      this.#made.set(english, (made = out as Words));
    }
    return made as T;
  }

  message(id: string): Word | undefined {
    const own = this.#labels && Object.hasOwn(this.#labels, id) ? this.#labels[id] : undefined;
    if (typeof own === 'string' || typeof own === 'function') return own as Word;
    const messages = this.#catalog?.messages;
    return messages && Object.hasOwn(messages, id) ? messages[id] : undefined;
  }

  hostConnected(): void {
    // The page's language may change after the element is drawn (a language switcher that sets <html lang>).
    this.#observer ??= new MutationObserver(() => this.#host.requestUpdate());
    this.#observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang', 'dir'] });
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
  }

  /** Before each update: follows the locale asked for (loading its catalog) and the labels. */
  hostUpdate(): void {
    const host = this.#host;
    if (host.labels !== this.#labels) {
      this.#labels = host.labels;
      this.#made = new WeakMap();
    }
    const own = host.getAttribute('lang') !== null && host.getAttribute('lang') !== this.#set.lang ? host.getAttribute('lang') : null;
    const asked = host.locale || own || host.parentElement?.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || navigator.language || 'en';
    if (asked !== this.#asked) {
      this.#asked = asked;
      this.#show(asked);
    }
    this.#mark('lang', this.#asked);
    this.#mark('dir', this.dir);
  }

  /**
   * Shows the catalog nearest to `asked`: English at once, else once the
   * catalogs' table (a chunk: catalogs.ts) and the locale's chunk are in.
   */
  #show(asked: string): void {
    this.#loading = asked;
    if (/^en\b/i.test(asked)) return this.#use('en', undefined);
    trackLoad(
      this.#host,
      import('./catalogs.js').then(({ catalogOf }) => catalogOf(asked)).then(
        ([tag, catalog]) => {
          if (this.#loading === asked) this.#use(tag, catalog);
        },
        (err: unknown) => {
          if (this.#loading === asked) this.#loading = undefined;
          console.error('pageloop: catalog not loaded', asked, err);
        },
      ),
    );
  }

  #use(tag: string, catalog: Catalog | undefined): void {
    this.#loading = undefined;
    this.#shown = tag;
    this.#catalog = catalog;
    this.#made = new WeakMap();
    this.#host.requestUpdate();
  }

  /** Puts `value` as the host's `name` attribute unless the author wrote one of their own. */
  #mark(name: 'dir' | 'lang', value: string): void {
    const current = this.#host.getAttribute(name);
    if (current !== null && current !== this.#set[name]) return;
    if (current !== value) this.#host.setAttribute(name, value);
    this.#set[name] = value;
  }
}
