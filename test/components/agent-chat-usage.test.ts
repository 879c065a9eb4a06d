// The usage line says only what is known: no "0 in · 0 out" from a model that
// reports no usage, no "of 8,192" guessed for a server whose window is 4,096,
// and the server's window as soon as it is learned (issue 25, item 5).
import { expect } from 'chai';
import '../../components/define.js';
import type { AgentChat } from '../../components/agent-chat.js';
import { usageText } from '../../components/conversation/run-status.js';
import { textTurn } from '../../src/testing/chunks.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import type { AgentEvent } from '../../src/types.js';
import { part } from './helpers.js';

describe('agent-chat: the usage line', () => {
  let chat: AgentChat | undefined;
  afterEach(() => chat?.remove());

  it('against llama-server (-c 4096): never the 8,192 guess; the window once learned', async function () {
    this.timeout(60000);
    const mock = await mockEndpoint({ nCtx: 4096, turns: [textTurn('Hello.'), textTurn('Read it.')] });
    chat = document.createElement('agent-chat');
    chat.setAttribute('base-url', new URL(mock.baseURL, location.href).href);
    chat.setAttribute('model', 'mock-model');
    document.body.append(chat);
    await chat.updateComplete;
    const events: AgentEvent[] = [];
    chat.addEventListener('agent-event', (e) => events.push(e.detail));
    const finals = async (n: number) => {
      for (let i = 0; i < 600 && events.filter((e) => e.type === 'final').length < n; i++) await new Promise((r) => setTimeout(r, 50));
      await chat!.updateComplete;
    };
    chat.send('Hi.');
    await finals(1);
    const first = part(chat, 'usage')!.textContent!;
    expect(first).to.match(/^[\d,]+ in · \d+ out$/);
    // A prompt big enough that the budget asks the server for its window.
    chat.send('Please read this. ' + 'lorem ipsum dolor sit amet '.repeat(400));
    await finals(2);
    expect(part(chat, 'usage')!.textContent).to.match(/^[\d,]+ in · \d+ out · context \d+% of 4,096$/);
  });

  it('shows nothing for a usage report of nothing (0 in, 0 out), and the window only with numbers to relate it to', () => {
    expect(usageText({ promptTokens: 0, completionTokens: 0 })).to.equal('');
    expect(usageText({ promptTokens: 0, completionTokens: 0, contextTokens: 8192 })).to.equal('');
    expect(usageText({ promptTokens: 1234, completionTokens: 56, contextTokens: 4096 })).to.equal('1,234 in · 56 out · context 31% of 4,096');
  });
});
