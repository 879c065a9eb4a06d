import { expect } from 'chai';
import { ToolCallingModel, type TurnEvent, type TurnRequest } from '../../src/model/tool-calling-model.js';
import { assistantMessage, readNativeCall } from '../../src/model/tool-call.js';
import { scriptedModel, type ScriptedTurn } from '../../src/testing/scripted-model.js';
import type { ChatModel, ModelEvent } from '../../src/model/chat-model.js';
import { PageloopError } from '../../src/errors.js';

const request: TurnRequest = {
  system: 'Be brief.',
  history: [{ role: 'user', content: 'hi' }],
  tools: [
    { name: 'add', description: 'Adds', parameters: { type: 'object' } },
    { name: 'finish', description: 'Ends', parameters: { type: 'object' } },
  ],
  endingTools: ['finish'],
};

const refused: ScriptedTurn = { error: { code: 'tools-unsupported', message: 'this model does not support tools' } };

async function turn(model: ToolCallingModel, req = request, signal = new AbortController().signal): Promise<TurnEvent[]> {
  const events: TurnEvent[] = [];
  for await (const e of model.turn(req, signal)) events.push(e);
  return events;
}

function done(events: TurnEvent[]): Extract<TurnEvent, { type: 'done' }> {
  const last = events.at(-1);
  if (last?.type !== 'done') throw new Error(`the last event is not done: ${JSON.stringify(last)}`);
  return last;
}

describe('ToolCallingModel', () => {
  it('offers native tools with the system prompt as given', async () => {
    const raw = scriptedModel([{ text: 'ok' }]);
    await turn(new ToolCallingModel(raw));
    expect(raw.requests[0]!.tools!.map((t) => t.name)).to.deep.equal(['add', 'finish']);
    expect(raw.requests[0]!.messages).to.deep.equal([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'hi' },
    ]);
  });

  it("'auto' falls back to the text protocol when native tools are refused, and stays on it", async () => {
    const raw = scriptedModel([refused, { text: 'one' }, { text: 'two' }]);
    const model = new ToolCallingModel(raw);
    expect(model.protocol).to.equal('auto');
    expect(done(await turn(model)).text).to.equal('one');
    expect(model.protocol).to.equal('text');
    await turn(model);
    expect(raw.requests.map((r) => r.tools === undefined)).to.deep.equal([false, true, true]);
    const system = raw.requests[1]!.messages[0]!.content as string;
    expect(system.startsWith('Be brief.\n\n## Tools')).to.equal(true);
    expect(system).to.contain('### add').and.contain('call finish as described above');
  });

  it("'native' does not fall back: the refusal is the turn's error", async () => {
    const raw = scriptedModel([refused, { text: 'never' }]);
    const model = new ToolCallingModel(raw, { protocol: 'native' });
    let error: unknown;
    await turn(model).catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(PageloopError).with.property('code', 'tools-unsupported');
    expect(raw.requests).to.have.length(1);
  });

  it('does not fall back once the turn has said something (it would be shown twice)', async () => {
    const saysThenRefuses: ChatModel = {
      async *stream(): AsyncGenerator<ModelEvent> {
        yield { type: 'text', delta: 'Hel' };
        throw new PageloopError('tools-unsupported', 'no tools');
      },
    };
    const model = new ToolCallingModel(saysThenRefuses);
    let error: unknown;
    const events: TurnEvent[] = [];
    try {
      for await (const e of model.turn(request, new AbortController().signal)) events.push(e);
    } catch (e) {
      error = e;
    }
    expect(events).to.deep.equal([{ type: 'text', delta: 'Hel' }]);
    expect(error).to.have.property('code', 'tools-unsupported');
    expect(model.protocol).to.equal('auto');
  });

  it("'text' rewrites the history: calls as markup, results as observations", async () => {
    const raw = scriptedModel([{ text: 'ok' }]);
    const history = [
      { role: 'user' as const, content: 'q' },
      assistantMessage('', [{ id: 'c1', name: 'add', args: { a: 1 } }]),
      { role: 'tool' as const, tool_call_id: 'c1', content: '2' },
    ];
    await turn(new ToolCallingModel(raw, { protocol: 'text' }), { ...request, history });
    expect(raw.requests[0]!.messages.slice(1)).to.deep.equal([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: '<tool_call>{"name":"add","arguments":{"a":1}}</tool_call>' },
      { role: 'user', content: '<observation tool="add">2</observation>' },
    ]);
  });

  it('yields native calls and calls written as text in the one shape, ids generated for text calls', async () => {
    const raw = scriptedModel([
      { toolCalls: [{ id: 'n1', name: 'add', args: { a: 1 } }] },
      { text: 'Sure. <tool_call>{"name": "add", "arguments": {"a": 2}}</tool_call>' },
    ]);
    const model = new ToolCallingModel(raw, { generateId: () => 'x' });
    expect(done(await turn(model)).calls).to.deep.equal([{ id: 'n1', name: 'add', args: { a: 1 } }]);
    const second = await turn(model);
    expect(done(second)).to.deep.equal({ type: 'done', text: 'Sure.', calls: [{ id: 'call_x', name: 'add', args: { a: 2 } }] });
    const shown = second.map((e) => (e.type === 'text' ? e.delta : '')).join('');
    expect(shown).to.equal('Sure. ');
  });

  it('turns bad JSON arguments into the call’s error, native and text alike', async () => {
    const raw = scriptedModel([
      { toolCalls: [{ id: 'n1', name: 'add', argsText: '{"a": 1,' }] },
      { text: '<tool_call>{"name": "add", "arguments": {"a": </tool_call>' },
    ]);
    const model = new ToolCallingModel(raw, { generateId: () => 'x' });
    const [native] = done(await turn(model)).calls;
    expect(native).to.have.keys('id', 'name', 'error');
    expect(native).to.deep.include({ id: 'n1', name: 'add' });
    expect((native as { error: string }).error).to.match(/not valid JSON[\s\S]*You sent: \{"a": 1,/);
    const [text] = done(await turn(model)).calls;
    expect(text).to.have.keys('id', 'name', 'error');
  });

  it('passes thinking, usage and native argument deltas through, with the call id', async () => {
    const raw = scriptedModel([{ thinking: 'hmm', toolCalls: [{ id: 'n1', name: 'add', args: {} }], usage: { promptTokens: 3, completionTokens: 4 } }]);
    const events = await turn(new ToolCallingModel(raw));
    expect(events.slice(0, -1)).to.deep.equal([
      { type: 'thinking', delta: 'hmm' },
      { type: 'tool-call-delta', callId: 'n1', name: 'add', argsText: '{}' },
      { type: 'usage', promptTokens: 3, completionTokens: 4 },
      // How the reply was read, right before done (the trace's reply-read).
      { type: 'read', read: { protocol: 'native', repairs: [], quirks: [] } },
    ]);
  });

  it('throws a stream error when the model ends without done', async () => {
    const cut: ChatModel = {
      async *stream(): AsyncGenerator<ModelEvent> {
        yield { type: 'text', delta: 'half' };
      },
    };
    let error: unknown;
    await turn(new ToolCallingModel(cut)).catch((e: unknown) => (error = e));
    expect(error).to.have.property('code', 'stream');
  });

  it('stops at once on abort, even when the model ignores the signal', async () => {
    const deaf: ChatModel = {
      async *stream(): AsyncGenerator<ModelEvent> {
        // Not 'a': text at the very start that could still be an offered tool's name ("add") is held
        // (Functionary v3.2's first call has no `>>>`), and this test needs one event to abort from.
        yield { type: 'text', delta: 'Hello' };
        await new Promise(() => {});
      },
    };
    const controller = new AbortController();
    const events: TurnEvent[] = [];
    let error: unknown;
    try {
      for await (const e of new ToolCallingModel(deaf).turn(request, controller.signal)) {
        events.push(e);
        controller.abort();
      }
    } catch (e) {
      error = e;
    }
    expect(events).to.have.length(1);
    expect(error).to.have.property('name', 'AbortError');
  });
});

describe('tool calls', () => {
  it('reads empty arguments as {} and twice-encoded arguments as the object', () => {
    expect(readNativeCall({ id: 'a', name: 'f', argsText: '  ' })).to.deep.equal({ id: 'a', name: 'f', args: {} });
    expect(readNativeCall({ id: 'a', name: 'f', argsText: JSON.stringify('{"q":1}') })).to.deep.equal({ id: 'a', name: 'f', args: { q: 1 } });
  });

  it('records a turn in the history, a call with unreadable arguments as {}', () => {
    expect(assistantMessage('Hi', [])).to.deep.equal({ role: 'assistant', content: 'Hi' });
    expect(
      assistantMessage('', [
        { id: 'a', name: 'f', args: { q: 1 } },
        { id: 'b', name: 'g', error: 'bad' },
      ]),
    ).to.deep.equal({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'a', type: 'function', function: { name: 'f', arguments: '{"q":1}' } },
        { id: 'b', type: 'function', function: { name: 'g', arguments: '{}' } },
      ],
    });
  });
});
