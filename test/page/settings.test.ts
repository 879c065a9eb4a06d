// The settings table (src/settings.ts) and what is derived from it: the
// worker config, the loop's config, the model client's, configure's keys and
// the option checks.
import { expect } from 'chai';
import { CLIENT_KEYS, ENDPOINT_KEYS, LIVE_KEYS, MODEL_KEYS, RESTART_KEYS, SESSION_KEYS, SETTING_ROWS, WORKER_KEYS } from '../../src/settings.js';
import { checkSettings } from '../../src/setting-checks.js';
import { createAgent, toWorkerConfig } from '../../src/page/create-agent.js';
import { toSessionConfig } from '../../src/worker/agent-worker.js';
import type { Agent, AgentEvent, AgentOptions } from '../../src/types.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { chunk, textTurn } from '../../src/testing/chunks.js';

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

describe('the settings table', () => {
  it('derives each key list from the rows', () => {
    expect(WORKER_KEYS).to.not.include('tools');
    expect(WORKER_KEYS).to.include.members(['memory', 'thread', 'engine', 'timeoutMs']);
    // The memory and the MCP servers cross for the worker's services; the loop never reads them.
    expect(SESSION_KEYS).to.not.include.members(['memory', 'mcp']);
    expect(SESSION_KEYS.length).to.equal(WORKER_KEYS.length - 2);
    expect(LIVE_KEYS).to.not.include.members(['tools', 'thread', 'modelModule', 'memory']);
    expect(RESTART_KEYS).to.have.members(['thread', 'modelModule', 'engine', 'webmcp', 'mcp', 'agui', 'a2ui']);
    expect(CLIENT_KEYS).to.include.members(['baseURL', 'model', 'apiKey', 'headers', 'maxRetries', 'timeoutMs', 'idleTimeoutMs', 'maxRetryWaitMs']);
    expect(CLIENT_KEYS).to.not.include.members(['engine', 'modelModule', 'systemPrompt']);
    expect(MODEL_KEYS).to.include.members([...CLIENT_KEYS, 'engine', 'modelModule']);
    expect(ENDPOINT_KEYS).to.have.members(['baseURL', 'model', 'apiKey', 'headers', 'engine', 'modelModule', 'agui']);
  });

  it('the worker config is exactly the crossing options; the loop config drops the memory', () => {
    const options: AgentOptions = { baseURL: '/v1', model: 'm', tools: [], memory: { name: 'n' }, timeoutMs: 5, nudge: false };
    const wire = toWorkerConfig(options);
    expect(wire).to.deep.equal({ baseURL: '/v1', model: 'm', memory: { name: 'n' }, timeoutMs: 5, nudge: false });
    expect(toSessionConfig(wire)).to.deep.equal({ baseURL: '/v1', model: 'm', timeoutMs: 5, nudge: false });
  });

  it("checks each option by its row, naming the option and what it must be", () => {
    const bad: [Partial<AgentOptions>, RegExp][] = [
      [{ maxRetries: -1 }, /^createAgent: maxRetries must be a whole number of at least 0\.$/],
      [{ timeoutMs: Number.NaN }, /timeoutMs must be a positive number of milliseconds/],
      [{ headers: { a: 1 } as unknown as Record<string, string> }, /headers must be an object of header names to strings/],
      [{ toolProtocol: 'json' as 'text' }, /toolProtocol must be "auto", "native" or "text"/],
      [{ systemPrompt: 42 as unknown as string }, /systemPrompt must be a string/],
      [{ workflows: { 'a b': { description: 'x', steps: ['y'] } } }, /workflows\["a b"\]: a workflow's name is letters/],
      [{ engine: { gguf: '' } }, /engine\.gguf must be the URL of a \.gguf file/],
    ];
    for (const [options, message] of bad) expect(() => checkSettings(options, 'createAgent'), JSON.stringify(options)).to.throw(TypeError, message);
    expect(() => checkSettings({ maxRetries: 0, timeoutMs: 1, headers: { a: 'b' }, systemPrompt: '' }, 'createAgent')).to.not.throw();
  });

  it('every row that has an attribute names a distinct one', () => {
    const attributes = Object.values(SETTING_ROWS).flatMap((row) => (row.element?.attribute ? [row.element.attribute] : []));
    expect(new Set(attributes).size).to.equal(attributes.length);
    for (const name of attributes) expect(name).to.match(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
  });
});

describe('configure takes the live options only', () => {
  it('refuses an option that needs a new agent, or one that does not exist, saying what to do', () => {
    const agent = createAgent({ baseURL: '/unused', model: 'm' });
    agents.push(agent);
    expect(() => agent.configure({ thread: 't' } as never)).to.throw(TypeError, /thread cannot change on a live agent; use agent\.threads\.open\(id\)/);
    expect(() => agent.configure({ tools: [] } as never)).to.throw(TypeError, /use setTools/);
    expect(() => agent.configure({ modelModule: '/x.js' } as never)).to.throw(TypeError, /modelModule cannot change on a live agent; make a new agent/);
    expect(() => agent.configure({ temprature: 1 } as never)).to.throw(TypeError, /unknown option "temprature"/);
    expect(() => agent.configure({ timeoutMs: 1000, maxRetries: 0 })).to.not.throw();
  });
});

describe('a live change of a client setting', () => {
  it('makes a new model client: idleTimeoutMs configured after the first run ends a stalled reply', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('First.'), { chunks: [chunk({ content: 'Starting' })], hang: true }] });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model' });
    agents.push(agent);
    expect((await agent.send('one').done).text).to.equal('First.');
    // The client of the first run waits 3 minutes for a stalled stream; the new one, 300 ms.
    agent.configure({ idleTimeoutMs: 300 });
    const errors: AgentEvent[] = [];
    agent.on((e) => e.type === 'error' && errors.push(e));
    const final = await agent.send('two').done;
    expect(final.reason).to.equal('error');
    expect(errors[0]).to.include({ code: 'timeout', retryable: true });
  });
});
