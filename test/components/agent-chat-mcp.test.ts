// <agent-chat> with MCP servers (property `mcp`), against the real servers the
// test runner starts (test/support/mcp-servers.js): the servers part (state,
// tools, the failure's message, Reconnect), `/server:prompt args` in the
// composer, resources attached to a message, and a running call's progress bar.
import { expect } from 'chai';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { MockTurn } from '../../src/testing/mock-endpoint.js';
import type { McpServerOptions } from '../../src/types.js';
import { axeViolations } from './axe.js';
import { chatOnMock, part, parts, typeAndEnter, until, type ChatFixture } from './helpers.js';

type Recorded = { http: string; rpc: string[] };
let urls: Record<string, string>;
before(async () => {
  urls = await (await fetch('/__mcp/servers')).json();
});
const requests = async (server: string): Promise<Recorded[]> => (await fetch(`/__mcp/requests?server=${server}`)).json();

describe('agent-chat: MCP servers', () => {
  let f: ChatFixture | undefined;
  afterEach(() => {
    f?.remove();
    f = undefined;
  });

  async function chatWith(turns: MockTurn[], servers: McpServerOptions[]): Promise<ChatFixture> {
    await fetch('/__mcp/reset');
    // Set once connected: a change of `mcp` makes the element a new agent, with these servers.
    f = await chatOnMock(turns);
    f.chat.mcp = servers;
    await f.chat.updateComplete;
    return f;
  }

  const row = (f: ChatFixture, name: string) => parts(f.chat, 'mcp-server').find((li) => li.dataset.server === name);

  it('lists each server, its state and tools, and why one failed; Reconnect connects again', async () => {
    const f = await chatWith([textTurn('hi')], [{ url: urls.lab!, name: 'lab' }, { url: urls.refused!, name: 'down' }]);
    await until(() => row(f, 'lab')?.dataset.state === 'connected' && row(f, 'down')?.dataset.state === 'failed', 'both servers settled');
    const panel = part<HTMLDetailsElement>(f.chat, 'mcp-servers')!;
    expect(panel.querySelector('summary')!.textContent).to.contain('1 of 2 connected');
    expect(row(f, 'lab')!.textContent).to.contain('lab_read_note').and.to.contain('Streamable HTTP');
    expect(row(f, 'down')!.textContent).to.contain('MCP server "down"').and.to.contain('Start the server');
    panel.open = true;
    await f.chat.updateComplete;
    expect(await axeViolations(panel)).to.deep.equal([]);
    const initializes = async () => (await requests('lab')).filter((r) => r.rpc[0] === 'initialize').length;
    const before = await initializes();
    row(f, 'lab')!.querySelector<HTMLButtonElement>('[part~="mcp-reconnect-button"]')!.click();
    for (let i = 0; i < 200 && (await initializes()) === before; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await initializes()).to.equal(before + 1);
    await until(() => row(f, 'lab')?.dataset.state === 'connected', 'connected again');
  });

  it('/server:prompt args sends the filled prompt as the message; a missing argument is a notice', async () => {
    const f = await chatWith([textTurn('Summary.')], [{ url: urls.lab!, name: 'lab' }]);
    await until(() => row(f, 'lab')?.dataset.state === 'connected', 'connected');
    await typeAndEnter(f.chat, '/lab:summarize');
    await until(() => f.chat.shadowRoot!.textContent!.includes('/lab:summarize needs topic'), 'the notice');
    const final = f.nextFinal();
    await typeAndEnter(f.chat, '/lab:summarize the MCP spec');
    await final;
    const body = (await f.mock.log())[0]!.body as { messages: Array<{ role: string; content: string }> };
    expect(body.messages.filter((m) => m.role === 'user').map((m) => m.content)).to.deep.equal(['Please summarize the MCP spec in three lines.']);
    expect((await requests('lab')).some((r) => r.rpc[0] === 'prompts/get')).to.equal(true);
  });

  it('a resource picked in the drawer goes with the next message as text, once', async () => {
    const f = await chatWith([textTurn('Noted.'), textTurn('Again.')], [{ url: urls.lab!, name: 'lab' }]);
    await until(() => row(f, 'lab')?.dataset.state === 'connected', 'connected');
    const panel = part<HTMLDetailsElement>(f.chat, 'mcp-servers')!;
    panel.open = true;
    await f.chat.updateComplete;
    const picker = part<HTMLDetailsElement>(f.chat, 'mcp-resources')!;
    picker.open = true;
    (await until(() => part(f.chat, 'mcp-resource'), 'the resource list')).click();
    await until(() => part(f.chat, 'mcp-attachment'), 'the chip');
    let final = f.nextFinal();
    await typeAndEnter(f.chat, 'What time is the meeting?');
    await final;
    expect(part(f.chat, 'mcp-attachment')).to.equal(null);
    final = f.nextFinal();
    await typeAndEnter(f.chat, 'Thanks');
    await final;
    const users = (n: number) => ((f.mock.log().then((log) => log[n]!.body as { messages: Array<{ role: string; content: string }> })));
    const first = (await users(0)).messages.filter((m) => m.role === 'user');
    expect(first[0]!.content).to.equal('[Attached resource lab://notes/1 (text/plain) from MCP server "lab"]\nNote one: the meeting is at 10.\n\nWhat time is the meeting?');
    const second = (await users(1)).messages.filter((m) => m.role === 'user');
    expect(second.at(-1)!.content).to.equal('Thanks');
    expect((await requests('lab')).some((r) => r.rpc[0] === 'resources/read')).to.equal(true);
  });

  it('a running call shows its progress on the card', async () => {
    const f = await chatWith([toolCallTurn([{ name: 'lab_slow', args: { steps: 2 } }]), textTurn('never')], [{ url: urls.lab!, name: 'lab' }]);
    await until(() => row(f, 'lab')?.dataset.state === 'connected', 'connected');
    const final = f.nextFinal();
    await typeAndEnter(f.chat, 'go slow');
    const bar = await until(() => {
      const p = part(f.chat, 'tool-progress');
      return p?.textContent?.includes('step 2 of 3') ? p : null;
    }, 'the progress');
    expect(bar.querySelector('progress')!.getAttribute('max')).to.equal('3');
    expect(bar.querySelector('progress')!.getAttribute('value')).to.equal('2');
    part<HTMLButtonElement>(f.chat, 'stop-button')!.click();
    await final;
    expect(part(f.chat, 'tool-progress')).to.equal(null);
  });
});
