import { expect } from 'chai';
import { AgentSession } from '../../src/agent/agent-session.js';
import { scriptedModel, type ScriptedTurn } from '../../src/testing/scripted-model.js';
import type { AgentEvent } from '../../src/types.js';
import { harness } from './harness.js';

const refused: ScriptedTurn = { error: { code: 'tools-unsupported', message: 'this model does not support tools' } };

describe('AgentSession', () => {
  it('starts a send with its input, a retry without', async () => {
    const h = harness([{ error: { code: 'network', message: 'offline' } }, { text: 'back' }]);
    await h.send('hello');
    await h.session.retry('run2');
    expect(h.of('run-start')).to.deep.equal([
      { type: 'run-start', runId: 'run1', input: 'hello' },
      { type: 'run-start', runId: 'run2' },
    ]);
  });

  it('stays on the text protocol after a fallback, for later runs too', async () => {
    const h = harness([refused, { text: 'one' }, { text: 'two' }]);
    await h.send('a');
    await h.session.send('run2', 'b');
    expect(h.model.requests.map((r) => r.tools !== undefined)).to.deep.equal([true, false, false]);
  });

  it('tries native tools again when the connection changes', async () => {
    const h = harness([refused, { text: 'one' }, { text: 'two' }]);
    await h.send('a');
    h.session.configure({ model: 'another' });
    await h.session.send('run2', 'b');
    expect(h.model.requests.map((r) => r.tools !== undefined)).to.deep.equal([true, false, true]);
  });

  it('speaks the protocol a configure() asks for from the next run', async () => {
    const h = harness([{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
    await h.send('a');
    h.session.configure({ toolProtocol: 'text' });
    await h.session.send('run2', 'b');
    h.session.configure({ toolProtocol: 'native' });
    await h.session.send('run3', 'c');
    expect(h.model.requests.map((r) => r.tools !== undefined)).to.deep.equal([true, false, true]);
  });

  it('passes the toolFormat hint to the model layer, and a configure() of it applies from the next run', async () => {
    const mistral = '[TOOL_CALLS]get_time{}';
    const h = harness([{ text: mistral }, { text: mistral }, { text: 'done' }], [], { toolProtocol: 'text', toolFormat: 'glm' });
    const first = await h.send('time?');
    // Narrowed to GLM, Mistral markup is not a call: it is the answer, shown as written.
    expect(first).to.include({ reason: 'answer', text: mistral });
    h.session.configure({ toolFormat: undefined });
    await h.session.send('run2', 'time?');
    expect(h.of('tool-call').map((e) => e.name)).to.deep.equal(['get_time']);
  });

  it('cancels a run whose cancel arrived before its send', async () => {
    const h = harness([{ text: 'never shown' }]);
    h.session.cancel('run1');
    const final = await h.send('x');
    expect(final.reason).to.equal('cancelled');
    expect(h.model.requests).to.have.length(0);
  });

  it('reports an answer for a call that is not waiting as an error event', () => {
    const h = harness([]);
    h.session.respond('ghost', { approve: true });
    expect(h.of('error')).to.deep.equal([{ type: 'error', message: 'No call "ghost" is waiting for approval.', retryable: false, code: 'bad-request' }]);
  });

  it('records events with deltas merged, and hands out copies', async () => {
    const h = harness([{ text: 'Hello there, friend.', chunkSize: 3 }]);
    await h.send('hi');
    const events = h.session.events();
    expect(events.filter((e) => e.type === 'text')).to.deep.equal([{ type: 'text', delta: 'Hello there, friend.' }]);
    expect(events.at(-1)).to.deep.include({ type: 'final', reason: 'answer' });
    events.length = 0;
    h.session.messages().length = 0;
    expect(h.session.events()).to.not.have.length(0);
    expect(h.session.messages()).to.have.length(2);
  });

  it('refuses to clear while a run is going, and forgets everything after', async () => {
    const h = harness([{ text: 'slow', delayMs: 5 }]);
    const run = h.send('x');
    let error: unknown;
    await h.session.clear().catch((e: unknown) => (error = e));
    expect(error).to.have.property('code', 'busy');
    await run;
    await h.session.clear();
    expect(h.session.messages()).to.deep.equal([]);
    expect(h.session.events()).to.deep.equal([]);
  });

  it('ends with an error when the model cannot be made, and tries again on the next run', async () => {
    const events: AgentEvent[] = [];
    let attempts = 0;
    const session = new AgentSession({ baseURL: 'http://unused.invalid/v1', model: 'm' }, [], {
      host: { emit: (batch) => events.push(...batch), checkTool: async () => ({ status: 'invalid', error: '' }), runTool: async () => ({ status: 'error', error: '' }), abortTool: () => {} },
      createModel: () => {
        if (++attempts === 1) throw new Error('no such module');
        return scriptedModel([{ text: 'made' }]);
      },
    });
    const first = await session.send('r1', 'a');
    expect(first).to.deep.include({ reason: 'error', text: 'no such module' });
    const second = await session.send('r2', 'b');
    expect(second).to.deep.include({ reason: 'answer', text: 'made' });
    expect(attempts).to.equal(2);
  });
});
