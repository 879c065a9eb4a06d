// The composer's commands are a chunk of their own (components/composer/composer-commands.ts),
// loaded the first time the draft starts with "/". This file is its own page, so the
// chunk is not loaded when it starts: the tests run in order, the first before any
// command is typed.
import { expect } from 'chai';
import { textTurn } from '../../src/testing/chunks.js';
import { chatOnMock, part, until, typeAndEnter, type ChatFixture } from './helpers.js';

// The count below reads resource timing: room for every fetch of this page (the default keeps 250,
// which a test page's modules can fill before the tests run).
performance.setResourceTimingBufferSize(100_000);

/** How often the page has fetched the commands' chunk. */
const commandFetches = () => performance.getEntriesByType('resource').filter((e) => /composer-commands/.test(e.name)).length;

/** Types `text` and presses Enter in the same task: before anything the input started could load. */
function typeAndEnterAtOnce(input: HTMLTextAreaElement, text: string): void {
  input.focus();
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true }));
}

describe('agent-chat: the commands load with the first "/"', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('a chat where nobody types a command never loads them', async () => {
    f = await chatOnMock([textTurn('Hello.')]);
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Hi there');
    await done;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(commandFetches()).to.equal(0);
  });

  it('a command entered before its code is in runs once it is, and the draft empties', async () => {
    f = await chatOnMock([]);
    const input = part<HTMLTextAreaElement>(f.chat, 'input')!;
    typeAndEnterAtOnce(input, '/help');
    expect(commandFetches(), 'not fetched yet when Enter was pressed').to.equal(0);
    const notice = await until(() => f!.chat.shadowRoot!.querySelector('.notice'), 'the help notice');
    expect(notice.textContent).to.contain('/clear');
    await f.chat.updateComplete;
    expect(input.value).to.equal('');
    expect(await f.mock.log()).to.have.length(0);
    expect(commandFetches()).to.equal(1);
  });

  it('a message that starts with "/" but is no command is sent as it is', async () => {
    f = await chatOnMock([textTurn('It is a folder.')]);
    const done = f.nextFinal();
    typeAndEnterAtOnce(part<HTMLTextAreaElement>(f.chat, 'input')!, '/usr/local is what?');
    expect(await done).to.include({ reason: 'answer' });
    const [request] = await f.mock.log();
    const messages = (request!.body as { messages: { role: string; content: string }[] }).messages;
    expect(messages.at(-1)).to.deep.include({ role: 'user', content: '/usr/local is what?' });
  });

  it('Tab completes a command name once the "/" has loaded the commands', async () => {
    f = await chatOnMock([]);
    const input = part<HTMLTextAreaElement>(f.chat, 'input')!;
    input.focus();
    input.value = '/he';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await f.chat.updateComplete;
    const completions = part(f.chat, 'completions')!;
    expect(completions.textContent).to.contain('/help');
    // Their styles came with them.
    expect(getComputedStyle(completions).display).to.equal('flex');
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, composed: true, cancelable: true });
    input.dispatchEvent(tab);
    expect(tab.defaultPrevented).to.equal(true);
    await f.chat.updateComplete;
    expect(input.value).to.equal('/help');
  });
});
