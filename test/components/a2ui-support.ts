/**
 * Helpers of the A2UI tests: a surface's messages as the mock model sends
 * them, and reaching into a drawn surface (the card's shadow root, then each
 * `<a2ui-surface>`'s, then any component's own).
 */
import type { AgentChat } from '../../components/agent-chat.js';
import type { A2uiSurfaceCard } from '../../components/a2ui/a2ui-surface-card.js';
import { BASIC_CATALOG_ID } from '../../src/page/a2ui/a2ui.js';
import { expect } from 'chai';
import { part, parts, type ChatFixture } from './helpers.js';

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

/** Waits until `check` holds, up to 30 s: the agent's worker, the tool's chunk and the renderer's load first, on a loaded machine. */
export async function until<T>(check: () => T | null | undefined | false | Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 1500; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** A message of a chat request, as the mock model received it. */
export interface SentMessage {
  role: string;
  content: unknown;
  tool_call_id?: string;
}

/** The messages of each chat request the mock model received, in order. */
export async function requests(f: ChatFixture): Promise<SentMessage[][]> {
  return (await f.mock.log()).filter((e) => e.path.endsWith('/chat/completions')).map((e) => (e.body as { messages: SentMessage[] }).messages);
}

/** A message's content as text. */
export function text(content: unknown): string {
  return typeof content === 'string' ? content : JSON.stringify(content);
}

/** Nothing of a refused surface drawn: no surface card, no image or renderer in the chat, nothing added to the page but the chat (`before`: the page's children before it). */
export function expectNothingDrawn(chat: AgentChat, before: number): void {
  expect(card(chat), 'no surface card').to.equal(null);
  expect(deepAll(chat, 'img, a2ui-surface')).to.have.length(0);
  expect(document.body.children.length, 'nothing added to the page but the chat').to.equal(before + 1);
}
