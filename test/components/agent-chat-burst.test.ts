import { expect } from 'chai';
import { textTurn } from '../../src/testing/chunks.js';
import { chatOnMock, part, type ChatFixture } from './helpers.js';

/** ~48 KB of markdown: sections with a paragraph, a list and a code block each. */
function longReply(sections: number): string {
  let text = '';
  for (let i = 0; i < sections; i++) {
    text += `## Section ${i}\n\nA paragraph with **bold** and \`code\` about item ${i}.\n\n- one\n- two\n\n`;
    text += '```ts\n' + `const value${i} = compute(${i}); // step ${i}\n`.repeat(4) + '```\n\n';
  }
  return text;
}

describe('agent-chat: a long reply arriving at once', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('renders over several frames, and updateComplete waits until all of it is shown', async () => {
    const sections = 200;
    // Big pieces, no delay: the page gets the reply in a few large batches.
    const text = longReply(sections);
    f = await chatOnMock([textTurn(text, { pieces: text.match(/[\s\S]{1,16384}/g)! })]);
    const done = f.nextFinal();
    f.chat.send('write a lot');
    await done;
    await f.chat.updateComplete;
    const reply = part(f.chat, 'assistant')!;
    expect(reply.querySelectorAll('h2')).to.have.length(sections);
    expect([...reply.querySelectorAll('h2')].at(-1)?.textContent).to.equal(`Section ${sections - 1}`);
    expect(reply.querySelectorAll('pre code.highlighted')).to.have.length(sections);
    expect(reply.querySelectorAll('pre code .tok-comment')).to.have.length(sections * 4);
  });
});
