import { expect } from 'chai';
import { textTurn } from '../../src/testing/chunks.js';
import { chatOnMock, part, parts, until, typeAndEnter, type ChatFixture } from './helpers.js';

describe('agent-chat: streaming replies', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('shows the user message and the reply rendered as markdown', async () => {
    f = await chatOnMock([textTurn('# Heading\n\nSome **bold** text and a [link](https://example.com).\n\n```js\nconst a = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n', { delayMs: 5 })]);
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Hello there');
    await done;
    await f.chat.updateComplete;
    expect(part(f.chat, 'user')?.textContent).to.contain('Hello there');
    const reply = part(f.chat, 'assistant')!;
    expect(reply.querySelector('h1')?.textContent).to.equal('Heading');
    expect(reply.querySelector('strong')?.textContent).to.equal('bold');
    const link = reply.querySelector('a')!;
    expect(link.getAttribute('target')).to.equal('_blank');
    expect(link.getAttribute('rel')).to.contain('noopener');
    expect(reply.querySelector('pre code')?.textContent).to.contain('const a = 1;');
    // The markdown's styles came with the renderer (markdown.styles.ts): headings sized, tables scroll, code tokens coloured.
    const size = (el: Element) => parseFloat(getComputedStyle(el).fontSize);
    expect(size(reply.querySelector('h1')!) / size(reply)).to.be.closeTo(1.3, 0.01);
    expect(getComputedStyle(reply.querySelector('table')!).display).to.equal('block');
    const keyword = reply.querySelector('.tok-keyword')!;
    expect(keyword.textContent).to.equal('const');
    expect(getComputedStyle(keyword).color).to.not.equal(getComputedStyle(reply.querySelector('pre code')!).color);
  });

  it('sends what the user typed to the endpoint', async () => {
    f = await chatOnMock([textTurn('ok')]);
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'What is 2+2?');
    await done;
    const log = await f.mock.log();
    const body = log[0]!.body as { messages: Array<{ role: string; content: string }> };
    expect(body.messages.at(-1)).to.deep.include({ role: 'user', content: 'What is 2+2?' });
  });

  it('fires an agent-event for every loop event, composed and bubbling', async () => {
    f = await chatOnMock([textTurn('Hi!')]);
    const seen: string[] = [];
    const listener = (e: Event) => {
      const ce = e as CustomEvent<{ type: string }>;
      if (ce.bubbles && ce.composed) seen.push(ce.detail.type);
    };
    document.addEventListener('agent-event', listener);
    try {
      const done = f.nextFinal();
      f.chat.send('hi');
      await done;
    } finally {
      document.removeEventListener('agent-event', listener);
    }
    expect(seen[0]).to.equal('run-start');
    expect(seen).to.include('text');
    expect(seen.at(-1)).to.equal('final');
    expect(seen).to.deep.equal(f.events.map((e) => e.type));
  });

  it('shows the step while running and a Stop button that cancels', async () => {
    f = await chatOnMock([{ ...textTurn('Thinking about it '), hang: true }]);
    const done = f.nextFinal();
    f.chat.send('go');
    const step = await until(() => part(f!.chat, 'step'), 'the step indicator');
    await until(() => /Step 1 of \d+/.test(step.textContent ?? ''), 'step 1 of max');
    // The step shows before the page lets the request start (start-gate.ts): wait until it reached the server.
    for (let i = 0; i < 500 && (await f.mock.log()).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    part(f.chat, 'stop-button')!.click();
    const final = await done;
    expect(final).to.include({ type: 'final', reason: 'cancelled' });
    await f.chat.updateComplete;
    expect(part(f.chat, 'stop-button')).to.equal(null);
    // The server sees the close a moment after the page aborts: poll its log (for up to 10 s:
    // under the full suite on a loaded 2-core machine the socket close reached it after more than 2 s).
    let closed = false;
    for (let i = 0; i < 500 && !closed; i++) {
      closed = (await f.mock.log())[0]!.clientClosedEarly;
      if (!closed) await new Promise((r) => setTimeout(r, 20));
    }
    expect(closed).to.equal(true);
  });

  it('shows reasoning collapsed', async () => {
    f = await chatOnMock([textTurn('The answer is 4.', { reasoning: 'Two plus two is four.' })]);
    const done = f.nextFinal();
    f.chat.send('2+2?');
    await done;
    await f.chat.updateComplete;
    const thinking = part<HTMLDetailsElement>(f.chat, 'thinking')!;
    expect(thinking.open).to.equal(false);
    expect(thinking.textContent).to.contain('Two plus two is four.');
  });

  it('shows an error banner with Retry, and Retry sends again', async () => {
    f = await chatOnMock([
      { status: 400, error: { message: 'model "nope" not found', type: 'invalid_request_error', code: null } },
      textTurn('Recovered.'),
    ]);
    let done = f.nextFinal();
    f.chat.send('hello');
    await done;
    const banner = await until(() => part(f!.chat, 'error'), 'the error banner');
    expect(banner.textContent).to.contain('not found');
    const retry = [...banner.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Retry')!;
    done = f.nextFinal();
    retry.click();
    await done;
    await f.chat.updateComplete;
    expect(part(f.chat, 'error')).to.equal(null);
    expect(parts(f.chat, 'assistant').at(-1)?.textContent).to.contain('Recovered.');
    // Retry runs the same turn again: the user message is not sent twice.
    const log = await f.mock.log();
    const messages = (log[1]!.body as { messages: Array<{ role: string; content: string }> }).messages;
    expect(messages.filter((m) => m.role === 'user').map((m) => m.content)).to.deep.equal(['hello']);
    expect(parts(f.chat, 'user')).to.have.length(1);
  });

  it('styles the markdown of every chat on the page, not only the one the renderer warmed up in', async () => {
    // The first test warmed the renderer in its element; this is another element.
    f = await chatOnMock([textTurn('## Sub\n\n| x |\n|---|\n| 1 |\n')]);
    const done = f.nextFinal();
    f.chat.send('again');
    await done;
    await f.chat.updateComplete;
    const reply = part(f.chat, 'assistant')!;
    expect(getComputedStyle(reply.querySelector('table')!).display).to.equal('block');
    expect(parseFloat(getComputedStyle(reply.querySelector('h2')!).fontSize) / parseFloat(getComputedStyle(reply).fontSize)).to.be.closeTo(1.15, 0.01);
  });
});
