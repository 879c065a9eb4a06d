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
import { cards, deepAll, expectNothingDrawn, requests, surfaceArgs, text, until } from '../components/a2ui-support.js';
import { chatOnMock, part, parts, typeAndEnter, type ChatFixture } from '../components/helpers.js';

/** The tool card of call `id`. */
const toolCard = (chat: AgentChat, id: string): HTMLElement | undefined => parts(chat, 'tool-call').find((el) => el.dataset.callId === id);

/** A chat on the mock model with the test runner's `a2ui` MCP server, once its tools are offered. */
async function chatWithServer(turns: Parameters<typeof chatOnMock>[0]): Promise<ChatFixture> {
  const urls = (await (await fetch('/__mcp/servers')).json()) as Record<string, string>;
  const f = await chatOnMock(turns);
  f.chat.mcp = [{ url: urls.a2ui!, name: 'a2ui' }];
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
