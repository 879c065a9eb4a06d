/**
 * A long log is drawn through a window (issue 34, §5 finding 8): an imported
 * thread of 60,000 events (30,000 tool cards) once held the page 15–35 s
 * while every card was drawn. The element now draws the latest 200 items and
 * a "Show earlier" button (part `log-earlier`) that draws 200 more at a time;
 * what is drawn is always the end of the log, a live reply included. Against
 * the real agent, its thread store (files imported with `threads.import`) and
 * the mock endpoint. No timing is asserted: the counts of drawn cards are.
 */
import { expect } from 'chai';
import type { AgentChat } from '../../components/agent-chat.js';
import { LOG_PAGE } from '../../components/conversation/index.js';
import { textTurn } from '../../src/testing/chunks.js';
import { bigThreadFile } from '../fixtures/big-thread.js';
import { LONG_RUN } from '../support/test-env.js';
import { axeViolations } from './axe.js';
import { chatOnMock, part, parts, typeAndEnter, until, type ChatFixture } from './helpers.js';

/** Waits up to ~60 s (a 60,000-event import is stored and read back on a busy machine). */
const slowly = <T>(check: () => T | null | undefined | false, what: string) => until(check, what, 60_000);

/** The items the log draws (cards, messages). */
const drawn = (chat: AgentChat) => [...chat.shadowRoot!.querySelector('[part~="log"]')!.children].filter((el) => el.matches('[part~="tool-call"], [part~="message"]'));

describe('agent-chat: a long log draws a window of it', function () {
  this.timeout(180_000);
  let f: ChatFixture | undefined;
  afterEach(async () => {
    if (f) await f.chat.agent.clear().catch(() => {});
    f?.remove();
    f = undefined;
  });

  /** An element on `turns` whose thread is the imported `file`. */
  async function opened(file: string, turns = [textTurn('Unused.')]): Promise<ChatFixture> {
    const maker = await chatOnMock([]);
    const thread = await maker.chat.agent.threads.import(file);
    maker.remove();
    f = await chatOnMock(turns, { attrs: { thread } });
    return f;
  }

  // The probe's size with PAGELOOP_LONG=1; a tenth of it by default (the window is the same, the import and store ~10 s less of CI's CPU).
  const cards = LONG_RUN ? 30_000 : 3_000;
  it(`the probe's thread: ${(2 * cards).toLocaleString('en')} events, ${cards.toLocaleString('en')} cards (60,000 and 30,000 with PAGELOOP_LONG=1) — 200 items drawn, the rest one click a page away`, async () => {
    const f = await opened(bigThreadFile('huge', cards));
    const earlier = await slowly(() => part<HTMLButtonElement>(f.chat, 'log-earlier'), 'the Show earlier button');
    // The question, the cards, the answer.
    expect(earlier.textContent!.trim()).to.equal(`Show 200 earlier (${(cards + 2 - LOG_PAGE).toLocaleString('en')} not shown)`);
    expect(drawn(f.chat)).to.have.length(LOG_PAGE);
    expect(parts(f.chat, 'tool-call')).to.have.length(LOG_PAGE - 1);
    // The end of the log: the last card and the answer.
    expect(parts(f.chat, 'tool-call').at(-1)!.textContent).to.contain('lookup');
    expect(parts(f.chat, 'assistant').at(-1)!.textContent).to.contain(`Checked ${cards} orders.`);
  });

  it('Show earlier draws the page before, above what was drawn (the same nodes stay); what is new still shows at the end', async () => {
    const f = await opened(bigThreadFile('long', 450));
    const earlier = await slowly(() => part<HTMLButtonElement>(f.chat, 'log-earlier'), 'the Show earlier button');
    // 452 items: 252 not shown.
    expect(earlier.textContent!.trim()).to.equal('Show 200 earlier (252 not shown)');
    const firstDrawn = drawn(f.chat)[0]!;
    earlier.focus();
    earlier.click();
    await until(() => drawn(f.chat).length === 2 * LOG_PAGE, '400 items drawn');
    expect(drawn(f.chat)[LOG_PAGE], 'what was drawn stays, below the new page').to.equal(firstDrawn);
    expect(part(f.chat, 'log-earlier')!.textContent!.trim()).to.equal('Show 52 earlier (52 not shown)');
    expect(f.chat.shadowRoot!.activeElement, 'the focus stays on the button').to.equal(part(f.chat, 'log-earlier'));
    expect(await axeViolations(part(f.chat, 'log')!)).to.deep.equal([]);
    part<HTMLButtonElement>(f.chat, 'log-earlier')!.click();
    await until(() => drawn(f.chat).length === 452 && !part(f.chat, 'log-earlier'), 'all drawn, no button');
    expect(parts(f.chat, 'user')[0]!.textContent).to.contain('Check every order.');

    // Something new in the log (here /help's notice, no model needed) is drawn at its end.
    await typeAndEnter(f.chat, '/help');
    await until(() => /\/help/.test(part(f.chat, 'log')!.lastElementChild?.textContent ?? '') && drawn(f.chat).length === 452, 'the new item at the end');
  });

  it('a log of 200 items or fewer has no button; another thread starts again at one page', async () => {
    const f = await opened(bigThreadFile('short', 198));
    await slowly(() => drawn(f.chat).length === 200, 'the 200 items');
    expect(part(f.chat, 'log-earlier')).to.equal(null);

    const maker = await chatOnMock([]);
    const other = await maker.chat.agent.threads.import(bigThreadFile('other', 600));
    maker.remove();
    f.chat.setAttribute('thread', other);
    const earlier = await slowly(() => part<HTMLButtonElement>(f.chat, 'log-earlier'), 'the button for the other thread');
    earlier.click();
    await until(() => drawn(f.chat).length === 400, 'two pages');
    f.chat.setAttribute('thread', (await f.chat.agent.threads.import(bigThreadFile('third', 600))));
    await slowly(() => part(f.chat, 'log-earlier')?.textContent?.includes('(402 not shown)'), 'the third thread at one page');
    expect(drawn(f.chat)).to.have.length(LOG_PAGE);
  });
});
