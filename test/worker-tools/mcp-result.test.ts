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

  describe('A2UI surfaces (mcp-a2ui.ts)', () => {
    const messages = [{ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'c' } }];
    const resource = (text: string, mimeType = 'application/a2ui+json') => ({ type: 'resource', resource: { uri: 'a2ui://s', mimeType, text } });

    it('an application/a2ui+json resource (a list, { messages }, one message, base64) is the surface, never a file; its text stays the result', () => {
      for (const json of [JSON.stringify(messages), JSON.stringify({ messages }), JSON.stringify(messages[0])]) {
        const mapped = mapCallResult('s', 't', { content: [{ type: 'text', text: 'Shown.' }, resource(json)] }, { files: true, surfaces: true });
        expect(mapped).to.deep.equal({ ok: true, result: { text: 'Shown.', a2ui: messages }, surface: { messages, problems: [], forUser: [] } });
      }
      const blob = { type: 'resource', resource: { uri: 'a2ui://s', mimeType: 'application/a2ui+json; version=0.9', blob: btoa(JSON.stringify(messages)) } };
      expect(mapCallResult('s', 't', { content: [blob] }, { files: true, surfaces: true })).to.deep.equal({ ok: true, result: { a2ui: messages }, surface: { messages, problems: [], forUser: [] } });
    });

    it('structuredContent.a2ui is the surface; the rest of the structured content stays', () => {
      const mapped = mapCallResult('s', 't', { content: [{ type: 'text', text: 'Menu.' }], structuredContent: { dishes: 1, a2ui: messages } }, { surfaces: true });
      expect(mapped).to.deep.equal({ ok: true, result: { text: 'Menu.', structuredContent: { dishes: 1 }, a2ui: messages }, surface: { messages, problems: [], forUser: [] } });
    });

    it('what cannot be read is a problem naming where; an error result and a prompt (surfaces off) read none', () => {
      const mapped = mapCallResult('s', 't', { content: [resource('{oops'), resource('{"a":1}')], structuredContent: { a2ui: 'x' } }, { surfaces: true });
      expect(mapped.ok && mapped.surface?.problems.map((p) => p.split(' (')[0])).to.deep.equal([
        'the resource "a2ui://s" is not JSON',
        'the resource "a2ui://s" holds neither a list of A2UI messages nor { "messages": [...] }.',
        'structuredContent.a2ui is not a list of A2UI messages.',
      ]);
      expect(mapCallResult('s', 't', { content: [resource(JSON.stringify(messages))] })).to.not.have.property('surface');
      expect(mapCallResult('s', 't', { isError: true, content: [resource(JSON.stringify(messages))] }, { surfaces: true }).ok).to.equal(false);
      // Another JSON resource is a file as before.
      const other = mapCallResult('s', 't', { content: [resource('[]', 'application/json')] }, { files: true, surfaces: true });
      expect(other.ok && [other.attachments?.length, 'surface' in other]).to.deep.equal([1, false]);
    });
  });
});
