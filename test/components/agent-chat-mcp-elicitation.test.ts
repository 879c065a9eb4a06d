// <agent-chat> shows an MCP server's question to the user (elicitation) as a
// panel above the composer, against a real SDK server whose tool asks
// (test/support/mcp-servers.js `ui-elicit`): the form with the defaults filled
// in, Accept sending what the user chose, Cancel, and the panel leaving once
// the question is settled.
import { expect } from 'chai';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { axeViolations } from './axe.js';
import { chatOnMock, part, until, type ChatFixture } from './helpers.js';

type Recorded = { note?: string };
let url: string;
before(async () => {
  url = ((await (await fetch('/__mcp/servers')).json()) as Record<string, string>)['ui-elicit']!;
});
/** The server's note of the answer it got, once it has one. */
async function answered(): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const log = (await (await fetch('/__mcp/requests?server=ui-elicit')).json()) as Recorded[];
    const note = log.find((r) => r.note?.startsWith('elicit:'))?.note;
    if (note) return note;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the server never got an answer');
}

describe('agent-chat: an MCP server asks the user (elicitation)', () => {
  let f: ChatFixture | undefined;
  afterEach(() => {
    f?.remove();
    f = undefined;
  });

  async function asked(): Promise<HTMLFormElement> {
    await fetch('/__mcp/reset?server=ui-elicit');
    f = await chatOnMock([toolCallTurn([{ name: 'shop_book', args: {} }]), textTurn('Done.')]);
    f.chat.mcp = [{ url, name: 'shop' }];
    await f.chat.updateComplete;
    f.chat.send('Book a table');
    // The first message waits for the server to connect, then the model's call, then the server's question.
    for (let i = 0; i < 500 && !part(f.chat, 'mcp-elicitation'); i++) await new Promise((r) => setTimeout(r, 20));
    await until(() => part(f!.chat, 'mcp-elicitation') !== null, 'the question panel');
    return part<HTMLFormElement>(f.chat, 'mcp-elicitation')!;
  }

  it('shows the form with its defaults; Accept sends the choice, and the panel leaves', async () => {
    const form = await asked();
    expect(form.textContent).to.contain('MCP server shop asks: Which day, and for how many?');
    const day = form.querySelector<HTMLSelectElement>('select[name="day"]')!;
    expect([...day.options].map((o) => o.textContent)).to.deep.equal(['—', 'Friday', 'Saturday']);
    expect(form.querySelector<HTMLInputElement>('input[name="seats"]')!.value).to.equal('2');
    expect(form.querySelector<HTMLInputElement>('input[name="terrace"]')!.checked).to.equal(false);
    expect((await axeViolations(form)).join('\n')).to.equal('');
    day.value = 'friday';
    day.dispatchEvent(new Event('change'));
    const terrace = form.querySelector<HTMLInputElement>('input[name="terrace"]')!;
    terrace.click();
    await f!.chat.updateComplete;
    form.querySelector<HTMLButtonElement>('[data-action="accept"]')!.click();
    await until(() => part(f!.chat, 'mcp-elicitation') === null, 'the panel left');
    const note = await answered();
    expect(JSON.parse(note.slice('elicit: '.length))).to.deep.equal({ action: 'accept', content: { day: 'friday', seats: 2, terrace: true } });
  });

  it('Cancel dismisses the question; the server hears it', async () => {
    const form = await asked();
    form.querySelector<HTMLButtonElement>('[data-action="cancel"]')!.click();
    await until(() => part(f!.chat, 'mcp-elicitation') === null, 'the panel left');
    const note = await answered();
    expect(JSON.parse(note.slice('elicit: '.length))).to.deep.equal({ action: 'cancel' });
  });
});
