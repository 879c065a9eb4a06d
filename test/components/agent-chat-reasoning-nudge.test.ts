import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { chatOnMock, part, parts, until, type ChatFixture } from './helpers.js';

const orders = defineTool({ name: 'get_orders', description: 'Lists orders', parameters: z.object({}), execute: () => [{ id: 7, status: 'late' }] });

describe('agent-chat: reasoning the prompt opened, and the nudge', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('moves reasoning shown as answer into the thinking once its </think> arrives', async () => {
    f = await chatOnMock([textTurn('The user greets me, so I greet back.</think>\n\nHello there!', { delayMs: 5 })]);
    const answers: string[] = [];
    const done = f.nextFinal();
    f.chat.send('hi');
    // Watch what the answer shows while it streams.
    let finished = false;
    void done.then(() => (finished = true));
    while (!finished) {
      const markdown = part(f.chat, 'assistant')?.querySelector('.markdown');
      if (markdown) answers.push(markdown.textContent ?? '');
      await new Promise((r) => setTimeout(r, 2));
    }
    await f.chat.updateComplete;
    const answer = await until(() => part(f!.chat, 'assistant')?.querySelector('.markdown')?.textContent?.trim() === 'Hello there!' && part(f!.chat, 'assistant'), 'the answer alone');
    expect(answer.querySelector('.markdown')!.textContent).to.not.contain('greet back');
    expect(part(f.chat, 'thinking')!.textContent).to.contain('The user greets me, so I greet back.');
    expect(f.events.filter((e) => e.type === 'retraction')).to.have.length(1);
    // Once the answer began, reasoning never showed in it again.
    const start = answers.findIndex((a) => a.includes('Hello'));
    for (const a of answers.slice(Math.max(start, 0))) expect(a).to.not.contain('greet back');
  });

  it('shows a nudge as a quiet line with its part, and the reply that followed', async () => {
    f = await chatOnMock([textTurn('Let me check the orders…'), toolCallTurn([{ name: 'get_orders', args: {} }]), textTurn('Order 7 is late.')], { tools: [orders], attrs: { approval: 'auto' } });
    const done = f.nextFinal();
    f.chat.send('Which orders are late?');
    await done;
    await f.chat.updateComplete;
    const line = part(f.chat, 'nudge')!;
    expect(line.textContent).to.contain('Reminded');
    expect(parts(f.chat, 'assistant').map((a) => a.textContent!.trim()).at(-1)).to.contain('Order 7 is late.');
  });

  it('nudge="off" turns it off', async () => {
    f = await chatOnMock([textTurn('Let me check the orders…')], { tools: [orders], attrs: { nudge: 'off' } });
    const done = f.nextFinal();
    f.chat.send('Which orders are late?');
    await done;
    await f.chat.updateComplete;
    expect(part(f.chat, 'nudge')).to.equal(null);
    expect(f.events.filter((e) => e.type === 'nudge')).to.have.length(0);
    expect(await f.mock.log()).to.have.length(1);
  });
});
