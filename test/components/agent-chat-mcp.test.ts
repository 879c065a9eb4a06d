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

describe('agent-chat: MCP servers', function () {
  // Each test's first connection loads and compiles the MCP room's chunks in a new worker: seconds on a loaded machine.
  this.timeout(60_000);
  let f: ChatFixture | undefined;
  afterEach(() => {
    f?.remove();
    f = undefined;
  });

  async function chatWith(turns: MockTurn[], servers: McpServerOptions[]): Promise<ChatFixture> {
    await fetch('/__mcp/reset?server=ui-lab');
    // Set once connected: a change of `mcp` makes the element a new agent, with these servers.
    f = await chatOnMock(turns);
    f.chat.mcp = servers;
    await f.chat.updateComplete;
    return f;
  }

  const row = (f: ChatFixture, name: string) => parts(f.chat, 'mcp-server').find((li) => li.dataset.server === name);

  it('lists each server, its state and tools, and why one failed; Reconnect connects again', async () => {
    const f = await chatWith([textTurn('hi')], [{ url: urls['ui-lab']!, name: 'lab' }, { url: urls.refused!, name: 'down' }]);
    await until(() => row(f, 'lab')?.dataset.state === 'connected' && row(f, 'down')?.dataset.state === 'failed', 'both servers settled', 30_000);
    const panel = part<HTMLDetailsElement>(f.chat, 'mcp-servers')!;
    expect(panel.querySelector('summary')!.textContent).to.contain('1 of 2 connected');
    expect(row(f, 'lab')!.textContent).to.contain('lab_read_note').and.to.contain('Streamable HTTP');
    expect(row(f, 'down')!.textContent).to.contain('MCP server "down"').and.to.contain('Start the server');
    panel.open = true;
    await f.chat.updateComplete;
    expect(await axeViolations(panel)).to.deep.equal([]);
    const initializes = async () => (await requests('ui-lab')).filter((r) => r.rpc[0] === 'initialize').length;
    const before = await initializes();
    row(f, 'lab')!.querySelector<HTMLButtonElement>('[part~="mcp-reconnect-button"]')!.click();
    for (let i = 0; i < 200 && (await initializes()) === before; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await initializes()).to.equal(before + 1);
    await until(() => row(f, 'lab')?.dataset.state === 'connected', 'connected again');
  });

  it("a server's tools whose schemas cannot be compiled are listed as left out, with why", async () => {
    const f = await chatWith([textTurn('hi')], [{ url: urls.schemas!, name: 'schemas' }]);
    await until(() => row(f, 'schemas')?.dataset.state === 'connected', 'connected', 30_000);
    const left = await until(() => row(f, 'schemas')!.querySelector('[part~="mcp-skipped"]'), 'the left-out list');
    const lines = [...left.querySelectorAll('li')].map((li) => li.textContent!.replace(/\s+/g, ' ').trim());
    expect(lines.map((l) => /^Left out (\S+): its input schema cannot be used \(/.exec(l)?.[1])).to.deep.equal(['broken_ref', 'broken_type', 'broken_pattern']);
    expect(left.textContent).to.contain('"integr" is not a JSON Schema type');
    expect(row(f, 'schemas')!.querySelector('.mcp-tools')!.textContent!.trim()).to.equal('schemas_lookup');
    const panel = part<HTMLDetailsElement>(f.chat, 'mcp-servers')!;
    panel.open = true;
    await f.chat.updateComplete;
    expect(await axeViolations(panel)).to.deep.equal([]);
  });

  it('/server:prompt args sends the filled prompt as the message; a missing argument is a notice', async () => {
    const f = await chatWith([textTurn('Summary.')], [{ url: urls['ui-lab']!, name: 'lab' }]);
    await until(() => row(f, 'lab')?.dataset.state === 'connected', 'connected', 30_000);
    await typeAndEnter(f.chat, '/lab:summarize');
    await until(() => f.chat.shadowRoot!.textContent!.includes('/lab:summarize needs topic'), 'the notice');
    const final = f.nextFinal();
    await typeAndEnter(f.chat, '/lab:summarize the MCP spec');
    await final;
    const body = (await f.mock.log())[0]!.body as { messages: Array<{ role: string; content: string }> };
    expect(body.messages.filter((m) => m.role === 'user').map((m) => m.content)).to.deep.equal(['Please summarize the MCP spec in three lines.']);
    expect((await requests('ui-lab')).some((r) => r.rpc[0] === 'prompts/get')).to.equal(true);
  });

  it('a resource picked in the drawer goes with the next message as an attachment, once', async () => {
    const f = await chatWith([textTurn('Noted.'), textTurn('Again.')], [{ url: urls['ui-lab']!, name: 'lab' }]);
    await until(() => row(f, 'lab')?.dataset.state === 'connected', 'connected', 30_000);
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
    // Compared as a boolean: chai's message for an element left over can take the page down.
    expect(part(f.chat, 'mcp-attachment') === null, 'the chip is gone after the send').to.equal(true);
    final = f.nextFinal();
    await typeAndEnter(f.chat, 'Thanks');
    await final;
    const log = await f.mock.log();
    expect(log[0]!.parts!.map((p) => [p.role, p.text])).to.deep.equal([
      ['user', 'What time is the meeting?'],
      ['user', 'File "note-1" (text/plain):\n```\nNote one: the meeting is at 10.\n```'],
    ]);
    // Shown with the sent message as its file (the file view's chunk loads with the first file shown, so it may come a moment after final); the next message goes without it.
    const shown = await until(() => part(f.chat, 'message-attachments'), 'the sent message\'s file');
    expect(shown.textContent).to.contain('note-1');
    const second = (log[1]!.body as { messages: Array<{ role: string; content: unknown }> }).messages.filter((m) => m.role === 'user');
    expect(second.at(-1)!.content).to.equal('Thanks');
    expect((await requests('ui-lab')).some((r) => r.rpc[0] === 'resources/read')).to.equal(true);
  });

  it('binary resources are attached by their type: an image goes as an image; a zip is refused when picked, saying why', async () => {
    const f = await chatWith([textTurn('A dot.')], [{ url: urls.schemas!, name: 'schemas' }]);
    await until(() => row(f, 'schemas')?.dataset.state === 'connected', 'connected', 30_000);
    part<HTMLDetailsElement>(f.chat, 'mcp-servers')!.open = true;
    await f.chat.updateComplete;
    part<HTMLDetailsElement>(f.chat, 'mcp-resources')!.open = true;
    const pick = async (name: string) => (await until(() => parts(f.chat, 'mcp-resource').find((b) => b.textContent === name), name)).click();
    await pick('archive.zip');
    const error = await until(() => f.chat.shadowRoot!.querySelector('.mcp-error'), 'the refusal');
    expect(error.textContent).to.contain('schemas://files/archive.zip from MCP server "schemas" cannot be attached: "archive.zip"');
    expect(part(f.chat, 'mcp-attachment') === null, 'no chip for the refused one').to.equal(true);
    await pick('logo.png');
    await until(() => part(f.chat, 'mcp-attachment'), 'the chip');
    const final = f.nextFinal();
    await typeAndEnter(f.chat, 'What is this logo?');
    await final;
    const image = (await f.mock.log())[0]!.parts!.find((p) => p.type === 'image_url');
    expect(image).to.include({ role: 'user', mime: 'image/png', width: 1, height: 1 });
  });

  it("an MCP tool's image shows as a thumbnail on its card, and its embedded resource as a file", async () => {
    const f = await chatWith([toolCallTurn([{ name: 'lab_picture', args: {} }]), textTurn('A red dot.')], [{ url: urls['ui-lab']!, name: 'lab' }]);
    await until(() => row(f, 'lab')?.dataset.state === 'connected', 'connected', 30_000);
    const final = f.nextFinal();
    await typeAndEnter(f.chat, 'Show the picture');
    await final;
    const card = part(f.chat, 'tool-call')!;
    const files = await until(() => card.querySelector('[part~="message-attachments"]'), 'the files in the card');
    expect(files.getAttribute('aria-label')).to.equal('Files from lab_picture');
    const thumb = await until(() => files.querySelector<HTMLImageElement>('[part~="attachment-thumbnail"]'), 'the thumbnail');
    await until(() => thumb.complete && thumb.naturalWidth > 0, 'the thumbnail loaded');
    expect(thumb.naturalWidth).to.equal(1);
    expect(files.textContent).to.contain('picture-2.txt');
    expect(await axeViolations(card)).to.deep.equal([]);
  });

  it('a running call shows its progress on the card', async () => {
    const f = await chatWith([toolCallTurn([{ name: 'lab_slow', args: { steps: 2 } }]), textTurn('never')], [{ url: urls['ui-lab']!, name: 'lab' }]);
    await until(() => row(f, 'lab')?.dataset.state === 'connected', 'connected', 30_000);
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
    expect(part(f.chat, 'tool-progress') === null, 'no progress bar once the call ended').to.equal(true);
  });
});
