import { expect } from 'chai';
import { createModel, plan } from '../../demo/scripted-model.js';
import { checkEndpoint } from '../../demo/endpoint-check.js';
import { settled, withEditedArgs } from '../../src/agent/calls/tool-result.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import type { ModelEvent } from '../../src/model/chat-model.js';

describe('demo: scripted model', () => {
  it('asks for approval-worthy work with the matching page tool', () => {
    const reply = plan([{ role: 'user', content: 'Please cancel order 1004' }]);
    expect(reply.calls).to.deep.equal([{ name: 'cancel_order', args: { id: 1004, reason: 'Requested in chat' } }]);
  });

  it('answers from tool results once the tools ran', () => {
    const reply = plan([
      { role: 'user', content: 'show pending orders' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'find_orders', arguments: '{"status":"pending"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: JSON.stringify([{ id: 1004, customer: 'K', item: 'Slide rule', total: '$86.00', status: 'pending' }]) },
    ]);
    expect(reply.calls ?? []).to.have.length(0);
    expect(reply.text).to.contain('| 1004 | K | Slide rule | $86.00 | pending |');
  });

  it('answers a message with files by naming what it got, and reads a tool\'s files as that tool\'s turn (no second call)', () => {
    const got = plan([{ role: 'user', content: 'What is this?\n\nFile "rows.csv" (text/csv):\n```\na,b\n```\n\n[An image is attached here.]' }]);
    expect(got.text).to.contain('an image and **rows.csv**');
    expect(got.calls ?? []).to.have.length(0);
    const after = plan([
      { role: 'user', content: 'Draw the chart as a picture' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'status_chart_image', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'A PNG bar chart of the orders by status, shown to the user.' },
      { role: 'user', content: 'The files returned by the tool calls above:\n\nFrom call c1:\n\n[An image is attached here.]' },
    ]);
    expect(after.calls ?? []).to.have.length(0);
    expect(after.text).to.contain('chart as a picture');
  });

  it('reads a result the user edited before approving, and every other way a call ends, never saying "undefined"', () => {
    const after = (name: string, content: string) => plan([
      { role: 'user', content: 'Cancel order 1004' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name, arguments: '{"id":1004}' } }] },
      { role: 'tool', tool_call_id: 'c1', content },
    ]).text;
    // The note the loop really writes before an edited call's result.
    const edited = withEditedArgs(settled('c1', 'update_order_status', 'ok', { result: { id: 1005, status: 'shipped', total: '$12.00' } }), { id: 1005, status: 'shipped' }).content;
    expect(after('update_order_status', edited)).to.equal('You edited the call before approving it, so it ran with `{"id":1005,"status":"shipped"}`. Done — order **#1005** is now *shipped*. The table has been updated.');
    for (const status of ['ok', 'denied', 'cancelled', 'error', 'interrupted'] as const) {
      const content = settled('c1', 'cancel_order', status, status === 'ok' ? { result: 'cancelled it' } : { error: 'no' }).content;
      const text = after('cancel_order', content);
      expect(text, status).to.not.contain('undefined');
      expect(text, status).to.not.equal('');
      expect(after('cancel_order', withEditedArgs(settled('c1', 'cancel_order', status, { result: { id: 9, status: 'cancelled' }, error: 'no' }), { id: 9 }).content), status).to.not.contain('undefined');
    }
  });

  it('says plainly that it is scripted, with suggestions, when it does not understand', () => {
    const reply = plan([{ role: 'user', content: 'write me a poem' }]);
    expect(reply.text).to.contain('not an LLM');
    expect(reply.calls?.[0]?.name).to.equal('ask_question');
  });

  it('streams text and tool-call arguments and ends with one done', async () => {
    const model = createModel();
    const events: ModelEvent[] = [];
    for await (const e of model.stream({ messages: [{ role: 'user', content: 'cancel order 1006' }] }, new AbortController().signal)) events.push(e);
    const deltas = events.filter((e) => e.type === 'tool-call-delta');
    expect(deltas.length).to.be.greaterThan(1);
    const last = events.at(-1)!;
    expect(last.type).to.equal('done');
    if (last.type === 'done') expect(JSON.parse(last.toolCalls[0]!.argsText)).to.deep.equal({ id: 1006, reason: 'Requested in chat' });
    expect(events.filter((e) => e.type === 'done')).to.have.length(1);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const model = createModel();
    let error: unknown;
    try {
      for await (const e of model.stream({ messages: [{ role: 'user', content: 'hello' }] }, controller.signal)) {
        if (e.type === 'text') controller.abort();
      }
    } catch (err) {
      error = err;
    }
    expect((error as Error).name).to.equal('AbortError');
  });
});

describe('demo: endpoint check', () => {
  it('accepts a reachable endpoint that has the model', async () => {
    const mock = await mockEndpoint({ turns: [], models: ['qwen2.5:3b'] });
    const result = await checkEndpoint({ baseURL: new URL(mock.baseURL, location.href).href, model: 'qwen2.5:3b', apiKey: '' });
    expect(result).to.deep.equal({ ok: true, models: ['qwen2.5:3b'] });
  });

  it('lists the models it has when the model is missing', async () => {
    const mock = await mockEndpoint({ turns: [], models: ['llama3.2', 'qwen3:4b'] });
    const result = await checkEndpoint({ baseURL: new URL(mock.baseURL, location.href).href, model: 'nope', apiKey: '' });
    expect(result.ok).to.equal(false);
    if (!result.ok) {
      expect(result.problem).to.equal('model-missing');
      expect(result.fix).to.contain('llama3.2, qwen3:4b');
    }
  });

  it('tells CORS apart from nothing listening', async () => {
    // A reachable origin that sends no CORS headers: the test server's other loopback name.
    const otherOrigin = location.hostname === 'localhost' ? `http://127.0.0.1:${location.port}` : `http://localhost:${location.port}`;
    const cors = await checkEndpoint({ baseURL: `${otherOrigin}/no-such-api/v1`, model: 'x', apiKey: '' });
    expect(cors.ok ? 'ok' : cors.problem).to.equal('cors');
    const nothing = await checkEndpoint({ baseURL: 'http://127.0.0.1:9/v1', model: 'x', apiKey: '' });
    expect(nothing.ok ? 'ok' : nothing.problem).to.equal('unreachable');
  });
});
