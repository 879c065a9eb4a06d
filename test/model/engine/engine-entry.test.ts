// `pageloop/engine` (src/engine/index.ts): imported, an agent created with
// `engine` starts the agent worker that holds the engine (its import of the
// engine's code is one bundlers follow; test/pack/pack-install.js checks the
// bundler's side: an app without this import emits no engine at all), and
// that worker runs the tiny model; an agent without `engine` keeps the plain
// worker. The worker scripts each agent fetched are read from resource timing.
import '../../../src/engine/index.js';
import { expect } from 'chai';
import { createAgent } from '../../../src/page/create-agent.js';
import type { Agent } from '../../../src/types.js';
import { tiny } from './engine-helpers.js';
import { mockEndpoint } from '../../../src/testing/mock-endpoint.js';
import { textTurn } from '../../../src/testing/chunks.js';

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

/** The agent worker scripts fetched so far, by file name. */
const workerScripts = () => performance.getEntriesByType('resource').map((e) => e.name.split('?')[0]!.split('/').pop()!).filter((name) => /^(engine-)?worker\.ts$/.test(name));

describe('pageloop/engine', function () {
  this.timeout(120_000);

  it('an agent with `engine` runs in the engine worker; one without it in the plain worker', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('From the endpoint.')] });
    const plain = createAgent({ baseURL: mock.baseURL, model: 'mock-model' });
    agents.push(plain);
    expect(await plain.send('Hi').done).to.include({ reason: 'answer', text: 'From the endpoint.' });
    expect(workerScripts()).to.deep.equal(['worker.ts']);
    const local = createAgent({ engine: tiny() });
    agents.push(local);
    expect(await local.send('hello').done).to.include({ reason: 'answer', text: 'Hello! How can I help you today?' });
    expect(workerScripts()).to.deep.equal(['worker.ts', 'engine-worker.ts']);
  });
});
