// The AG-UI client's transports against the test runner's AG-UI server (the
// official encoder, which answers protobuf when the request accepts it): the
// worker asks for AG-UI's protobuf framing and SSE both, reads protobuf where
// the server offers it — the bytes on the wire checked with the official
// `@ag-ui/proto` decoder — and SSE from a server that only speaks that.
import { expect } from 'chai';
import { AGUI_MEDIA_TYPE, decode } from '@ag-ui/proto';
import { aguiScript, ofType, remoteAgent, run, text, toolCall } from './support.js';

const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** The first length-prefixed protobuf frame of `wire`, decoded. */
function firstFrame(wire: Uint8Array): Record<string, unknown> {
  const length = new DataView(wire.buffer, wire.byteOffset, 4).getUint32(0, false);
  return decode(wire.subarray(4, 4 + length)) as unknown as Record<string, unknown>;
}

describe('AG-UI client: transports', function () {
  // The first run of a file loads the AG-UI client's chunk cold (dev server, unbundled).
  this.timeout(60_000);

  it('reads the protobuf transport where the server offers it: the bytes on the wire are AG-UI protobuf frames', async () => {
    const server = await aguiScript([
      run([...text('m1', 'Hello ', 'over protobuf.'), ...toolCall('s1', 'weather', { city: 'Oslo' }, 'm1'), { type: 'TOOL_CALL_RESULT', messageId: 't1', toolCallId: 's1', content: '{"sky":"clear"}' }, { type: 'STATE_SNAPSHOT', snapshot: { cart: ['tea'] } }, { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/cart/-', value: 'milk' }] }, ...text('m2', 'Done.')]),
    ]);
    const { agent, events } = remoteAgent({ url: server.url });
    const final = await agent.send('Hi').done;
    expect(final).to.deep.include({ reason: 'answer', text: 'Done.' });
    expect(ofType(events, 'text').map((e) => e.delta).join('')).to.equal('Hello over protobuf.Done.');
    expect(ofType(events, 'tool-result')[0]).to.deep.include({ callId: 's1', status: 'ok', result: { sky: 'clear' } });
    expect(await agent.state).to.deep.equal({ cart: ['tea', 'milk'] });
    const [received] = await server.log();
    expect(received!.accept).to.contain(AGUI_MEDIA_TYPE);
    expect(received!.contentType).to.equal(AGUI_MEDIA_TYPE);
    const wire = bytes(received!.wire!);
    expect(new TextDecoder().decode(wire.subarray(0, 5))).not.to.equal('data:');
    expect(firstFrame(wire)).to.deep.include({ type: 'RUN_STARTED', threadId: received!.input.threadId, runId: received!.input.runId });
  });

  it('reads SSE from a server without the protobuf transport', async () => {
    const server = await aguiScript([{ ...run(text('m1', 'Plain ', 'SSE.')), sse: true }]);
    const { agent } = remoteAgent({ url: server.url });
    expect(await agent.send('Hi').done).to.deep.include({ reason: 'answer', text: 'Plain SSE.' });
    const [received] = await server.log();
    expect(received!.accept).to.contain(AGUI_MEDIA_TYPE);
    expect(received!.contentType).to.equal('text/event-stream');
    expect(new TextDecoder().decode(bytes(received!.wire!))).to.match(/^data: \{[^\n]*"type":"RUN_STARTED"/);
  });

  it('ends an SSE stream cut mid-event with a retryable error, as a protobuf one (client-faults.test.ts), keeping what was shown', async () => {
    const server = await aguiScript([{ events: [{ type: 'RUN_STARTED' }, { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Half a rep' }], cut: true, sse: true }]);
    const { agent, events } = remoteAgent({ url: server.url });
    expect((await agent.send('hi').done).reason).to.equal('error');
    expect(ofType(events, 'error')[0]).to.deep.include({ code: 'stream', retryable: true });
    expect((await server.log())[0]!.contentType).to.equal('text/event-stream');
    expect(await agent.messages()).to.deep.equal([{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'Half a rep' }]);
  });
});
