import { expect } from 'chai';
import { createAgent } from '../../../src/page/create-agent.js';
import type { Agent, AgentEvent, EngineStatus } from '../../../src/types.js';
import { engineReaches, record, streamedText, tiny, tinyModelBlob } from './engine-helpers.js';

const agents: Agent[] = [];
function agent(options: Parameters<typeof createAgent>[0]): Agent {
  const a = createAgent(options);
  agents.push(a);
  return a;
}
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

describe('in-page engine: loading', function () {
  this.timeout(280000);

  it('loads a GGUF from a URL with download progress, then streams a greeting', async () => {
    const a = agent({ engine: tiny() });
    const events = record(a);
    const ready = await engineReaches(a, (s) => s.state === 'ready');
    expect(ready).to.deep.include({ state: 'ready', source: 'network', model: 'tiny-toolcaller', threads: 1 });
    const downloads = events.flatMap((e) => (e.type === 'engine' && e.status.state === 'downloading' ? [e.status] : []));
    expect(downloads.length).to.be.greaterThan(1);
    const last = downloads.at(-1) as Extract<EngineStatus, { state: 'downloading' }>;
    expect(last.loaded).to.equal(10031904);
    expect(last.total).to.equal(10031904);

    const runEvents: AgentEvent[] = [];
    for await (const e of a.send('hello')) runEvents.push(e);
    expect(runEvents.filter((e) => e.type === 'text').length, 'streamed in several deltas').to.be.greaterThan(1);
    expect(streamedText(runEvents)).to.equal('Hello! How can I help you today?');
    expect(runEvents.at(-1)).to.deep.include({ type: 'final', reason: 'answer', text: 'Hello! How can I help you today?' });
    // The context budget uses the window the model was loaded with (4096 by default), not an endpoint's guess.
    expect(runEvents.find((e) => e.type === 'usage')).to.deep.include({ contextTokens: 4096 });
  });

  it('loads from a Blob (a picked file) without touching the network', async () => {
    const a = agent({ engine: { ...tiny(), gguf: await tinyModelBlob() } });
    expect(a.engine.status()).to.deep.equal({ state: 'loading', source: 'file' });
    const ready = await engineReaches(a, (s) => s.state === 'ready');
    expect(ready).to.deep.include({ source: 'file' });
    const final = await a.send('hi there').done;
    expect(final).to.deep.include({ reason: 'answer', text: 'Hello! How can I help you today?' });
  });
});
