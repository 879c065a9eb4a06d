// The AG-UI client (option `agui`) when things go wrong, against the test
// runner's own AG-UI server (the official encoder): every failure ends the
// run with one error naming the fix, the history stays valid, and the next
// run works. Cancel really closes the stream.
import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import type { AgentEvent } from '../../src/types.js';
import { createAgent } from '../../src/page/create-agent.js';
import { aguiScript, ofType, remoteAgent, run, text, toolCall, until } from './support.js';

const error = (events: readonly AgentEvent[]) => ofType(events, 'error')[0];

describe('AG-UI client: faults', function () {
  // The first run loads the AG-UI client's chunk cold (dev server, unbundled), slow on a loaded machine.
  this.timeout(60_000);
  it('refuses a stream whose events come out of order (the official verification), naming AG-UI', async () => {
    const server = await aguiScript([{ events: [{ type: 'RUN_STARTED' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'no start' }, { type: 'RUN_FINISHED' }] }]);
    const { agent, events } = remoteAgent({ url: server.url });
    const final = await agent.send('hi').done;
    expect(final.reason).to.equal('error');
    expect(error(events)).to.include({ code: 'protocol' });
    expect(error(events)!.message).to.contain('does not answer as an AG-UI agent').and.contain('TEXT_MESSAGE_CONTENT');
    expect(ofType(events, 'final')).to.have.length(1);
  });

  it('ends a stream cut mid-message with a retryable error, keeping what was shown', async () => {
    const server = await aguiScript([{ events: [{ type: 'RUN_STARTED' }, { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Half a rep' }], cut: true }, run(text('m2', 'Whole.'))]);
    const { agent, events } = remoteAgent({ url: server.url });
    const final = await agent.send('hi').done;
    expect(final.reason).to.equal('error');
    expect(error(events)).to.include({ code: 'stream', retryable: true });
    expect(error(events)!.message).to.contain('closed its event stream before the run finished');
    expect(ofType(events, 'text').map((e) => e.delta).join('')).to.equal('Half a rep');
    expect(await agent.messages()).to.deep.equal([{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'Half a rep' }]);
    // The next run goes on from there.
    expect((await agent.retry().done).reason).to.equal('answer');
  });

  it('stops a never-ending run: the request is aborted, the run ends cancelled, the history stays valid', async () => {
    const server = await aguiScript([{ events: [{ type: 'RUN_STARTED' }, ...toolCall('s1', 'slow_search', { q: 'x' }), { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Working' }], hang: true }, run(text('m2', 'Fresh start.'))]);
    const { agent, events } = remoteAgent({ url: server.url });
    const running = agent.send('search');
    await until(() => ofType(events, 'text').length > 0, 'the first text');
    agent.cancel();
    const final = await running.done;
    expect(final.reason).to.equal('cancelled');
    await until(async () => (await server.log())[0]?.closedEarly === true, 'the server to see the client go');
    const history = await agent.messages();
    // The open call got its one result.
    expect(history.filter((m) => m.role === 'tool')).to.deep.equal([{ role: 'tool', tool_call_id: 's1', content: 'Cancelled: the run was stopped before this call finished.' }]);
    expect(ofType(events, 'tool-result')[0]).to.include({ callId: 's1', status: 'cancelled' });
    expect((await agent.send('again').done).text).to.equal('Fresh start.');
    const next = (await server.log())[1]!.input.messages;
    expect(next.filter((m) => m.role === 'tool').map((m) => m.toolCallId)).to.deep.equal(['s1']);
  });

  it('a cancel in the task that sent the run sends the server nothing (the page\'s answers sent ahead say no), and the next run goes', async () => {
    const server = await aguiScript([run(text('m1', 'Only this one.'))]);
    const { agent, events } = remoteAgent({ url: server.url });
    const running = agent.send('never sent');
    agent.cancel();
    expect((await running.done).reason).to.equal('cancelled');
    expect(ofType(events, 'final')).to.have.length(1);
    expect(await server.log()).to.have.length(0);
    expect((await agent.send('sent').done).text).to.equal('Only this one.');
    expect(await server.log()).to.have.length(1);
  });

  it('cancels a frontend call waiting for approval, answering it cancelled', async () => {
    const server = await aguiScript([run(toolCall('c1', 'pay', { amount: 5 })), run(text('m2', 'ok'))]);
    const pay = defineTool({ name: 'pay', description: 'Pays', parameters: z.object({ amount: z.number() }), needsApproval: true, execute: async () => 'paid' });
    const { agent, events } = remoteAgent({ url: server.url }, { tools: [pay], answer: () => undefined });
    const running = agent.send('pay');
    await until(() => ofType(events, 'approval-request').length > 0, 'the approval request');
    agent.cancel();
    expect((await running.done).reason).to.equal('cancelled');
    expect(ofType(events, 'tool-result')[0]).to.include({ callId: 'c1', status: 'cancelled' });
    expect((await agent.messages()).filter((m) => m.role === 'tool')).to.have.length(1);
    expect(await server.log()).to.have.length(1);
  });

  it('names the fix for a 401: credentials in agui.headers', async () => {
    const server = await aguiScript([{ status: 401, contentType: 'application/json', body: '{"error":"missing token"}' }]);
    const { agent, events } = remoteAgent({ url: server.url });
    expect((await agent.send('hi').done).reason).to.equal('error');
    expect(error(events)).to.include({ code: 'http', retryable: false });
    expect(error(events)!.message).to.contain('HTTP 401 Unauthorized').and.contain('agui.headers').and.contain('missing token');
  });

  it('names the fix for a 403 when a token was sent', async () => {
    const server = await aguiScript([{ status: 403, body: 'forbidden' }]);
    const { agent, events } = remoteAgent({ url: server.url, headers: { authorization: 'Bearer old' } });
    await agent.send('hi').done;
    expect(error(events)!.message).to.contain('HTTP 403 Forbidden').and.contain('check the token');
  });

  it('names CORS when a server on another origin does not let the page read it', async () => {
    const server = await aguiScript([run(text('m1', 'never read'))], { noCors: true });
    const { agent, events } = remoteAgent({ url: server.crossOrigin });
    expect((await agent.send('hi').done).reason).to.equal('error');
    expect(error(events)).to.include({ code: 'network' });
    expect(error(events)!.message).to.contain('CORS').and.contain(location.origin);
  });

  it('reaches a server on another origin that allows the page, cookies included', async () => {
    const server = await aguiScript([run(text('m1', 'Across origins.'))]);
    const { agent } = remoteAgent({ url: server.crossOrigin, credentials: 'include' });
    expect((await agent.send('hi').done).text).to.equal('Across origins.');
  });

  it('sends the page\'s cookies to a same-origin agent, and none with credentials "omit"', async () => {
    document.cookie = 'agui_session=abc123; path=/';
    try {
      const server = await aguiScript([run(text('m1', 'a')), run(text('m1', 'b'))]);
      await remoteAgent({ url: server.url }).agent.send('x').done;
      await remoteAgent({ url: server.url, credentials: 'omit' }).agent.send('y').done;
      const [withCookie, without] = await server.log();
      expect(withCookie!.cookie).to.contain('agui_session=abc123');
      expect(without!.cookie ?? '').to.not.contain('agui_session');
    } finally {
      document.cookie = 'agui_session=; path=/; max-age=0';
    }
  });

  it('names a refused connection', async () => {
    const { url } = (await (await fetch('/__agui/refused')).json()) as { url: string };
    const { agent, events } = remoteAgent({ url });
    expect((await agent.send('hi').done).reason).to.equal('error');
    expect(error(events)).to.include({ code: 'network', retryable: true });
    expect(error(events)!.message).to.contain('nothing answers there');
  });

  it('names an endpoint that is not AG-UI (an HTML page)', async () => {
    const server = await aguiScript([{ status: 200, contentType: 'text/html', body: '<!doctype html><h1>Welcome</h1>' }]);
    const { agent, events } = remoteAgent({ url: server.url });
    await agent.send('hi').done;
    expect(error(events)).to.include({ code: 'protocol' });
    expect(error(events)!.message).to.contain('text/html').and.contain('AG-UI endpoint');
  });

  it('names a 404 as a wrong URL', async () => {
    const { agent, events } = remoteAgent({ url: '/__agui/no-such-script/run' });
    await agent.send('hi').done;
    expect(error(events)!.message).to.contain('HTTP 404').and.contain('Check the URL');
  });

  it('reports RUN_ERROR with the server\'s message', async () => {
    const server = await aguiScript([{ events: [{ type: 'RUN_STARTED' }, ...text('m1', 'Let me'), { type: 'RUN_ERROR', message: 'the database is down', code: 'DB_DOWN' }] }]);
    const { agent, events } = remoteAgent({ url: server.url });
    const final = await agent.send('hi').done;
    expect(final.reason).to.equal('error');
    expect(error(events)).to.include({ code: 'remote-error' });
    expect(error(events)!.message).to.contain('the database is down').and.contain('DB_DOWN');
    expect((await agent.messages()).at(-1)).to.deep.equal({ role: 'assistant', content: 'Let me' });
  });

  it('refuses an agui option without a url at once, and bad fields with the run\'s error, asking the server nothing', async () => {
    expect(() => createAgent({ agui: { headers: {} } as never })).to.throw(TypeError, /agui must be \{ url/);
    const server = await aguiScript([run(text('m1', 'never'))]);
    const { agent, events } = remoteAgent({ url: server.url, credentials: 'everywhere' as never });
    expect((await agent.send('hi').done).reason).to.equal('error');
    expect(error(events)).to.include({ code: 'bad-request' });
    expect(error(events)!.message).to.contain('agui.credentials must be');
    expect(await server.log()).to.have.length(0);
  });
});
