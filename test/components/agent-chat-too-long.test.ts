// A pasted text too long for the model's context window: the composer says so
// before sending (how big against the window) and sends nothing until the user
// picks Send anyway (the context budget then sends its start and end; the
// whole message is kept) or Trim to fit (the draft keeps its start, the whole
// text stays in the input history). The element's window is its
// `context-tokens` (4096); the mock endpoint records what was sent.
import { expect } from 'chai';
import { textTurn } from '../../src/testing/chunks.js';
import type { ChatMessage } from '../../src/types.js';
import { longOr } from '../support/test-env.js';
import { chatOnMock, part, typeAndEnter, until, type ChatFixture } from './helpers.js';

/** About 100 KB of text (the probe's megabyte with PAGELOOP_LONG=1), 25 times the window either way, its start and end recognisable. */
const PASTED = `START-OF-PASTE ${'lorem ipsum dolor sit amet, '.repeat(longOr(3_750, 37_500))}END-OF-PASTE`;

describe('agent-chat: a message too long for the context window', () => {
  let f: ChatFixture | undefined;
  afterEach(() => {
    f?.remove();
    f = undefined;
  });
  const chats = async () => (await f!.mock.log()).filter((e) => e.path === '/v1/chat/completions');

  it('warns before sending, with the size against the window; Send anyway sends its start and end, the whole kept', async function () {
    this.timeout(60_000);
    f = await chatOnMock([textTurn('Read what fit.')], { attrs: { 'context-tokens': '4096' } });
    await typeAndEnter(f.chat, PASTED);
    const warning = await until(() => part(f!.chat, 'too-long'), 'the warning');
    expect(warning.textContent).to.contain(`${Math.ceil(PASTED.length / 4).toLocaleString()} tokens (${PASTED.length.toLocaleString()} characters)`).and.contain('context window is 4,096 tokens');
    await new Promise((r) => setTimeout(r, 300));
    expect(await chats()).to.have.length(0);
    expect(part<HTMLTextAreaElement>(f.chat, 'input')!.value).to.equal(PASTED);
    const final = f.nextFinal();
    warning.querySelector<HTMLButtonElement>('[data-action="send"]')!.click();
    expect((await final as { reason: string }).reason).to.equal('answer');
    const sent = (await chats())[0]!.body as { messages: ChatMessage[] };
    const user = sent.messages.filter((m) => m.role === 'user').at(-1)!.content as string;
    expect(user.startsWith('START-OF-PASTE')).to.equal(true);
    expect(user.endsWith('END-OF-PASTE')).to.equal(true);
    expect(user).to.contain("left out here: it is too long for the model's context window (4096 tokens)");
    expect(user.length).to.be.below(4096 * 4);
    // Nothing typed is lost: the conversation holds the whole message, and the log says what was sent.
    const history = await f.chat.agent!.messages();
    expect(history.find((m) => m.role === 'user')!.content).to.equal(PASTED);
    const cut = f.events.find((e) => e.type === 'context' && e.action === 'cut' && e.callId === undefined);
    expect(cut, 'a context cut event for the message').to.not.equal(undefined);
    expect(part(f.chat, 'too-long')).to.equal(null);
  });

  it('Trim to fit keeps the start in the draft and the whole in the input history; a short message goes at once', async function () {
    this.timeout(60_000);
    f = await chatOnMock([textTurn('Short one.')], { attrs: { 'context-tokens': '4096' } });
    await typeAndEnter(f.chat, PASTED);
    const warning = await until(() => part(f!.chat, 'too-long'), 'the warning');
    warning.querySelector<HTMLButtonElement>('[data-action="trim"]')!.click();
    await f.chat.updateComplete;
    const input = part<HTMLTextAreaElement>(f.chat, 'input')!;
    expect(input.value).to.equal(PASTED.slice(0, 4096 * 2));
    expect(part(f.chat, 'too-long')).to.equal(null);
    expect(await chats()).to.have.length(0);
    // ↑ at the first line brings the whole text back.
    input.setSelectionRange(0, 0);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true, composed: true, cancelable: true }));
    await f.chat.updateComplete;
    expect(input.value).to.equal(PASTED);
    const final = f.nextFinal();
    await typeAndEnter(f.chat, 'just this');
    await final;
    expect(await chats()).to.have.length(1);
  });
});
