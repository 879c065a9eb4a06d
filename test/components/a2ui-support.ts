/**
 * Helpers of the A2UI tests: a surface's messages as the mock model sends
 * them, and reaching into a drawn surface (the card's shadow root, then each
 * `<a2ui-surface>`'s, then any component's own).
 */
import type { AgentChat } from '../../components/agent-chat.js';
import type { A2uiSurfaceCard } from '../../components/a2ui/a2ui-surface-card.js';
import { BASIC_CATALOG_ID } from '../../src/page/a2ui/a2ui.js';
import { part, parts } from './helpers.js';

/** A 1×1 PNG, as a data URL (no network). */
export const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** `render_a2ui`'s arguments for surface `id` of the basic catalog (or `catalogId`), with `components` and a data model. */
export function surfaceArgs(id: string, components: unknown[], data?: unknown, catalogId = BASIC_CATALOG_ID): { messages: unknown[] } {
  const messages: unknown[] = [
    { version: 'v0.9', createSurface: { surfaceId: id, catalogId } },
    { version: 'v0.9', updateComponents: { surfaceId: id, components } },
  ];
  if (data !== undefined) messages.push({ version: 'v0.9', updateDataModel: { surfaceId: id, path: '/', value: data } });
  return { messages };
}

/** A booking card: a title, a picture, a text field and a button bound to the data model. */
export const BOOKING = [
  { id: 'root', component: 'Column', children: ['title', 'photo', 'name', 'book'] },
  { id: 'title', component: 'Text', text: 'Book a table', variant: 'h2' },
  { id: 'photo', component: 'Image', url: PIXEL, description: 'The dining room', variant: 'smallFeature' },
  { id: 'name', component: 'TextField', label: 'Your name', value: { path: '/guest/name' } },
  { id: 'book', component: 'Button', child: 'book-label', variant: 'primary', action: { event: { name: 'book', context: { name: { path: '/guest/name' } } } } },
  { id: 'book-label', component: 'Text', text: 'Book' },
];

/** The chat's surface cards (part `a2ui-surface`). */
export function cards(chat: AgentChat): A2uiSurfaceCard[] {
  return parts<A2uiSurfaceCard>(chat, 'a2ui-surface');
}

/** The first surface card, if any. */
export function card(chat: AgentChat): A2uiSurfaceCard | null {
  return part<A2uiSurfaceCard>(chat, 'a2ui-surface');
}

/** Every element under `root` matching `selector`, through every shadow root on the way. */
export function deepAll<E extends Element = HTMLElement>(root: Element | ShadowRoot | null | undefined, selector: string): E[] {
  if (!root) return [];
  const found: E[] = [];
  const walk = (node: Element | ShadowRoot): void => {
    found.push(...node.querySelectorAll<E>(selector));
    for (const el of node.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(root instanceof Element && root.shadowRoot ? root.shadowRoot : root);
  return found;
}

/** The components a card draws (our elements for each component of the catalogs). */
export function drawn(cardEl: Element | null): Element[] {
  return deepAll(cardEl, '*').filter((el) => el.localName.startsWith('pageloop-a2ui-'));
}
