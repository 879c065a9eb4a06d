// The AG-UI client (option `agui`) across reloads, interrupts and shared
// state, against the test runner's own AG-UI server (the official encoder):
// the remote conversation is stored in the browser as it happens (the
// server's thread id and message ids with it), an interrupt waits as an
// approval and its answer resumes the run, and STATE_SNAPSHOT/STATE_DELTA
// keep `agent.state` current, `setState` going with the next run.
import { expect } from 'chai';
import { aguiScript, ofType, remoteAgent, run, text, toolCall, until } from './support.js';

const threadName = () => `agui-${crypto.randomUUID()}`;

describe('AG-UI client: the thread in the browser', function () {
  // The first run of a file loads the AG-UI client's chunk cold (dev server, unbundled).
  this.timeout(60_000);
  it('shows the remote conversation after a reload, and the next run carries on the same server thread with the same ids', async () => {
    const server = await aguiScript([run([...toolCall('s1', 'weather', { city: 'Oslo' }), { type: 'TOOL_CALL_RESULT', messageId: 't1', toolCallId: 's1', content: '{"temperature":12}' }, ...text('m1', 'It is 12 degrees.')]), run(text('m2', 'Still 12.'))]);
    const thread = threadName();
    const first = remoteAgent({ url: server.url }, { thread });
    await first.agent.send('Weather?').done;
    const before = await first.agent.messages();
    first.agent.dispose();

    // A reload: a new agent on the same thread.
    const { agent } = remoteAgent({ url: server.url }, { thread });
    expect(await agent.messages()).to.deep.equal(before);
    expect(before.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool', 'assistant']);
    await agent.send('And now?').done;
    const [one, two] = await server.log();
    expect(two!.input.threadId).to.equal(one!.input.threadId);
    // The server's own ids come back as it gave them; ours as we first sent them.
    expect(two!.input.messages.map((m) => m.id).slice(0, 4)).to.deep.equal([one!.input.messages[0]!.id, 's1', 't1', 'm1']);
    expect(two!.input.messages.find((m) => m.role === 'tool')).to.deep.include({ id: 't1', toolCallId: 's1' });
    expect(two!.input.messages.at(-1)).to.deep.include({ role: 'user', content: 'And now?' });
  });
});

describe('AG-UI client: interrupts', () => {
  const interrupt = { id: 'int-1', reason: 'confirm_booking', message: 'Book a table for 2 at Noma?', metadata: { restaurant: 'Noma' } };

  it('asks an interrupt as an approval and resumes the run with the answer', async () => {
    const server = await aguiScript([run(text('m1', 'I need your OK.'), { outcome: { type: 'interrupt', interrupts: [interrupt] } }), run(text('m2', 'Booked.'))]);
    const { agent, events } = remoteAgent({ url: server.url });
    const final = await agent.send('Book Noma').done;
    expect(final).to.deep.include({ reason: 'answer', text: 'Booked.' });
    const [asked] = ofType(events, 'approval-request');
    expect(asked!.requests).to.have.length(1);
    expect(asked!.requests[0]).to.deep.include({ callId: 'int-1', name: 'confirm_booking' });
    expect(asked!.requests[0]!.interrupt).to.deep.include({ id: 'int-1', message: 'Book a table for 2 at Noma?' });
    const [, second] = await server.log();
    expect(second!.input.resume).to.deep.equal([{ interruptId: 'int-1', status: 'resolved', payload: { approved: true } }]);
    // An interrupt is no call of the conversation: the history has no trace of it.
    expect((await agent.messages()).some((m) => m.role === 'tool')).to.equal(false);
  });

  it('sends a denial as a resolved answer that says no, with the reason', async () => {
    const server = await aguiScript([run([], { outcome: { type: 'interrupt', interrupts: [interrupt] } }), run(text('m2', 'Not booked.'))]);
    const { agent } = remoteAgent({ url: server.url }, { answer: () => ({ approve: false, message: 'too expensive' }) });
    await agent.send('Book Noma').done;
    expect((await server.log())[1]!.input.resume).to.deep.equal([{ interruptId: 'int-1', status: 'resolved', payload: { approved: false, message: 'too expensive' } }]);
  });

  it('resumes an interrupt answered after a reload', async () => {
    const server = await aguiScript([run(text('m1', 'I need your OK.'), { outcome: { type: 'interrupt', interrupts: [interrupt] } }), run(text('m2', 'Booked after all.'))]);
    const thread = threadName();
    const first = remoteAgent({ url: server.url }, { thread, answer: () => undefined });
    void first.agent.send('Book Noma');
    await until(() => ofType(first.events, 'approval-request').length > 0, 'the interrupt\'s approval');
    // Give the worker a moment to store the request (as a user's reload would), then "close the page".
    await new Promise((r) => setTimeout(r, 300));
    first.agent.dispose();

    const { agent, events } = remoteAgent({ url: server.url }, { thread, answer: () => undefined });
    await agent.ready;
    const pending = await agent.pending();
    expect(pending.map((p) => p.callId)).to.deep.equal(['int-1']);
    agent.respond('int-1', { approve: true });
    await until(() => ofType(events, 'final').length > 0, 'the resumed run to end');
    expect(ofType(events, 'final')[0]).to.deep.include({ reason: 'answer', text: 'Booked after all.' });
    expect((await server.log())[1]!.input.resume).to.deep.equal([{ interruptId: 'int-1', status: 'resolved', payload: { approved: true } }]);
  });
});

describe('AG-UI client: shared state', () => {
  it('keeps agent.state from STATE_SNAPSHOT and STATE_DELTA, sends setState with the next run, and keeps it across a reload', async () => {
    const server = await aguiScript([
      run([{ type: 'STATE_SNAPSHOT', snapshot: { cart: [], step: 'start' } }, { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/cart/-', value: 'tea' }, { op: 'replace', path: '/step', value: 'shopping' }] }, ...text('m1', 'Added tea.')]),
      run(text('m2', 'ok')),
    ]);
    const thread = threadName();
    const first = remoteAgent({ url: server.url }, { thread });
    await first.agent.send('Add tea').done;
    expect(ofType(first.events, 'state').map((e) => e.state)).to.deep.equal([{ cart: [], step: 'start' }, { cart: ['tea'], step: 'shopping' }]);
    expect(first.agent.state).to.deep.equal({ cart: ['tea'], step: 'shopping' });
    first.agent.setState({ cart: ['tea', 'milk'], step: 'shopping' });
    expect(first.agent.state).to.deep.equal({ cart: ['tea', 'milk'], step: 'shopping' });
    await first.agent.messages(); // the setState has reached the worker
    first.agent.dispose();

    const { agent } = remoteAgent({ url: server.url }, { thread });
    await agent.ready;
    expect(agent.state).to.deep.equal({ cart: ['tea', 'milk'], step: 'shopping' });
    await agent.send('Checkout').done;
    expect((await server.log())[1]!.input.state).to.deep.equal({ cart: ['tea', 'milk'], step: 'shopping' });
  });

  it('keeps a state set just before the agent is disposed (the worker writes it before it ends)', async () => {
    const server = await aguiScript([run(text('m1', 'ok'))]);
    const thread = threadName();
    const first = remoteAgent({ url: server.url }, { thread });
    await first.agent.send('Hi').done;
    first.agent.setState({ step: 'last words' });
    first.agent.dispose();

    const { agent } = remoteAgent({ url: server.url }, { thread });
    await agent.ready;
    expect(agent.state).to.deep.equal({ step: 'last words' });
  });

  it('refuses a state that cannot be sent as JSON, keeping the old one', async () => {
    const { agent } = remoteAgent({ url: '/__agui/unused/run' });
    agent.setState({ a: 1 });
    expect(() => agent.setState({ f: () => 1 })).to.throw(TypeError, /cannot be sent/);
    expect(agent.state).to.deep.equal({ a: 1 });
  });
});
