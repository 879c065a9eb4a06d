// A page that dies while a sub-agent works: on reload the dispatch is not
// reported interrupted (a read-only child did nothing that could be harmed
// by running again); resume() runs the child anew and the run goes on.
import { expect } from 'chai';
import { AgentSession } from '../../src/agent/agent-session.js';
import { PageToolHost } from '../../src/page/page-tool-host.js';
import { ThreadStore } from '../../src/store/thread-store.js';
import { scriptedModel, type ScriptedTurn } from '../../src/testing/scripted-model.js';
import type { AgentEvent } from '../../src/types.js';
import { PageStore } from '../support/page-store.js';

function page(real: ThreadStore, turns: ScriptedTurn[]) {
  const store = new PageStore(real);
  const events: AgentEvent[] = [];
  const host = new PageToolHost();
  const model = scriptedModel(turns);
  const session = new AgentSession({ baseURL: '/unused', model: 'm', thread: 't', subAgents: true }, [], {
    host: { emit: (b) => events.push(...b), checkTool: (n, a) => host.checkTool(n, a), runTool: (n, a, id, checked) => host.runTool(n, a, id, checked), abortTool: (id) => host.abortTool(id) },
    createModel: () => model,
    store,
  });
  return { session, store, events, model, kill: () => (store.dead = true) };
}

describe('sub-agents across a reload', () => {
  let real: ThreadStore;
  beforeEach(() => (real = new ThreadStore(`test-threads-${crypto.randomUUID()}`)));
  afterEach(() => real.close());

  it('runs a dispatch the page died in again on resume, with its one result', async () => {
    const a = page(real, [{ toolCalls: [{ id: 'd1', name: 'dispatch_agent', args: { task: 'find it' } }] }, { text: 'Halfway there', hang: true }]);
    await a.session.load();
    void a.session.send('r1', 'go');
    // The page dies once the child's text is shown and the journal's write of it has reached IndexedDB
    // (waited for, not guessed at: a loaded machine's earlier write can outlast a fixed wait).
    await a.store.untilShownAndStored(a.events, (e) => e.type === 'sub-agent' && e.event.type === 'text', "the child's text");
    a.kill();

    const b = page(real, [{ text: 'Found it.' }, { text: 'It was found.' }]);
    await b.session.load();
    const stored = b.session.events();
    expect(stored.filter((e) => e.type === 'tool-result')).to.deep.equal([]);
    expect(stored.at(-1)).to.deep.include({ type: 'final', reason: 'interrupted' });
    const final = await b.session.resume('r2');
    expect(final).to.deep.include({ reason: 'answer', text: 'It was found.' });
    expect(String(b.model.requests[0]!.messages[0]!.content)).to.match(/^You are a helper agent/);
    const results = b.session.events().filter((e) => e.type === 'tool-result');
    expect(results).to.have.length(1);
    expect(results[0]).to.deep.include({ callId: 'd1', status: 'ok', result: 'Found it.' });
    const tools = b.session.messages().filter((m) => m.role === 'tool');
    expect(tools).to.deep.equal([{ role: 'tool', tool_call_id: 'd1', content: 'Found it.' }]);
  });
});
