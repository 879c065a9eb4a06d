// @ts-check
/**
 * An MCP server that sends A2UI surfaces (Node side), started beside the
 * others (mcp-servers.js lists it as `a2ui`), written with the official SDK's
 * McpServer. Its tools send them the two ways pageloop reads:
 *
 * - `booking_form`: as A2UI's "A2UI over MCP" guide says, an embedded
 *   resource of type `application/a2ui+json` whose text is the JSON list of
 *   messages, beside a text for clients that draw no A2UI;
 * - `menu_card`: in its structured content, as `a2ui` (with other fields);
 * - `bad_card`: a resource whose surface uses a component no catalog has;
 * - `broken_card`: a resource whose text is not JSON.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const BASIC = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const A2UI_MIME = 'application/a2ui+json';

/** Surface `id`'s messages: created, its components, and its data model when given. @param {string} id @param {unknown[]} components @param {unknown} [data] */
function surface(id, components, data) {
  /** @type {unknown[]} */
  const messages = [
    { version: 'v0.9', createSurface: { surfaceId: id, catalogId: BASIC } },
    { version: 'v0.9', updateComponents: { surfaceId: id, components } },
  ];
  if (data !== undefined) messages.push({ version: 'v0.9', updateDataModel: { surfaceId: id, path: '/', value: data } });
  return messages;
}

/** The booking form: a title, a text field and a button whose action sends what was typed. */
export const MCP_BOOKING = surface(
  'mcp-booking',
  [
    { id: 'root', component: 'Column', children: ['title', 'name', 'book'] },
    { id: 'title', component: 'Text', text: 'Book a table (from MCP)', variant: 'h2' },
    { id: 'name', component: 'TextField', label: 'Your name', value: { path: '/guest/name' } },
    { id: 'book', component: 'Button', child: 'book-label', action: { event: { name: 'book', context: { name: { path: '/guest/name' } } } } },
    { id: 'book-label', component: 'Text', text: 'Book' },
  ],
  { guest: { name: '' } },
);

/** The `a2ui` server. @param {import('./mcp-servers.js').Recorded[]} _log */
export function a2uiServer(_log) {
  const server = new McpServer({ name: 'a2ui', version: '1.0.0' }, { capabilities: { tools: {} } });
  /** A result carrying `messages` as an A2UI resource, beside a text. @param {string} uri @param {string} text @param {string} json */
  const asResource = (uri, text, json) => ({ content: [{ type: /** @type {const} */ ('text'), text }, { type: /** @type {const} */ ('resource'), resource: { uri, mimeType: A2UI_MIME, text: json } }] });
  server.registerTool('booking_form', { description: 'Shows a booking form', inputSchema: {}, annotations: { readOnlyHint: true } }, async () => asResource('a2ui://booking', 'A booking form is shown.', JSON.stringify(MCP_BOOKING)));
  server.registerTool('menu_card', { description: "Shows today's menu", inputSchema: {}, annotations: { readOnlyHint: true } }, async () => ({
    content: [{ type: 'text', text: "Today's menu is shown." }],
    structuredContent: { dishes: 1, a2ui: surface('mcp-menu', [{ id: 'root', component: 'Text', text: { path: '/dish' } }], { dish: 'Soup of the day' }) },
  }));
  server.registerTool('bad_card', { description: 'Shows a card the page cannot draw', inputSchema: {}, annotations: { readOnlyHint: true } }, async () =>
    asResource('a2ui://bad', 'A card is shown.', JSON.stringify(surface('mcp-bad', [{ id: 'root', component: 'Marquee', text: 'hi' }]))),
  );
  server.registerTool('broken_card', { description: 'Shows a card whose JSON is cut short', inputSchema: {}, annotations: { readOnlyHint: true } }, async () => asResource('a2ui://broken', 'A card is shown.', '[{"version":"v0.9","createSurface":'));
  return server;
}
