// How an MCP tools/call result becomes one tool result (src/worker-tools/mcp/mcp-result.ts).
import { expect } from 'chai';
import { mapCallResult } from '../../src/worker-tools/mcp/mcp-result.js';

describe('MCP results', () => {
  it('text only: the text', () => {
    expect(mapCallResult('s', 't', { content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] })).to.deep.equal({ ok: true, result: 'a\n\nb' });
  });

  it('structuredContent: kept as data; text that only repeats it is dropped, other text kept', () => {
    expect(mapCallResult('s', 't', { content: [{ type: 'text', text: '{"n": 1}' }], structuredContent: { n: 1 } })).to.deep.equal({ ok: true, result: { structuredContent: { n: 1 } } });
    expect(mapCallResult('s', 't', { content: [{ type: 'text', text: 'one' }], structuredContent: { n: 1 } })).to.deep.equal({ ok: true, result: { structuredContent: { n: 1 }, text: 'one' } });
  });

  it('images, audio, links and binary resources are described; text resources included', () => {
    const { result } = mapCallResult('s', 't', {
      content: [
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'audio', data: 'AAA=', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a' },
        { type: 'resource', resource: { uri: 'x://b', blob: 'AA==', mimeType: 'application/pdf' } },
        { type: 'resource', resource: { uri: 'x://c', text: 'hello' } },
      ],
    }) as { result: string };
    expect(result).to.contain('[image image/png, 3 B: not passed on').and.to.contain('[audio audio/wav, 2 B').and.to.contain('[resource link: a file:///a.txt]');
    expect(result).to.contain('[resource x://b (application/pdf), 1 B of binary content: not passed on]').and.to.contain('[resource x://c]\nhello');
  });

  it('isError: an error naming the server and tool, with the server text', () => {
    expect(mapCallResult('lab', 'fail', { isError: true, content: [{ type: 'text', text: 'bad id' }] })).to.deep.equal({ ok: false, error: 'MCP server "lab" reported an error from its tool "fail": bad id' });
    expect(mapCallResult('lab', 'fail', { isError: true })).to.deep.equal({ ok: false, error: 'MCP server "lab" reported an error from its tool "fail": no details given.' });
  });

  it('with files: images, audio and embedded resources are attachments (text or bytes by type), named after the resource or the tool; links stay text', async () => {
    const mapped = mapCallResult('s', 'shot', {
      content: [
        { type: 'text', text: 'Here.' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a' },
        { type: 'resource', resource: { uri: 'x://docs/report.pdf', blob: 'JVBERg==', mimeType: 'application/pdf' } },
        { type: 'resource', resource: { uri: 'x://c', text: 'hello', mimeType: 'text/markdown' } },
      ],
    }, { files: true });
    if (!mapped.ok) throw new Error(mapped.error);
    expect(mapped.result).to.equal('Here.\n\n[resource link: a file:///a.txt]');
    const files = mapped.attachments!.map((f) => ('name' in f && !(f instanceof Blob) ? [f.name, f.type, typeof f.data === 'string' ? f.data : (f.data as Blob).size] : []));
    expect(files).to.deep.equal([['shot-1.png', 'image/png', 3], ['report.pdf', 'application/pdf', 4], ['shot-3.markdown', 'text/markdown', 'hello']]);
    const pdf = mapped.attachments![1] as { data: Blob };
    expect(new TextDecoder().decode(await pdf.data.arrayBuffer())).to.equal('%PDF');
    // An error's files cannot go anywhere: they are notes in its message.
    const failed = mapCallResult('s', 'shot', { isError: true, content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] }, { files: true });
    expect(failed.ok === false && failed.error).to.contain('[image image/png, 3 B: not passed on here]');
  });
});
