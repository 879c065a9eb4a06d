/**
 * How each component of a surface draws: the catalogs of the check
 * (src/page/a2ui/a2ui-catalogs.ts) with a custom element for every
 * component, as the official Lit renderer (`<a2ui-surface>`) wants them.
 *
 * The basic catalog draws with the official elements, each under a subclass
 * of ours that guards what the check cannot see, because it changes after
 * the check: a URL bound to the data model (`{ "path": "/photo" }`: what the
 * user typed, what a later update wrote) is shown only when it passes the
 * same URL rule (a2ui-urls.ts), and a form control gets an accessible name
 * from its component's `label` (or `accessibility.label`), which the official
 * elements show beside it but do not tie to it.
 *
 * The app's components draw in an element of ours per component (its
 * properties resolved and kept current by the official binder): a custom
 * element the app named is made once and gets each property set on it; a
 * `render` function draws into the element's own box. Either way the app's
 * component sits inside the card's shadow tree, so the catalog's `styles`
 * are adopted there.
 *
 * The official basic elements add one stylesheet to the whole document
 * (custom properties and `color-scheme: light dark` on `:root`): that would
 * reach the page outside the card and turn an unstyled page dark on a dark
 * system. Its rules are emptied as this module loads; the card declares the
 * same properties on itself, from the element's palette (a2ui-card.styles.ts).
 */
import { nothing, type PropertyValues } from 'lit';
import { basicCatalog } from '@a2ui/lit/v0_9';
import { A2uiLitElement, Catalog, type ComponentApi, type FunctionImplementation, type WebComponentImplementation } from '@a2ui/web_core/v0_9';
import { injectBasicCatalogStyles } from '@a2ui/web_core/v0_9/basic_catalog';
import type { A2uiComponent } from '../../src/a2ui-types.js';
import { urlRefusal, type CatalogSet } from '../../src/page/a2ui/a2ui.js';
import { a2uiWords, type A2uiWords } from './a2ui-words.js';

/** A catalog as the renderer takes it: every component with its tag. */
export type RenderCatalog = Catalog<WebComponentImplementation, FunctionImplementation>;

/** Basic components whose URL properties are bound at draw time, with what each URL shows. */
const URLS: Record<string, Record<string, 'image' | 'link'>> = { Image: { url: 'image' }, Video: { url: 'link', posterUrl: 'image' }, AudioPlayer: { url: 'link' } };

neutraliseDocumentStyles();

/** The official basic sheet on `document`, emptied: its custom properties are the card's own (declared on it), and `color-scheme` is the page's. */
function neutraliseDocumentStyles(): void {
  injectBasicCatalogStyles();
  for (const sheet of document.adoptedStyleSheets) {
    if ([...sheet.cssRules].some((rule) => rule.cssText.includes('--a2ui-color-background'))) sheet.replaceSync('');
  }
}

const made = new WeakMap<CatalogSet, RenderCatalog[]>();

/** The catalogs of `set`, each component with the element that draws it. */
export function renderCatalogs(set: CatalogSet): RenderCatalog[] {
  let catalogs = made.get(set);
  if (!catalogs) {
    catalogs = set.catalogs.map((catalog) => {
      const own = set.appComponents.get(catalog.id);
      const sheet = set.styles.has(catalog.id) ? styleSheet(set.styles.get(catalog.id)!) : undefined;
      const components = [...catalog.components.values()].map((api) => {
        const app = own?.get(api.name);
        return { ...api, tagName: app ? appTag(api, app, sheet) : basicTag(api.name) };
      });
      return new Catalog<WebComponentImplementation, FunctionImplementation>(catalog.id, components, [...catalog.functions.values()]);
    });
    made.set(set, catalogs);
  }
  return catalogs;
}

function styleSheet(css: string): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return sheet;
}

/** Fresh static fields, so a subclass scopes its copy of the official styles to its own tag (the official element caches them per class). */
interface StyleCache {
  _processedSheet?: unknown;
  _processedCss?: unknown;
  _processedStyle?: unknown;
  _adoptedRoots?: unknown;
}

const basicTags = new Map<string, string>();

/** The tag of our guarded subclass of basic component `name`'s official element. */
function basicTag(name: string): string {
  const known = basicTags.get(name);
  if (known) return known;
  const official = basicCatalog.components.get(name);
  const found = official && (customElements.get(official.tagName) as (new () => A2uiLitElement) | undefined);
  if (!found) throw new Error(`The basic catalog has no element for "${name}".`);
  const Base = found;
  const tag = `pageloop-a2ui-${name.toLowerCase()}`;
  const urls = URLS[name];
  class Guarded extends (Base as unknown as typeof A2uiLitElement) {
    protected override render(): unknown {
      const props = (this.controller?.props ?? {}) as Record<string, unknown>;
      for (const [key, kind] of Object.entries(urls ?? {})) {
        const url = props[key];
        const refusal = typeof url === 'string' && url !== '' ? urlRefusal(url, kind) : undefined;
        if (refusal) return refusedUrl(refusal, kind, wordsAround(this));
      }
      return (Base.prototype as unknown as { render(this: unknown): unknown }).render.call(this);
    }

    protected override updated(changed: PropertyValues): void {
      super.updated(changed);
      nameControls(this, (this.controller?.props ?? {}) as Record<string, unknown>, this.context?.componentModel.id ?? name);
    }
  }
  Object.assign(Guarded, { _processedSheet: undefined, _processedCss: undefined, _processedStyle: undefined, _adoptedRoots: undefined } satisfies StyleCache);
  if (!customElements.get(tag)) customElements.define(tag, Guarded as unknown as CustomElementConstructor);
  basicTags.set(name, tag);
  return tag;
}

/** What shows in place of media whose URL the rule refuses, in the card's language (the URL is data: `translate="no"`). */
function refusedUrl(refusal: { why: 'not-url' | 'not-allowed'; url: string }, kind: 'image' | 'link', w: A2uiWords): HTMLElement {
  const note = document.createElement('span');
  note.className = 'a2ui-refused-url';
  const said = refusal.why === 'not-url' ? w.a2uiNotShownNotUrl('\u0000') : kind === 'image' ? w.a2uiNotShownImage('\u0000') : w.a2uiNotShownLink('\u0000');
  const [before = '', after = ''] = said.split('\u0000');
  const url = document.createElement('code');
  url.translate = false;
  url.textContent = refusal.url;
  note.append(before, url, after);
  return note;
}

/** The words of the surface card `el` is drawn in (its `words`, in the element's language), found across the shadow roots between; English outside a card. */
function wordsAround(el: Node): A2uiWords {
  for (let node: Node | null = el; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
    if (node instanceof HTMLElement && node.localName === 'pageloop-a2ui-surface') return (node as HTMLElement & { words?: A2uiWords }).words ?? a2uiWords;
  }
  return a2uiWords;
}

/** Gives each form control in `host` that has no name of its own the component's label. */
function nameControls(host: HTMLElement, props: Record<string, unknown>, id: string): void {
  const accessibility = props.accessibility as { label?: unknown } | undefined;
  const label = [accessibility?.label, props.label].find((l): l is string => typeof l === 'string' && l.trim() !== '') ?? id;
  const controls = host.querySelectorAll<HTMLElement>('input, textarea, select, button');
  for (const control of controls) {
    if (control.closest('label') || (control.tagName === 'BUTTON' && !accessibility?.label)) continue;
    const kind = controls.length > 1 && control instanceof HTMLInputElement ? ` (${control.type})` : '';
    if (control.getAttribute('aria-label') !== `${label}${kind}`) control.setAttribute('aria-label', `${label}${kind}`);
  }
}

let appCount = 0;
const appTags = new WeakMap<A2uiComponent, string>();

/** The tag of the element that draws the app's component `component` (schema `api`). */
function appTag(api: ComponentApi, component: A2uiComponent, sheet: CSSStyleSheet | undefined): string {
  const known = appTags.get(component);
  if (known) return known;
  const tag = `pageloop-a2ui-app-${++appCount}-${api.name.toLowerCase().replace(/_/g, '-')}`;
  class AppComponent extends A2uiLitElement {
    protected override readonly api = api;
    readonly #box = document.createElement('div');
    #child: HTMLElement | undefined;

    protected override createRenderRoot(): HTMLElement {
      return this;
    }

    override connectedCallback(): void {
      super.connectedCallback();
      this.#box.style.display = 'contents';
      const root = this.getRootNode();
      if (sheet && root instanceof ShadowRoot && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      component.dispose?.(this.#box);
    }

    protected override render(): unknown {
      return this.controller?.props ? this.#box : nothing;
    }

    protected override updated(changed: PropertyValues): void {
      super.updated(changed);
      const props = this.controller?.props as Record<string, unknown> | undefined;
      if (!props) return;
      if (component.element) {
        this.#child ??= this.#box.appendChild(document.createElement(component.element));
        Object.assign(this.#child, props);
        return;
      }
      const node = component.render?.(props, this.#box);
      if (node && this.#box.firstChild !== node) this.#box.replaceChildren(node);
    }
  }
  customElements.define(tag, AppComponent);
  appTags.set(component, tag);
  return tag;
}
