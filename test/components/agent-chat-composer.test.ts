import { expect } from 'chai';
import { textTurn } from '../../src/testing/chunks.js';
import { chatOnMock, part, parts, until, typeAndEnter, type ChatFixture } from './helpers.js';

function key(input: HTMLTextAreaElement, k: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, composed: true, cancelable: true, ...init });
  input.dispatchEvent(event);
  return event;
}

describe('agent-chat: composer', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('Enter sends; Shift+Enter does not (the newline is the textarea’s own)', async () => {
    f = await chatOnMock([textTurn('ok')]);
    const input = part<HTMLTextAreaElement>(f.chat, 'input')!;
    input.value = 'line one';
    input.dispatchEvent(new Event('input'));
    const shifted = key(input, 'Enter', { shiftKey: true });
    expect(shifted.defaultPrevented).to.equal(false);
    await f.chat.updateComplete;
    expect(parts(f.chat, 'user')).to.have.length(0);
    const done = f.nextFinal();
    const plain = key(input, 'Enter');
    expect(plain.defaultPrevented).to.equal(true);
    await done;
    await f.chat.updateComplete;
    expect(parts(f.chat, 'user')).to.have.length(1);
    expect(input.value).to.equal('');
  });

  it('the send button sends and is disabled while the input is empty', async () => {
    f = await chatOnMock([textTurn('ok')]);
    const send = part<HTMLButtonElement>(f.chat, 'send-button')!;
    expect(send.disabled).to.equal(true);
    const input = part<HTMLTextAreaElement>(f.chat, 'input')!;
    input.value = 'hi';
    input.dispatchEvent(new Event('input'));
    await f.chat.updateComplete;
    expect(send.disabled).to.equal(false);
    const done = f.nextFinal();
    send.click();
    await done;
    expect(parts(f.chat, 'user')).to.have.length(1);
  });

  it('↑ recalls earlier inputs and ↓ returns to the draft', async () => {
    f = await chatOnMock([textTurn('one'), textTurn('two')]);
    let done = f.nextFinal();
    await typeAndEnter(f.chat, 'first question');
    await done;
    done = f.nextFinal();
    await typeAndEnter(f.chat, 'second question');
    await done;
    const input = part<HTMLTextAreaElement>(f.chat, 'input')!;
    input.value = 'draft';
    input.dispatchEvent(new Event('input'));
    input.setSelectionRange(0, 0);
    key(input, 'ArrowUp');
    await f.chat.updateComplete;
    expect(input.value).to.equal('second question');
    input.setSelectionRange(0, 0);
    key(input, 'ArrowUp');
    await f.chat.updateComplete;
    expect(input.value).to.equal('first question');
    key(input, 'ArrowDown');
    await f.chat.updateComplete;
    key(input, 'ArrowDown');
    await f.chat.updateComplete;
    expect(input.value).to.equal('draft');
  });

  it('/help shows the commands and sends nothing', async () => {
    f = await chatOnMock([]);
    await typeAndEnter(f.chat, '/help');
    const notice = await until(() => f!.chat.shadowRoot!.querySelector('.notice'), 'the help notice');
    expect(notice.textContent).to.contain('/clear');
    expect(await f.mock.log()).to.have.length(0);
  });

  it('/clear clears the conversation and the agent’s history', async () => {
    f = await chatOnMock([textTurn('first'), textTurn('fresh')]);
    let done = f.nextFinal();
    await typeAndEnter(f.chat, 'remember this');
    await done;
    await typeAndEnter(f.chat, '/clear');
    await until(() => parts(f!.chat, 'message').length === 0, 'the log to empty');
    let history = await f.chat.agent.messages();
    for (let i = 0; i < 100 && history.length > 0; i++) history = await f.chat.agent.messages();
    expect(history).to.deep.equal([]);
    done = f.nextFinal();
    await typeAndEnter(f.chat, 'new topic');
    await done;
    const log = await f.mock.log();
    const messages = (log[1]!.body as { messages: Array<{ role: string; content: string }> }).messages;
    expect(messages.some((m) => m.content === 'remember this')).to.equal(false);
  });

  it('/stop stops the running reply', async () => {
    f = await chatOnMock([{ ...textTurn('streaming '), hang: true }]);
    const done = f.nextFinal();
    f.chat.send('go');
    await until(() => part(f!.chat, 'stop-button'), 'the run to start');
    await typeAndEnter(f.chat, '/stop');
    expect(await done).to.include({ reason: 'cancelled' });
  });

  it('keeps the log at the bottom while streaming, unless the user scrolled up', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `Paragraph ${i} of a long reply.`).join('\n\n');
    f = await chatOnMock([textTurn(long, { delayMs: 2 }), textTurn(long, { delayMs: 2 })]);
    const log = part(f.chat, 'log')!;
    let done = f.nextFinal();
    f.chat.send('long please');
    await done;
    await new Promise((r) => requestAnimationFrame(r));
    expect(log.scrollHeight - log.scrollTop - log.clientHeight).to.be.lessThan(40);
    done = f.nextFinal();
    f.chat.send('again');
    await until(() => f!.events.filter((e) => e.type === 'text').length > 5, 'the second reply to stream');
    log.scrollTop = 0;
    log.dispatchEvent(new Event('scroll'));
    await done;
    await new Promise((r) => requestAnimationFrame(r));
    expect(log.scrollTop).to.equal(0);
  });
});
