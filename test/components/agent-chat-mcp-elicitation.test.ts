// <agent-chat> shows an MCP server's question to the user (elicitation) as a
// panel above the composer, against a real SDK server whose tool asks
// (test/support/mcp-servers.js `ui-elicit`): the form with the defaults filled
// in, Accept sending what the user chose, Cancel, and the panel leaving once
// the question is settled; every field type of the spec drawn, each value
// sent one the user sees; a question no form can show, declined with its
// reason shown.
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
async function answered(prefix = 'elicit:'): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const log = (await (await fetch('/__mcp/requests?server=ui-elicit')).json()) as Recorded[];
    const note = log.find((r) => r.note?.startsWith(prefix))?.note;
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

  async function asked(tool = 'shop_book', args: Record<string, unknown> = {}): Promise<HTMLFormElement> {
    await fetch('/__mcp/reset?server=ui-elicit');
    f = await chatOnMock([toolCallTurn([{ name: tool, args }]), textTurn('Done.')]);
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

  it('draws every field type of the spec with its default in view; Accept sends exactly what is shown', async () => {
    const form = await asked('shop_survey');
    const input = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    expect([input('name').type, input('name').value]).to.deep.equal(['text', 'Ada']);
    expect([input('email').type, input('site').type, input('day').type, input('at').type]).to.deep.equal(['email', 'url', 'date', 'datetime-local']);
    expect(input('day').value).to.equal('2026-12-24');
    expect([input('seats').type, input('seats').value, input('budget').value]).to.deep.equal(['number', '2', '']);
    expect(input('terrace').checked).to.equal(true);
    const select = (name: string) => form.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;
    // A choice with a default offers no empty option (left out, the client package would send the default unseen).
    expect([...select('size').options].map((o) => o.textContent)).to.deep.equal(['s', 'm', 'l']);
    expect(select('size').value).to.equal('m');
    expect([...select('room').options].map((o) => o.textContent)).to.deep.equal(['—', 'Garden room', 'Cellar']);
    expect([...select('wine').options].map((o) => o.textContent)).to.deep.equal(['—', 'Red wine', 'White wine']);
    // The multiple choices: a checkbox per choice, their defaults ticked, in view.
    const boxes = (name: string) => [...form.querySelectorAll<HTMLInputElement>(`fieldset[data-name="${name}"] input[type="checkbox"]`)];
    expect(boxes('extras').map((b) => [b.value, b.checked, b.parentElement!.textContent!.trim()])).to.deep.equal([['bread', true, 'bread'], ['olives', false, 'olives'], ['cake', false, 'cake']]);
    expect(form.querySelector('fieldset[data-name="extras"] legend')!.textContent).to.contain('Choose 1 to 2.');
    expect(boxes('diets').map((b) => [b.value, b.checked, b.parentElement!.textContent!.trim()])).to.deep.equal([['veg', false, 'Vegetarian'], ['gf', true, 'Gluten-free']]);
    expect((await axeViolations(form)).join('\n')).to.equal('');
    // The user unticks the one diet (nothing shown: nothing sent), ticks olives, picks a room, fills an email and an arrival.
    boxes('diets')[1]!.click();
    boxes('extras')[1]!.click();
    select('room').value = 'cellar';
    select('room').dispatchEvent(new Event('change'));
    const type = (name: string, text: string) => {
      input(name).value = text;
      input(name).dispatchEvent(new Event('input'));
    };
    type('email', 'ada@example.org');
    type('at', '2026-12-24T19:30');
    // A field with a default, emptied, is sent empty as shown (not left out for its default to come back unseen):
    // an empty date is no date, so the answer is refused and the question stays.
    type('day', '');
    await f!.chat.updateComplete;
    form.querySelector<HTMLButtonElement>('[data-action="accept"]')!.click();
    await until(() => form.querySelector('[role="alert"]')?.textContent?.includes('"day"') === true, 'the empty-date refusal');
    expect(form.querySelector('[role="alert"]')!.textContent).to.contain('a date (YYYY-MM-DD), not ""');
    type('day', '2026-12-24');
    await f!.chat.updateComplete;
    form.querySelector<HTMLButtonElement>('[data-action="accept"]')!.click();
    await until(() => part(f!.chat, 'mcp-elicitation') === null, 'the panel left');
    const note = JSON.parse((await answered('survey:')).slice('survey: '.length)) as { action: string; content: Record<string, unknown> };
    expect(note).to.deep.equal({
      action: 'accept',
      // `diets`, unticked, goes as the empty list shown (not left out for its default to come back).
      content: { name: 'Ada', email: 'ada@example.org', day: '2026-12-24', at: new Date('2026-12-24T19:30').toISOString(), seats: 2, terrace: true, size: 'm', room: 'cellar', extras: ['bread', 'olives'], diets: [] },
    });
  });

  it('a question no form can show is declined at once; the user sees why, and dismisses it', async () => {
    await fetch('/__mcp/reset?server=ui-elicit');
    f = await chatOnMock([toolCallTurn([{ name: 'shop_odd', args: { shape: 'no-choices' } }]), textTurn('Done.')]);
    f.chat.mcp = [{ url, name: 'shop' }];
    await f.chat.updateComplete;
    f.chat.send('Ask');
    for (let i = 0; i < 500 && !part(f.chat, 'mcp-elicitation'); i++) await new Promise((r) => setTimeout(r, 20));
    await until(() => part(f!.chat, 'mcp-elicitation') !== null, 'the notice');
    const notice = part<HTMLElement>(f.chat, 'mcp-elicitation')!;
    expect(notice.hasAttribute('data-declined')).to.equal(true);
    expect(notice.textContent).to.contain('MCP server shop asked: Odd question (no-choices)').and.contain('field "pick" is a choice with no choices');
    expect(notice.querySelector('form, input, select')).to.equal(null);
    const note = JSON.parse((await answered('odd:')).slice('odd: '.length)) as { action: string };
    expect(note.action).to.equal('decline');
    notice.querySelector<HTMLButtonElement>('[data-action="dismiss"]')!.click();
    await until(() => part(f!.chat, 'mcp-elicitation') === null, 'the notice left');
  });
});
