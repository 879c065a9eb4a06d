// Lit's dev build warns in the console when an element schedules an update
// after one completed ("change-in-update"): a change of a setting that needs a
// new agent (here `mcp`) cleared the shown log twice, before the render and
// again after it. Any such warning fails this test.
import { expect } from 'chai';
import { textTurn } from '../../src/testing/chunks.js';
import { chatOnMock, typeAndEnter, type ChatFixture } from './helpers.js';

describe('agent-chat: no Lit dev-mode warnings', () => {
  let f: ChatFixture | undefined;
  const warned: string[] = [];
  const warn = console.warn;
  beforeEach(() => {
    console.warn = (...args: unknown[]) => {
      warned.push(args.map(String).join(' '));
      warn.apply(console, args as []);
    };
  });
  afterEach(() => {
    console.warn = warn;
    f?.remove();
    f = undefined;
  });

  it('a setting that replaces the agent (mcp), then a message: no change-in-update warning', async function () {
    this.timeout(30_000);
    f = await chatOnMock([textTurn('Hi.')]);
    const url = ((await (await fetch('/__mcp/servers')).json()) as Record<string, string>)['ui-lab']!;
    f.chat.mcp = [{ url, name: 'lab' }];
    await f.chat.updateComplete;
    const final = f.nextFinal();
    await typeAndEnter(f.chat, 'hello');
    await final;
    await new Promise((r) => setTimeout(r, 200));
    expect(warned.filter((w) => w.includes('change-in-update'))).to.deep.equal([]);
  });
});
