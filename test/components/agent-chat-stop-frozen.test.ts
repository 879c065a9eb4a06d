// The element's Stop button ends a run whose worker never yields (issue 34):
// the model module's own code spins in the agent's worker
// (test/fixtures/freezing-model.ts), the button's cancel is never read, and
// after `stop-grace-ms` the worker is replaced. The element shows the notice,
// keeps what it showed, takes the next message (answered by the mock
// endpoint), and a reload shows the same conversation.
import { expect } from 'chai';
import type { AgentChat } from '../../components/agent-chat.js';
import { textTurn } from '../../src/testing/chunks.js';
import { chatOnMock, part, typeAndEnter, until, type ChatFixture } from './helpers.js';
import { spinning } from '../page/stop-support.js';

const FREEZING = new URL('../fixtures/freezing-model.ts', import.meta.url).href;

/** The log's items as text: what a reload must show again. */
function shown(chat: AgentChat): string[] {
  return [...(part(chat, 'log')?.children ?? [])].map((el) => `${el.getAttribute('part') ?? el.className}: ${el.textContent!.replace(/\s+/g, ' ').trim()}`).filter((line) => !line.endsWith(': '));
}

describe('agent-chat: Stop while the worker never yields', function () {
  this.timeout(60_000);
  let f: ChatFixture | undefined;
  let again: AgentChat | undefined;
  afterEach(async () => {
    f?.remove();
    await again?.agent.clear().catch(() => {});
    again?.remove();
    again = undefined;
  });

  it('the Stop button ends the run, the next message is answered, and a reload shows the same', async () => {
    const thread = `stop-frozen-${crypto.randomUUID()}`;
    const attrs = { thread, 'model-module': FREEZING, 'stop-grace-ms': '1000' };
    f = await chatOnMock([textTurn('Back again.')], { attrs });
    const spins = spinning();
    await typeAndEnter(f.chat, 'FREEZE-IN-REPLY please');
    await until(() => part(f!.chat, 'assistant')?.textContent?.includes('Working on'), 'the reply before the freeze', 15_000);
    // The module spins 400 ms after its text: from then on, the worker reads nothing.
    await spins;
    const stopped = f.nextFinal();
    part(f.chat, 'stop-button')!.click();
    expect(await Promise.race([stopped, new Promise((r) => setTimeout(() => r('still waiting'), 20_000))])).to.include({ type: 'final', reason: 'cancelled' });
    // The notice says what happened; what was shown stays.
    const banner = await until(() => part(f!.chat, 'error'), 'the notice');
    expect(banner.textContent).to.match(/did not answer within 1000 ms.*fresh one started; the conversation is kept/);
    expect(shown(f.chat).some((line) => line.includes('FREEZE-IN-REPLY please'))).to.equal(true);
    expect(part(f.chat, 'assistant')!.textContent).to.include('Working on');
    expect(part(f.chat, 'stop-button')).to.equal(null);
    // The next message is taken and answered.
    const answered = f.nextFinal();
    await typeAndEnter(f.chat, 'And now?');
    expect(await answered).to.include({ type: 'final', reason: 'answer', text: 'Back again.' });
    await until(() => shown(f!.chat).some((line) => line.includes('Back again.')), 'the answer');
    const live = shown(f.chat);
    expect(live.filter((line) => line.includes('FREEZE-IN-REPLY please'))).to.have.length(1);
    // A reload shows the same conversation.
    const baseUrl = f.chat.getAttribute('base-url')!;
    f.remove();
    f = undefined;
    again = document.createElement('agent-chat');
    again.setAttribute('base-url', baseUrl);
    again.setAttribute('model', 'mock-model');
    for (const [k, v] of Object.entries(attrs)) again.setAttribute(k, v);
    again.style.height = '500px';
    document.body.append(again);
    await until(() => shown(again!).some((line) => line.includes('Back again.')), 'the stored conversation', 15_000);
    await again.updateComplete;
    expect(shown(again)).to.deep.equal(live);
  });
});
