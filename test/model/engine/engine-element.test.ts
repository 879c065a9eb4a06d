import { expect } from 'chai';
import '../../../components/define.js';
import type { AgentChat } from '../../../components/agent-chat.js';
import type { AgentEvent } from '../../../src/types.js';
import { shopTools, tiny, TINY_MODEL_URL } from './engine-helpers.js';

const part = (chat: AgentChat, name: string) => chat.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);

describe('<agent-chat> with an in-page engine', function () {
  this.timeout(280000);
  let chat: AgentChat | undefined;
  afterEach(() => chat?.remove());

  it('shows the download as a progress bar, hides it when the model is ready, then chats with the page tools', async () => {
    chat = document.createElement('agent-chat');
    const events: AgentEvent[] = [];
    const seen = { bar: false, max: 0 };
    chat.addEventListener('agent-event', (e) => {
      const event = (e as CustomEvent<AgentEvent>).detail;
      events.push(event);
      // Checked as each event lands (after the element rendered it), since a 10 MB download from localhost is quick.
      if (event.type === 'engine' && event.status.state === 'downloading' && event.status.total) {
        void chat!.updateComplete.then(() => {
          const bar = part(chat!, 'engine-progress')?.querySelector('progress');
          if (bar) {
            seen.bar = true;
            seen.max = bar.max;
          }
        });
      }
    });
    chat.engine = tiny();
    chat.tools = shopTools([]);
    document.body.append(chat);
    const ready = await new Promise<AgentEvent>((resolve) => chat!.addEventListener('agent-event', (e) => {
      const event = (e as CustomEvent<AgentEvent>).detail;
      if (event.type === 'engine' && (event.status.state === 'ready' || event.status.state === 'error')) resolve(event);
    }));
    expect(ready).to.deep.include({ type: 'engine' });
    expect((ready as Extract<AgentEvent, { type: 'engine' }>).status.state).to.equal('ready');
    await chat.updateComplete;
    expect(seen.bar, 'a progress bar was shown').to.equal(true);
    expect(seen.max).to.equal(10031904);
    expect(part(chat, 'engine-progress'), 'gone once ready').to.equal(null);

    const final = await chat.send('How many units of SKU A-1 are in stock?').done;
    expect(final).to.deep.include({ reason: 'answer', text: 'SKU A-1 has 7 units in stock.' });
    await chat.updateComplete;
    expect(part(chat, 'tool-call')?.textContent).to.contain('get_inventory');
  });

  it('takes a URL in its gguf attribute and shows a load failure in the progress part', async () => {
    chat = document.createElement('agent-chat');
    chat.setAttribute('gguf', TINY_MODEL_URL.replace('tiny-toolcaller-q8_0', 'nope'));
    document.body.append(chat);
    for (let i = 0; i < 500 && !part(chat, 'engine-progress')?.classList.contains('failed'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(part(chat, 'engine-progress')?.textContent).to.match(/could not be loaded: .*HTTP 404/);
    expect(part(chat, 'engine-progress')?.getAttribute('role')).to.equal('alert');
  });

  it("passes its gpu attribute to the engine: gpu=\"off\" loads on the CPU without asking for an adapter", async () => {
    chat = document.createElement('agent-chat');
    chat.setAttribute('gguf', TINY_MODEL_URL);
    chat.setAttribute('gpu', 'off');
    document.body.append(chat);
    const ready = await new Promise<AgentEvent>((resolve) => chat!.addEventListener('agent-event', (e) => {
      const event = (e as CustomEvent<AgentEvent>).detail;
      if (event.type === 'engine' && (event.status.state === 'ready' || event.status.state === 'error')) resolve(event);
    }));
    expect((ready as Extract<AgentEvent, { type: 'engine' }>).status).to.deep.include({ state: 'ready', backend: 'cpu', fallbackReason: "engine.gpu is 'off'." });
    expect(chat.agent.engine.status()).to.deep.include({ backend: 'cpu' });
  });
});
