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
 * - `broken_card`: a resource whose text is not JSON;
 * - `private_card`: a resource for the user only (`annotations.audience: ["user"]`):
 *   drawn, its content kept from the model;
 * - `notes_for_model`: a resource for the model only (`["assistant"]`): read, not drawn;
 * - `catalog_card`: answers with a surface only to a client that declared A2UI
 *   (the guide's catalog negotiation: `experimental.a2ui` at initialize, as the
 *   SDK's server keeps it, or the call's `_meta.a2ui`), in the first catalog
 *   it declared; it notes in the log what it received (`a2ui-declared: …`);
 * - with `actions` (served as `a2ui-actions`), `action`: the guide's tool that
 *   takes a surface's actions back (`{ name, context }`), noted in the log
 *   (`action: …`) and answered with a text and a new surface.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

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

/** The `a2ui` server (`actions`: with the tool `action`). @param {import('./mcp-servers.js').Recorded[]} log @param {{ actions?: boolean }} [options] */
export function a2uiServer(log, { actions = false } = {}) {
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
  server.registerTool('private_card', { description: 'Shows the user their balance', inputSchema: {}, annotations: { readOnlyHint: true } }, async () => ({
    content: [
      { type: 'text', text: 'Your balance is shown.' },
      { type: 'resource', resource: { uri: 'a2ui://balance', mimeType: A2UI_MIME, text: JSON.stringify(surface('mcp-balance', [{ id: 'root', component: 'Text', text: 'Balance: 4,211.07 EUR' }])) }, annotations: { audience: ['user'] } },
    ],
  }));
  server.registerTool('notes_for_model', { description: 'A layout for the model to reason about', inputSchema: {}, annotations: { readOnlyHint: true } }, async () => ({
    content: [
      { type: 'text', text: 'A layout to consider.' },
      { type: 'resource', resource: { uri: 'a2ui://draft', mimeType: A2UI_MIME, text: JSON.stringify(surface('mcp-draft', [{ id: 'root', component: 'Text', text: 'Draft layout only' }])) }, annotations: { audience: ['assistant'] } },
    ],
  }));
  server.registerTool('catalog_card', { description: 'Shows a card in a catalog the client declared', inputSchema: {}, annotations: { readOnlyHint: true } }, async (_args, extra) => {
    /** @param {unknown} declared @returns {string[] | undefined} */
    const ids = (declared) => /** @type {{ clientCapabilities?: { 'v0.9'?: { supportedCatalogIds?: string[] } } } | undefined} */ (declared)?.clientCapabilities?.['v0.9']?.supportedCatalogIds;
    const atInitialize = ids(server.server.getClientCapabilities()?.experimental?.a2ui);
    const withCall = ids(extra._meta?.a2ui);
    log.push({ http: '-', rpc: [], note: `a2ui-declared: ${JSON.stringify({ atInitialize, withCall })}` });
    const catalogId = withCall?.[0] ?? atInitialize?.[0];
    if (!catalogId) return { content: [{ type: 'text', text: 'This client declared no A2UI catalogs; no card sent.' }], isError: true };
    const messages = surface('mcp-catalog', [{ id: 'root', component: 'Text', text: `Drawn in ${catalogId}` }]);
    /** @type {{ createSurface: { catalogId: string } }} */ (messages[0]).createSurface.catalogId = catalogId;
    return asResource('a2ui://catalog', 'A card in your catalog is shown.', JSON.stringify(messages));
  });
  if (actions) {
    server.registerTool('action', { description: "Takes a user's action on one of this server's A2UI surfaces", inputSchema: { name: z.string(), context: z.record(z.string(), z.unknown()) } }, async ({ name, context }) => {
      log.push({ http: '-', rpc: [], note: `action: ${JSON.stringify({ name, context })}` });
      if (name !== 'book') return { content: [{ type: 'text', text: `Unknown action "${name}".` }], isError: true };
      const guest = String(context.name ?? '');
      return asResource('a2ui://booked', `Booked a table for ${guest}.`, JSON.stringify(surface('mcp-booked', [{ id: 'root', component: 'Text', text: `Table booked for ${guest}` }])));
    });
  }
  server.registerTool('broken_card', { description: 'Shows a card whose JSON is cut short', inputSchema: {}, annotations: { readOnlyHint: true } }, async () => asResource('a2ui://broken', 'A card is shown.', '[{"version":"v0.9","createSurface":'));
  return server;
}
