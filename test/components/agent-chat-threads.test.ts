// The thread list of <agent-chat show-threads> (part `threads`), with the real
// agent on the mock endpoint: two conversations are listed, switching
// re-renders the other thread from its stored events, New thread, delete with
// a confirmation step (the open thread too: a new one starts), the keyboard
// alone, and axe-clean in both themes. Other test files share this origin's
// IndexedDB, so the list is checked by this file's thread ids, never by count.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import type { AgentChat } from '../../components/agent-chat.js';
import type { ThreadChangeDetail } from '../../components/threads/thread-list.js';
import { textTurn } from '../../src/testing/chunks.js';
import { axeViolations } from './axe.js';
import { chatOnMock, part, typeAndEnter, until, type ChatFixture } from './helpers.js';

/** The drawer, opened (its toggle loads the list). */
async function openList(chat: AgentChat): Promise<HTMLDetailsElement> {
  const details = part<HTMLDetailsElement>(chat, 'threads')!;
  if (!details.open) details.querySelector('summary')!.click();
  await until(() => details.open, 'the thread list to open');
  await chat.updateComplete;
  return details;
}

function row(chat: AgentChat, id: string): HTMLElement | null {
  return chat.shadowRoot!.querySelector<HTMLElement>(`[part~="thread"][data-thread-id="${CSS.escape(id)}"]`);
}

function logText(chat: AgentChat): string {
  return part(chat, 'log')!.textContent ?? '';
}

/** The thread-change events the chat fired. */
function changes(chat: AgentChat): ThreadChangeDetail[] {
  const seen: ThreadChangeDetail[] = [];
  chat.addEventListener('thread-change', (e) => seen.push(e.detail));
  return seen;
}

/** Sends `text` and waits for its reply. */
async function converse(f: ChatFixture, text: string): Promise<void> {
  const final = f.nextFinal();
  await typeAndEnter(f.chat, text);
  await final;
  await f.chat.updateComplete;
}

describe('agent-chat: the thread list', () => {
  let f: ChatFixture | undefined;
  const made: string[] = [];
  afterEach(async () => {
    if (f) {
      for (const id of made) await f.chat.agent.threads.delete(id).catch(() => {});
      f.remove();
    }
    f = undefined;
    made.length = 0;
  });

  /** A chat with show-threads and two conversations in two threads; resolves with [first, second] ids. */
  async function twoThreads(): Promise<[string, string, ThreadChangeDetail[]]> {
    const first = `threads-${crypto.randomUUID()}`;
    f = await chatOnMock([textTurn('The first answer.'), textTurn('The second answer.')], { attrs: { 'show-threads': '', thread: first } });
    const seen = changes(f.chat);
    made.push(first);
    await converse(f, 'First question about apples');
    await openList(f.chat);
    part(f.chat, 'new-thread-button')!.click();
    await f.chat.updateComplete;
    const second = f.chat.thread!;
    made.push(second);
    expect(second).to.not.equal(first);
    await converse(f, 'Second question about pears');
    return [first, second, seen];
  }

  it('lists both threads after two conversations, with titles, times and counts; the open one is aria-current', async () => {
    const [first, second, seen] = await twoThreads();
    const chat = f!.chat;
    expect(seen).to.deep.equal([{ thread: second, reason: 'new' }]);
    expect(chat.getAttribute('thread')).to.equal(second);
    await openList(chat);
    const a = await until(() => row(chat, first), 'the first thread in the list');
    const b = await until(() => row(chat, second)?.textContent?.includes('pears') && row(chat, second), 'the second thread, titled');
    expect(a.querySelector('.thread-title')!.textContent).to.equal('First question about apples');
    expect(b.querySelector('.thread-title')!.textContent).to.equal('Second question about pears');
    expect(a.querySelector('.thread-meta')!.textContent).to.match(/^just now · 2 messages$/);
    expect(a.querySelector('time')!.getAttribute('datetime')).to.match(/^\d{4}-\d\d-\d\dT/);
    expect(b.querySelector('.thread-open')!.getAttribute('aria-current')).to.equal('true');
    expect(a.querySelector('.thread-open')!.hasAttribute('aria-current')).to.equal(false);
    expect(chat.shadowRoot!.querySelectorAll('[aria-current="true"]')).to.have.length(1);
    // Most recently updated first.
    const ids = [...chat.shadowRoot!.querySelectorAll<HTMLElement>('[part~="thread"]')].map((li) => li.dataset.threadId);
    expect(ids.indexOf(second)).to.be.below(ids.indexOf(first));
    expect(part(chat, 'threads')!.querySelector('.drawer-detail')!.textContent).to.equal('Second question about pears');
  });

  it('switching renders the other thread from its stored events, and sets the attribute and fires thread-change', async () => {
    const [first, second, seen] = await twoThreads();
    const chat = f!.chat;
    expect(logText(chat)).to.contain('The second answer.');
    await openList(chat);
    (await until(() => row(chat, first)?.querySelector<HTMLButtonElement>('.thread-open'), 'the first thread')).click();
    await until(() => logText(chat).includes('The first answer.'), 'the first thread to be shown');
    expect(logText(chat)).to.contain('First question about apples');
    expect(logText(chat)).to.not.contain('pears');
    expect(chat.getAttribute('thread')).to.equal(first);
    expect(chat.thread).to.equal(first);
    expect(seen.at(-1)).to.deep.equal({ thread: first, reason: 'open' });
    // The list follows: the first is current now; the drawer closed so the log shows.
    await openList(chat);
    await until(() => row(chat, first)?.querySelector('[aria-current="true"]'), 'the first thread marked current');
    expect(row(chat, second)!.querySelector('[aria-current]')).to.equal(null);
    // And back.
    row(chat, second)!.querySelector<HTMLButtonElement>('.thread-open')!.click();
    await until(() => logText(chat).includes('The second answer.'), 'the second thread again');
    expect(chat.getAttribute('thread')).to.equal(second);
    expect(logText(chat)).to.not.contain('apples');
  });

  it('New thread starts an empty conversation, listed as not saved yet until something is said', async () => {
    const first = `threads-${crypto.randomUUID()}`;
    made.push(first);
    f = await chatOnMock([textTurn('Hello.')], { attrs: { 'show-threads': '', thread: first } });
    const seen = changes(f.chat);
    await converse(f, 'Hi there');
    await openList(f.chat);
    part(f.chat, 'new-thread-button')!.click();
    await until(() => f!.chat.thread !== first, 'a new thread');
    made.push(f.chat.thread!);
    await f.chat.updateComplete;
    expect(logText(f.chat)).to.not.contain('Hi there');
    expect(seen).to.deep.equal([{ thread: f.chat.thread, reason: 'new' }]);
    await openList(f.chat);
    const fresh = await until(() => row(f!.chat, f!.chat.thread!), 'the new thread in the list');
    expect(fresh.querySelector('.thread-meta')!.textContent).to.equal('Not saved yet');
    expect(fresh.querySelector('.thread-open')!.getAttribute('aria-current')).to.equal('true');
    expect(row(f.chat, first)).to.not.equal(null);
  });

  it('show-threads without a thread opens a new one (the attribute is set)', async () => {
    f = await chatOnMock([], { attrs: { 'show-threads': '' } });
    await until(() => f!.chat.getAttribute('thread'), 'a thread id');
    expect(f.chat.thread).to.match(/^thread-/);
  });

  it('delete asks for confirmation first; confirmed, the thread is gone from the list and the store', async () => {
    const [first] = await twoThreads();
    const chat = f!.chat;
    await openList(chat);
    const a = await until(() => row(chat, first), 'the first thread');
    a.querySelector<HTMLButtonElement>('[part~="delete-thread-button"]')!.click();
    await chat.updateComplete;
    const confirm = await until(() => row(chat, first)?.querySelector<HTMLElement>('.thread-confirm'), 'the confirmation');
    expect(confirm.getAttribute('role')).to.equal('group');
    // Nothing deleted yet; Cancel backs out.
    expect((await chat.agent.threads.list()).some((t) => t.id === first)).to.equal(true);
    await until(() => chat.shadowRoot!.activeElement?.textContent === 'Cancel', 'focus on Cancel (the safe choice)');
    confirm.querySelector<HTMLButtonElement>('.thread-cancel')!.click();
    await chat.updateComplete;
    expect(row(chat, first)!.querySelector('.thread-confirm')).to.equal(null);
    // Again, confirmed.
    row(chat, first)!.querySelector<HTMLButtonElement>('[part~="delete-thread-button"]')!.click();
    await chat.updateComplete;
    (await until(() => row(chat, first)?.querySelector<HTMLButtonElement>('[part~="confirm-delete-button"]'), 'the confirm button')).click();
    await until(() => row(chat, first) === null, 'the thread to leave the list');
    expect((await chat.agent.threads.list()).some((t) => t.id === first)).to.equal(false);
    // The open thread was another one: it stays, shown as it was.
    expect(logText(chat)).to.contain('The second answer.');
  });

  it('deleting the open thread starts a new one', async () => {
    const [, second, seen] = await twoThreads();
    const chat = f!.chat;
    await openList(chat);
    const b = await until(() => row(chat, second), 'the open thread');
    b.querySelector<HTMLButtonElement>('[part~="delete-thread-button"]')!.click();
    await chat.updateComplete;
    (await until(() => row(chat, second)?.querySelector<HTMLButtonElement>('[part~="confirm-delete-button"]'), 'the confirm button')).click();
    await until(() => chat.thread !== second, 'a new thread');
    made.push(chat.thread!);
    expect(seen.at(-1)).to.deep.equal({ thread: chat.thread, reason: 'deleted' });
    expect(chat.getAttribute('thread')).to.equal(chat.thread);
    await until(() => !logText(chat).includes('pears'), 'the log to be emptied');
    await until(() => row(chat, second) === null, 'the deleted thread to leave the list');
    expect((await chat.agent.threads.list()).some((t) => t.id === second)).to.equal(false);
  });

  it('works by keyboard alone: open the list, arrow to a thread, Enter switches, Escape closes', async () => {
    const [first, second] = await twoThreads();
    const chat = f!.chat;
    const details = part<HTMLDetailsElement>(chat, 'threads')!;
    details.querySelector<HTMLElement>('summary')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => details.open, 'Enter to open the list');
    await until(() => row(chat, first) && row(chat, second), 'both threads listed');
    await chat.updateComplete;
    await sendKeys({ press: 'Tab' }); // New thread
    expect(chat.shadowRoot!.activeElement?.getAttribute('part')).to.equal('new-thread-button');
    await sendKeys({ press: 'Tab' }); // the first row's thread
    const buttons = [...chat.shadowRoot!.querySelectorAll<HTMLElement>('.thread-open')];
    expect(chat.shadowRoot!.activeElement).to.equal(buttons[0]);
    // Arrow down to the first thread's button, wherever it is in the list.
    const target = row(chat, first)!.querySelector<HTMLElement>('.thread-open')!;
    for (let i = 0; i < buttons.length && chat.shadowRoot!.activeElement !== target; i++) await sendKeys({ press: 'ArrowDown' });
    expect(chat.shadowRoot!.activeElement).to.equal(target);
    await sendKeys({ press: 'Home' });
    expect(chat.shadowRoot!.activeElement).to.equal(buttons[0]);
    for (let i = 0; i < buttons.length && chat.shadowRoot!.activeElement !== target; i++) await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await until(() => chat.thread === first, 'Enter to switch');
    await until(() => logText(chat).includes('The first answer.'), 'the first thread shown');
    // The drawer closed and the composer has focus, ready to type.
    expect(details.open).to.equal(false);
    await until(() => chat.shadowRoot!.activeElement?.getAttribute('part') === 'input', 'focus in the composer');
    // Escape closes an open list and returns to its summary.
    details.querySelector<HTMLElement>('summary')!.focus();
    await sendKeys({ press: 'Space' });
    await until(() => details.open, 'Space to open');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Escape' });
    await until(() => !details.open, 'Escape to close');
    expect(chat.shadowRoot!.activeElement?.tagName).to.equal('SUMMARY');
  });

  it('renames a thread', async () => {
    const [first] = await twoThreads();
    const chat = f!.chat;
    await openList(chat);
    (await until(() => row(chat, first)?.querySelector<HTMLButtonElement>('.thread-rename'), 'Rename')).click();
    const input = await until(() => row(chat, first)?.querySelector<HTMLInputElement>('input'), 'the title field');
    await until(() => chat.shadowRoot!.activeElement === input, 'focus in the title field');
    input.value = 'Apples, renamed';
    input.form!.requestSubmit();
    await until(() => row(chat, first)?.querySelector('.thread-title')?.textContent === 'Apples, renamed', 'the new title');
    expect((await chat.agent.threads.list()).find((t) => t.id === first)?.title).to.equal('Apples, renamed');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`is axe-clean with the list open, a confirmation and a rename showing (${theme})`, async () => {
      const [first, second] = await twoThreads();
      const chat = f!.chat;
      chat.theme = theme;
      await openList(chat);
      await until(() => row(chat, first) && row(chat, second), 'both threads');
      expect(await axeViolations(chat)).to.deep.equal([]);
      row(chat, first)!.querySelector<HTMLButtonElement>('[part~="delete-thread-button"]')!.click();
      await until(() => row(chat, first)!.querySelector('.thread-confirm'), 'the confirmation');
      expect(await axeViolations(chat)).to.deep.equal([]);
      row(chat, second)!.querySelector<HTMLButtonElement>('.thread-rename')!.click();
      await until(() => row(chat, second)!.querySelector('input'), 'the title field');
      expect(await axeViolations(chat)).to.deep.equal([]);
    });
  }
});
