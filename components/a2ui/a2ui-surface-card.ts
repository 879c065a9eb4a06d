/**
 * `<pageloop-a2ui-surface>`: the card that draws A2UI messages — a
 * `render_a2ui` call's arguments, a tool result's `a2ui` list, an AG-UI
 * activity's content — with the official Lit renderer (`<a2ui-surface>`)
 * and message processor, from the page's catalogs.
 *
 * Invariant: what draws passed the check (src/page/a2ui/a2ui-check.ts)
 * whole, every time the messages change. While they stream (`partial`), each
 * longer prefix that passes is drawn — only what it adds is handed to the
 * processor, so a surface grows instead of being built again — and a prefix
 * that fails leaves the last good one on screen; complete messages that fail
 * draw nothing, and the card says every problem found (role="alert").
 *
 * Everything of a surface stays in this card's shadow tree. Text is text:
 * the model's markdown in a `Text` shows as what it wrote, escaped, never as
 * markup. A user's action leaves as an `a2ui-action` event (bubbling,
 * composed) with the action (A2UI's client-to-server `action`) and, for a
 * surface created with `sendDataModel`, its data model: the element turns it
 * into the next user message (a2ui-views.ts); another host (an AG-UI client)
 * sends it its own way.
 *
 * The class and its tag: loaded on first use (a2ui-views.ts), the tag is
 * registered as the module loads.
 */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { ContextProvider } from '@lit/context';
import { Context } from '@a2ui/lit/v0_9';
import { MessageProcessor, type SurfaceModel, type WebComponentImplementation } from '@a2ui/web_core/v0_9';
import type { A2uiAction, A2uiMessage, A2uiOptions } from '../../src/a2ui-types.js';
import { catalogSet, checkA2ui, type CatalogSet } from '../../src/page/a2ui/a2ui.js';
import { renderCatalogs } from './a2ui-render-catalog.js';
import { a2uiCardStyles } from './a2ui-card.styles.js';
import { a2uiWords, type A2uiNote, type A2uiWords } from './a2ui-words.js';

/** What an `a2ui-action` event carries. */
export interface A2uiActionDetail {
  action: A2uiAction;
  /** The surface's data model, when its `createSurface` asked for it to be sent (`sendDataModel`). */
  dataModel?: Record<string, unknown>;
}

/** What an `a2ui-data` event carries: the surface the user changed, and its whole data model now. */
export interface A2uiDataDetail {
  surfaceId: string;
  dataModel: Record<string, unknown>;
}

/** Text as HTML that shows exactly it: the `Text` component's markdown renderer, which draws no markup of the model's. */
async function asText(text: string): Promise<string> {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A surface drawn from A2UI messages, in its own card.
 *
 * @fires {CustomEvent<A2uiActionDetail>} a2ui-action - The user acted on the surface (a button); bubbles and is composed.
 * @fires {CustomEvent<A2uiDataDetail>} a2ui-data - The user changed a surface's data model (typed, checked, chose); bubbles and is composed.
 */
export class A2uiSurfaceCard extends LitElement {
  static override styles = a2uiCardStyles;
  static override properties = {
    messages: { attribute: false },
    options: { attribute: false },
    partial: { type: Boolean },
    data: { attribute: false },
    note: { attribute: false },
    words: { attribute: false },
  };

  /** The messages: `{ messages: [...] }`, a list, or one message. */
  messages: unknown;
  /** The page's `a2ui` option: which catalogs draw. */
  options: boolean | A2uiOptions | undefined;
  /** True while the messages are still streaming (the last may be cut short). */
  partial = false;
  /** What the user entered before (kept with the thread): each surface's whole data model, by surface id; drawn over the messages' own. */
  data: Readonly<Record<string, Record<string, unknown>>> | undefined;
  /** A line under the surface (what became of an action), written in `words`. */
  note: A2uiNote | undefined;
  /** The card's words: the element's language (English by default). */
  words: A2uiWords = a2uiWords;

  #set: CatalogSet | undefined;
  #processor: MessageProcessor<WebComponentImplementation> | undefined;
  /** The messages handed to the processor so far, as JSON. */
  #applied: string[] = [];
  #surfaces: SurfaceModel<WebComponentImplementation>[] = [];
  #refusal: string | undefined;
  /** Each surface's data model as JSON, as last drawn or entered: a change the card heard of already is not drawn again (the echo of its own report). */
  #dataSeen = new Map<string, Set<string>>();
  /** Each surface's data model as JSON, as the card last reported it. */
  #dataLast = new Map<string, string>();
  /** True while the card itself writes data models (messages, kept data): those writes are not the user's. */
  #writing = false;

  constructor() {
    super();
    // The official `Text` renders markdown through this context; ours shows the text as it is.
    new ContextProvider(this, { context: Context.markdown, initialValue: asText });
  }

  /** The surfaces drawn now (their ids). */
  get surfaceIds(): string[] {
    return this.#surfaces.map((s) => s.id);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('messages') || changed.has('options') || changed.has('partial')) this.#draw();
    if (changed.has('data') || changed.has('messages') || changed.has('partial')) this.#drawData();
  }

  #draw(): void {
    let set: CatalogSet;
    try {
      set = catalogSet(this.options);
    } catch (err) {
      return this.#refuse(err instanceof Error ? err.message : String(err));
    }
    const checked = checkA2ui(this.messages, set, { partial: this.partial });
    if (!checked.ok) {
      // A prefix that does not pass yet keeps the last good one; whole messages that fail draw nothing.
      if (!this.partial) this.#refuse(checked.error);
      return;
    }
    this.#refusal = undefined;
    const next = checked.messages.map((m) => JSON.stringify(m));
    try {
      if (set !== this.#set || !this.#processor || !this.#extend(checked.messages, next)) this.#rebuild(set, checked.messages);
    } catch {
      // What the processor refused incrementally it may take whole (a component that changed type).
      this.#rebuild(set, checked.messages);
    }
    this.#applied = next;
  }

  /** Hands the processor what `messages` add to those applied; false when they are not a continuation. */
  #extend(messages: A2uiMessage[], next: string[]): boolean {
    const applied = this.#applied;
    let same = 0;
    while (same < applied.length && same < next.length && applied[same] === next[same]) same++;
    if (same === applied.length) {
      this.#quietly(() => this.#processor!.processMessages(messages.slice(same) as never));
      return true;
    }
    // Only the last applied message grew (a components list as it streams): its new and changed components.
    if (same !== applied.length - 1) return false;
    const before = JSON.parse(applied[same]!) as A2uiMessage;
    const now = messages[same]!;
    const [was, is] = [before.updateComponents, now.updateComponents] as Array<{ surfaceId: string; components: unknown[] } | undefined>;
    if (!was || !is || was.surfaceId !== is.surfaceId) return false;
    const old = new Set(was.components.map((c) => JSON.stringify(c)));
    const changed = is.components.filter((c) => !old.has(JSON.stringify(c)));
    const rest = messages.slice(same + 1);
    const update = changed.length ? [{ version: 'v0.9', updateComponents: { surfaceId: is.surfaceId, components: changed } }] : [];
    this.#quietly(() => this.#processor!.processMessages([...update, ...rest] as never));
    return true;
  }

  #rebuild(set: CatalogSet, messages: A2uiMessage[]): void {
    this.#set = set;
    this.#surfaces = [];
    this.#dataSeen.clear();
    this.#dataLast.clear();
    const processor = new MessageProcessor(renderCatalogs(set), (action) => this.#act(action as A2uiAction));
    processor.onSurfaceCreated((surface) => {
      this.#surfaces = [...this.#surfaces, surface];
      surface.dataModel.subscribe('/', () => this.#entered(surface));
    });
    processor.onSurfaceDeleted((id) => void (this.#surfaces = this.#surfaces.filter((s) => s.id !== id)));
    this.#processor = processor;
    this.#quietly(() => processor.processMessages(messages as never));
  }

  /** Runs `write` as the card's own write of data models, not the user's. */
  #quietly(write: () => void): void {
    this.#writing = true;
    try {
      write();
    } finally {
      this.#writing = false;
    }
  }

  /** Draws the kept data models (`data`) over the messages' own, once the whole messages are drawn: checked like them, and each only once. */
  #drawData(): void {
    const processor = this.#processor;
    if (!processor || this.partial || !this.data || !this.#set) return;
    const fresh = Object.entries(this.data).filter(([id, value]) => this.surfaceIds.includes(id) && !this.#seen(id).has(JSON.stringify(value)));
    if (fresh.length === 0) return;
    const updates = fresh.map(([surfaceId, value]) => ({ version: 'v0.9', updateDataModel: { surfaceId, path: '/', value } }));
    // A thread file grants nothing: the kept data passes the same check (size, script) as the messages with it.
    const checked = checkA2ui([...(JSON.parse(`[${this.#applied.join(',')}]`) as unknown[]), ...updates], this.#set);
    if (!checked.ok) return;
    for (const [id, value] of fresh) {
      this.#seen(id).add(JSON.stringify(value));
      this.#dataLast.set(id, JSON.stringify(value));
    }
    // The check's copy of the updates: what the user types next is written into it, never into `data`.
    this.#quietly(() => processor.processMessages(checked.messages.slice(-updates.length) as never));
  }

  #seen(surfaceId: string): Set<string> {
    let seen = this.#dataSeen.get(surfaceId);
    if (!seen) this.#dataSeen.set(surfaceId, (seen = new Set()));
    return seen;
  }

  /** The user changed surface `surface`'s data model (typed, checked, chose): an `a2ui-data` event with the whole of it. */
  #entered(surface: SurfaceModel<WebComponentImplementation>): void {
    if (this.#writing) return;
    const dataModel = surface.dataModel.get('/') as unknown;
    if (typeof dataModel !== 'object' || dataModel === null || Array.isArray(dataModel)) return;
    const json = JSON.stringify(dataModel);
    if (this.#dataLast.get(surface.id) === json) return;
    this.#dataLast.set(surface.id, json);
    const seen = this.#seen(surface.id);
    // Bounded: the echoes the card may still hear are the last few it reported.
    seen.delete(json);
    seen.add(json);
    if (seen.size > 16) seen.delete(seen.values().next().value!);
    const detail: A2uiDataDetail = { surfaceId: surface.id, dataModel: JSON.parse(json) as Record<string, unknown> };
    this.dispatchEvent(new CustomEvent<A2uiDataDetail>('a2ui-data', { detail, bubbles: true, composed: true }));
  }

  #refuse(why: string): void {
    this.#refusal = why;
    this.#processor = undefined;
    this.#surfaces = [];
    this.#applied = [];
  }

  #act(action: A2uiAction): void {
    const detail: A2uiActionDetail = { action };
    const dataModel = this.#processor?.getClientDataModel()?.surfaces?.[action.surfaceId];
    if (dataModel) detail.dataModel = dataModel as Record<string, unknown>;
    this.dispatchEvent(new CustomEvent<A2uiActionDetail>('a2ui-action', { detail, bubbles: true, composed: true }));
  }

  protected override render(): TemplateResult {
    const ids = this.#surfaces.map((s) => s.id).join(', ');
    const w = this.words;
    return html`<div role="group" aria-label=${ids ? w.a2uiSurfaceOf(ids) : w.a2uiSurface}>
      ${this.#surfaces.map((surface) => html`<a2ui-surface .surface=${surface}></a2ui-surface>`)}
      ${this.partial && !this.#refusal ? html`<p class="drawing" role="status">${w.a2uiDrawing}</p>` : nothing}
      ${this.#refusal ? html`<div class="refused" role="alert"><pre>${this.#refusal}</pre></div>` : nothing}
      ${this.note ? html`<p class="note" role="status">${w[this.note[0]](this.note[1])}</p>` : nothing}
    </div>`;
  }
}

if (!customElements.get('pageloop-a2ui-surface')) customElements.define('pageloop-a2ui-surface', A2uiSurfaceCard);

declare global {
  interface HTMLElementTagNameMap {
    'pageloop-a2ui-surface': A2uiSurfaceCard;
  }
  interface HTMLElementEventMap {
    'a2ui-action': CustomEvent<A2uiActionDetail>;
    'a2ui-data': CustomEvent<A2uiDataDetail>;
  }
}
