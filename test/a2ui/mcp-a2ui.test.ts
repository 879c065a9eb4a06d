// A2UI surfaces from an MCP server (issue 36, source 4): against a real
// server the test runner starts (test/support/mcp-a2ui-server.js, the
// official SDK's McpServer), a tool's `application/a2ui+json` resource (A2UI's
// own "A2UI over MCP" convention) and a tool's structured content `a2ui` draw
// as surfaces inside the tool's card, checked on the page like every
// surface; a surface the page refuses (an unknown component, JSON cut short)
// is the call's error the model reads, nothing drawn. A page tool's result
// is checked the same way.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import type { AgentChat } from '../../components/agent-chat.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { defineTool } from '../../src/tools/define-tool.js';
import type { A2uiOptions } from '../../src/a2ui-types.js';
import type { Recorded } from '../support/mcp-servers.js';
import { cards, deepAll, expectNothingDrawn, requests, surfaceArgs, text, until } from '../components/a2ui-support.js';
import { chatOnMock, part, parts, typeAndEnter, type ChatFixture } from '../components/helpers.js';

/** The tool card of call `id`. */
const toolCard = (chat: AgentChat, id: string): HTMLElement | undefined => parts(chat, 'tool-call').find((el) => el.dataset.callId === id);

/** A chat on the mock model with the test runner's `a2ui` MCP server, once its tools are offered. */
async function chatWithServer(turns: Parameters<typeof chatOnMock>[0], a2ui?: A2uiOptions, server: { key: string; name: string } = { key: 'a2ui', name: 'a2ui' }): Promise<ChatFixture> {
  const urls = (await (await fetch('/__mcp/servers')).json()) as Record<string, string>;
  const f = await chatOnMock(turns);
  if (a2ui) f.chat.a2ui = a2ui;
  f.chat.mcp = [{ url: urls[server.key]!, name: server.name, approval: 'auto' }];
  await until(() => f.chat.agent && true, 'the agent');
  await until(async () => ((await f.chat.agent.mcp.status())[0]?.tools.length ?? 0) >= 4, "the server's tools");
  return f;
}

describe('A2UI surfaces from an MCP server', () => {
  let f: ChatFixture | undefined;
  afterEach(() => {
    f?.remove();
    f = undefined;
  });

  it("draws a tool's application/a2ui+json resource and a tool's structured content a2ui inside their cards, and the form's action sends what was typed", async function () {
    this.timeout(90_000);
    f = await chatWithServer([
      toolCallTurn([
        { id: 'call_form', name: 'a2ui_booking_form', args: {} },
        { id: 'call_menu', name: 'a2ui_menu_card', args: {} },
      ]),
      textTurn('Here they are.'),
      textTurn('Booked for Ada.'),
    ]);
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Book a table and show the menu');
    await done;
    const chat = f.chat;
    const [form, menu] = await until(() => {
      const c = cards(chat);
      const formCard = c.find((el) => deepAll(el, '*').some((n) => n.textContent?.trim() === 'Book a table (from MCP)'));
      const menuCard = c.find((el) => deepAll(el, '*').some((n) => n.textContent?.trim() === 'Soup of the day'));
      return formCard && menuCard ? [formCard, menuCard] : null;
    }, 'both surfaces');
    expect(toolCard(chat, 'call_form')!.contains(form), 'the resource surface inside its tool card').to.equal(true);
    expect(toolCard(chat, 'call_menu')!.contains(menu), 'the structured surface inside its tool card').to.equal(true);
    expect(form.surfaceIds).to.deep.equal(['mcp-booking']);
    expect(menu.surfaceIds).to.deep.equal(['mcp-menu']);

    // The model read each call's result: its text, the rest of its structured content, and the surface it showed.
    const tools = (await requests(f))[1]!.filter((m) => m.role === 'tool');
    const formResult = text(tools.find((m) => m.tool_call_id === 'call_form')!.content);
    const menuResult = text(tools.find((m) => m.tool_call_id === 'call_menu')!.content);
    expect(formResult).to.contain('A booking form is shown.').and.contain('mcp-booking').and.not.contain('refused');
    expect(menuResult).to.contain("Today's menu is shown.").and.contain('dishes').and.contain('mcp-menu');
    expect(f.events.filter((e) => e.type === 'tool-result').map((e) => (e as { status: string }).status)).to.deep.equal(['ok', 'ok']);
    expect(toolCard(chat, 'call_form')!.dataset.status).to.equal('done');

    // The form acts like any surface: what the user typed goes back with the action, as the next user message.
    const input = deepAll<HTMLInputElement>(form, 'input[type="text"], input:not([type])')[0]!;
    input.focus();
    await sendKeys({ type: 'Ada' });
    const sent = f.nextFinal();
    deepAll<HTMLButtonElement>(form, 'button')[0]!.click();
    await sent;
    const line = text((await requests(f)).at(-1)!.at(-1)!.content);
    const body = JSON.parse(line.split('\n')[0]!.slice('A2UI action: '.length)) as { action: { name: string; surfaceId: string; context: Record<string, unknown> } };
    expect(body.action).to.deep.include({ name: 'book', surfaceId: 'mcp-booking' });
    expect(body.action.context).to.deep.equal({ name: 'Ada' });
  });

  it('follows the resource\'s audience: ["user"] is drawn and kept from the model (it reads that a surface was shown, and the text); ["assistant"] is read by the model and not drawn', async function () {
    this.timeout(90_000);
    f = await chatWithServer([
      toolCallTurn([
        { id: 'call_private', name: 'a2ui_private_card', args: {} },
        { id: 'call_notes', name: 'a2ui_notes_for_model', args: {} },
      ]),
      textTurn('Done.'),
    ]);
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Show my balance');
    await done;
    const chat = f.chat;
    const balance = await until(() => cards(chat).find((el) => deepAll(el, '*').some((n) => n.textContent?.trim() === 'Balance: 4,211.07 EUR')), 'the private surface');
    expect(toolCard(chat, 'call_private')!.contains(balance), 'drawn inside its tool card').to.equal(true);
    expect(
      cards(chat).some((el) => deepAll(el, '*').some((n) => n.textContent?.includes('Draft layout only'))),
      'the surface for the model only is not drawn',
    ).to.equal(false);
    const tools = (await requests(f))[1]!.filter((m) => m.role === 'tool');
    const privateResult = text(tools.find((m) => m.tool_call_id === 'call_private')!.content);
    const notesResult = text(tools.find((m) => m.tool_call_id === 'call_notes')!.content);
    expect(privateResult).to.contain('Your balance is shown.').and.contain('mcp-balance').and.contain('was shown to the user').and.not.contain('4,211.07');
    expect(notesResult).to.contain('A layout to consider.').and.contain('Draft layout only').and.contain('a2ui://draft');
    expect(f.events.filter((e) => e.type === 'tool-result').map((e) => (e as { status: string }).status)).to.deep.equal(['ok', 'ok']);
  });

  it("declares the agent's catalogs to the server (at initialize and with each call), and a server that draws only for such a client answers", async function () {
    this.timeout(90_000);
    const basic = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
    const shop = 'https://shop.test/a2ui/catalog.json';
    const catalog = { id: shop, components: { Rating: { schema: { type: 'object', properties: { stars: { type: 'number' } }, required: ['stars'] }, element: 'shop-rating' } } };
    f = await chatWithServer([toolCallTurn([{ id: 'call_catalog', name: 'a2ui_catalog_card', args: {} }]), textTurn('Shown.')], { catalogs: [catalog] });
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Show a card');
    await done;
    const chat = f.chat;
    const card = await until(() => cards(chat).find((el) => deepAll(el, '*').some((n) => n.textContent?.trim() === `Drawn in ${basic}`)), "the server's card");
    expect(toolCard(chat, 'call_catalog')!.contains(card)).to.equal(true);
    const log = (await (await fetch('/__mcp/requests?server=a2ui')).json()) as Recorded[];
    const declared = log.filter((r) => r.note?.startsWith('a2ui-declared: ')).at(-1)!.note!.slice('a2ui-declared: '.length);
    // The same ids render_a2ui offers: the basic catalog's, then the app's.
    expect(JSON.parse(declared)).to.deep.equal({ atInitialize: [basic, shop], withCall: [basic, shop] });
    // On the wire, the initialize also carries the guide's own key (the SDK's server drops it, keeping `experimental`).
    const init = log.map((r) => r.body as { method?: string; params?: { capabilities?: Record<string, unknown> } }).filter((b) => b?.method === 'initialize').at(-1)!;
    expect(init.params!.capabilities!.a2ui).to.deep.equal({ clientCapabilities: { 'v0.9': { supportedCatalogIds: [basic, shop] } } });
  });

  it("sends an action to the server's tool `action` when it has one: a call of its own with one result, its new surface drawn, the model not asked", async function () {
    this.timeout(90_000);
    f = await chatWithServer([toolCallTurn([{ id: 'call_form', name: 'shop_booking_form', args: {} }]), textTurn('Here is the form.')], undefined, { key: 'a2ui-actions', name: 'shop' });
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Book a table');
    await done;
    const chat = f.chat;
    const form = await until(() => cards(chat).find((el) => deepAll(el, '*').some((n) => n.textContent?.trim() === 'Book a table (from MCP)')), 'the form');
    const asked = (await requests(f)).length;
    const input = deepAll<HTMLInputElement>(form, 'input[type="text"], input:not([type])')[0]!;
    input.focus();
    await sendKeys({ type: 'Ada' });
    deepAll<HTMLButtonElement>(form, 'button')[0]!.click();
    const booked = await until(() => cards(chat).find((el) => deepAll(el, '*').some((n) => n.textContent?.trim() === 'Table booked for Ada')), "the server's new surface");
    const call = f.events.find((e) => e.type === 'tool-call' && e.name === 'shop_action') as { callId: string; args: unknown; requestedBy?: string } | undefined;
    expect(call, 'the action is a call of the server tool').to.not.equal(undefined);
    expect(call!.args).to.deep.equal({ name: 'book', context: { name: 'Ada' } });
    expect(toolCard(chat, call!.callId)!.contains(booked), 'the new surface inside its own card').to.equal(true);
    await until(() => f!.events.some((e) => e.type === 'tool-result' && e.callId === call!.callId), 'its result');
    const results = f.events.filter((e) => e.type === 'tool-result' && e.callId === call!.callId) as Array<{ status: string }>;
    expect(results.map((r) => r.status)).to.deep.equal(['ok']);
    const log = (await (await fetch('/__mcp/requests?server=a2ui-actions')).json()) as Recorded[];
    expect(log.filter((r) => r.note?.startsWith('action: ')).map((r) => JSON.parse(r.note!.slice('action: '.length)))).to.deep.equal([{ name: 'book', context: { name: 'Ada' } }]);
    expect((await requests(f)).length, 'no model request for the action').to.equal(asked);
    expect(chat.agent.running).to.equal(false);
  });

  it('a surface the page refuses (an unknown component; JSON cut short) is the call’s error the model reads, naming the problem and keeping the tool’s text; nothing drawn', async function () {
    this.timeout(90_000);
    const before = document.body.children.length;
    f = await chatWithServer([
      toolCallTurn([
        { id: 'call_bad', name: 'a2ui_bad_card', args: {} },
        { id: 'call_broken', name: 'a2ui_broken_card', args: {} },
      ]),
      textTurn('Sorry.'),
    ]);
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Show me a card');
    await done;
    await f.chat.updateComplete;
    const tools = (await requests(f))[1]!.filter((m) => m.role === 'tool');
    const bad = text(tools.find((m) => m.tool_call_id === 'call_bad')!.content);
    const broken = text(tools.find((m) => m.tool_call_id === 'call_broken')!.content);
    expect(bad).to.contain('refused').and.contain('unknown component "Marquee"').and.contain('A card is shown.').and.contain('ran its tool');
    expect(broken).to.contain('refused').and.contain('a2ui://broken').and.contain('is not JSON');
    expect(toolCard(f.chat, 'call_bad')!.dataset.status).to.equal('failed');
    expect(toolCard(f.chat, 'call_broken')!.dataset.status).to.equal('failed');
    expectNothingDrawn(f.chat, before);
  });

  it("a page tool's result whose surface the page refuses is the call's error too, nothing drawn", async function () {
    this.timeout(60_000);
    const menu = defineTool({
      name: 'show_menu',
      description: 'Show the menu',
      parameters: { type: 'object', properties: {} },
      execute: () => ({ note: 'shown', a2ui: surfaceArgs('menu', [{ id: 'root', component: 'Image', url: 'javascript:alert(1)' }]).messages }),
    });
    f = await chatOnMock([toolCallTurn([{ name: 'show_menu', args: {}, id: 'call_menu' }]), textTurn('Sorry.')], { tools: [menu] });
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Menu?');
    await done;
    await f.chat.updateComplete;
    const result = text((await requests(f))[1]!.find((m) => m.role === 'tool')!.content);
    expect(result).to.contain('show_menu').and.contain('refused').and.contain('would run as script');
    expect(part(f.chat, 'tool-call')!.dataset.status).to.equal('failed');
    expect(cards(f.chat), 'no surface card').to.have.length(0);
  });
});
