// Streams below are shaped the way the named servers send them; the shape is the point.
import { expect } from 'chai';
import { ToolCallAssembler } from '../../src/model/tool-call-assembler.js';
import { assemble, c, counter, doneOf, usageOf } from './helpers.js';

const ARGS = '{"city": "Paris", "days": 3}';

describe('ToolCallAssembler: call shapes', () => {
  it('reads a whole call in one chunk (Ollama), though finish_reason says "stop"', () => {
    const events = assemble([
      { id: 'chatcmpl-1', object: 'chat.completion.chunk', model: 'llama3.1', system_fingerprint: 'fp_ollama',
        choices: [{ index: 0, delta: { role: 'assistant', content: '', tool_calls: [{ id: 'call_k3', index: 0, type: 'function', function: { name: 'weather', arguments: ARGS } }] }, finish_reason: null }] },
      { id: 'chatcmpl-1', choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: 'stop' }] },
    ]);
    const done = doneOf(events);
    expect(done.toolCalls).to.deep.equal([{ id: 'call_k3', name: 'weather', argsText: ARGS }]);
    expect(done.finishReason).to.equal('stop');
  });

  it('reads whole calls with finish_reason and usage on the same chunk (Mistral)', () => {
    const events = assemble([
      { id: 'a', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] },
      { id: 'a', object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: { tool_calls: [
          { id: 'D681PevKs', function: { name: 'weather', arguments: ARGS }, index: 0 },
          { id: 'Qz92mBxle', function: { name: 'time', arguments: '{"tz": "CET"}' }, index: 1 },
        ] }, finish_reason: 'tool_calls', logprobs: null }],
        usage: { prompt_tokens: 90, total_tokens: 120, completion_tokens: 30 } },
    ]);
    expect(doneOf(events).toolCalls.map((t) => [t.id, t.name, t.argsText])).to.deep.equal([
      ['D681PevKs', 'weather', ARGS],
      ['Qz92mBxle', 'time', '{"tz": "CET"}'],
    ]);
    expect(usageOf(events)).to.deep.equal([{ type: 'usage', promptTokens: 90, completionTokens: 30 }]);
  });

  it('reads a whole call (Groq) with usage under x_groq', () => {
    const events = assemble([
      { id: 'g', choices: [{ index: 0, delta: { role: 'assistant', content: null }, logprobs: null, finish_reason: null }], x_groq: { id: 'req_1' } },
      { id: 'g', choices: [{ index: 0, delta: { tool_calls: [{ id: 'call_g1', type: 'function', function: { name: 'weather', arguments: ARGS }, index: 0 }] }, logprobs: null, finish_reason: null }] },
      { id: 'g', choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'tool_calls' }], x_groq: { id: 'req_1', usage: { prompt_tokens: 50, completion_tokens: 12, total_tokens: 62 } } },
    ]);
    expect(doneOf(events).toolCalls).to.deep.equal([{ id: 'call_g1', name: 'weather', argsText: ARGS }]);
    expect(usageOf(events)).to.deep.equal([{ type: 'usage', promptTokens: 50, completionTokens: 12 }]);
  });

  it('assembles id+name first, then arguments in fragments (OpenAI), usage on a choices: [] chunk', () => {
    const frags = ['{"', 'city', '":', ' "Par', 'is", ', '"days', '": 3}'];
    const events = assemble([
      c({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_oa', type: 'function', function: { name: 'weather', arguments: '' } }], refusal: null }, null, { usage: null }),
      ...frags.map((f) => c({ tool_calls: [{ index: 0, function: { arguments: f } }] }, null, { usage: null })),
      c({}, 'tool_calls', { usage: null }),
      { id: 'x', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 80, completion_tokens: 17, total_tokens: 97 } },
    ]);
    expect(doneOf(events).toolCalls).to.deep.equal([{ id: 'call_oa', name: 'weather', argsText: frags.join('') }]);
    expect(doneOf(events).finishReason).to.equal('tool_calls');
    expect(usageOf(events)).to.deep.equal([{ type: 'usage', promptTokens: 80, completionTokens: 17 }]);
    const deltas = events.filter((e) => e.type === 'tool-call-delta');
    expect(deltas.at(-1)).to.deep.equal({ type: 'tool-call-delta', index: 0, id: 'call_oa', name: 'weather', argsText: frags.join('') });
    expect(deltas.length).to.equal(frags.length + 1);
  });

  it('assembles fragments with usage and timings on the finish chunk (llama.cpp)', () => {
    const events = assemble([
      c({ role: 'assistant', content: null }, null),
      c({ tool_calls: [{ index: 0, id: 'KqWnB1pJ', type: 'function', function: { name: 'weather', arguments: '{"city":' } }] }, null),
      c({ tool_calls: [{ index: 0, function: { arguments: '"Paris","days":3}' } }] }, null),
      c({}, 'tool_calls', { usage: { completion_tokens: 20, prompt_tokens: 200, total_tokens: 220 }, timings: { predicted_ms: 812.4 } }),
    ]);
    expect(doneOf(events).toolCalls).to.deep.equal([{ id: 'KqWnB1pJ', name: 'weather', argsText: '{"city":"Paris","days":3}' }]);
    expect(usageOf(events)).to.deep.equal([{ type: 'usage', promptTokens: 200, completionTokens: 20 }]);
  });

  it('takes a first delta with a name and no arguments key (vLLM)', () => {
    const events = assemble([
      c({ role: 'assistant', content: '' }),
      c({ tool_calls: [{ id: 'chatcmpl-tool-9f1', type: 'function', index: 0, function: { name: 'weather' } }] }),
      c({ tool_calls: [{ index: 0, function: { arguments: '{"city": "Paris", ' } }] }),
      c({ tool_calls: [{ index: 0, function: { arguments: '"days": 3}' } }] }),
      c({ content: '' }, 'tool_calls'),
    ]);
    expect(doneOf(events).toolCalls).to.deep.equal([{ id: 'chatcmpl-tool-9f1', name: 'weather', argsText: ARGS }]);
  });

  it('turns empty arguments into "{}"', () => {
    const events = assemble([c({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'now', arguments: '' } }] }), c({}, 'tool_calls')]);
    expect(doneOf(events).toolCalls).to.deep.equal([{ id: 'c1', name: 'now', argsText: '{}' }]);
  });

  it('ignores continuation deltas with id: "", a repeated type and name: null (DeepSeek-style)', () => {
    const events = assemble([
      c({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_0_7c', type: 'function', function: { name: 'weather', arguments: '' } }] }),
      c({ role: 'assistant', tool_calls: [{ index: 0, id: '', type: 'function', function: { name: null, arguments: '{"city": "Paris", ' } }] }),
      c({ role: 'assistant', tool_calls: [{ index: 0, id: '', type: 'function', function: { name: '', arguments: '"days": 3}' } }] }),
      c({}, 'tool_calls'),
    ]);
    expect(doneOf(events).toolCalls).to.deep.equal([{ id: 'call_0_7c', name: 'weather', argsText: ARGS }]);
  });

  it('keeps one call when every continuation repeats the same id (LM Studio-style)', () => {
    const events = assemble([
      c({ tool_calls: [{ index: 0, id: '365174485', type: 'function', function: { name: 'weather', arguments: '' } }] }),
      c({ tool_calls: [{ index: 0, id: '365174485', type: 'function', function: { arguments: '{"city": "Paris", ' } }] }),
      c({ tool_calls: [{ index: 0, id: '365174485', type: 'function', function: { arguments: '"days": 3}' } }] }),
      c({}, 'tool_calls'),
    ]);
    expect(doneOf(events).toolCalls).to.deep.equal([{ id: '365174485', name: 'weather', argsText: ARGS }]);
  });

  it('starts a new call for a new id when index is missing (Gemini OpenAI-compat)', () => {
    const events = assemble([
      c({ role: 'assistant', tool_calls: [{ function: { arguments: ARGS, name: 'weather' }, id: 'g-1', type: 'function' }] }),
      c({ role: 'assistant', tool_calls: [{ function: { arguments: '{"tz":"CET"}', name: 'time' }, id: 'g-2', type: 'function' }] }),
      c({}, 'stop'),
    ]);
    expect(doneOf(events).toolCalls.map((t) => [t.id, t.name])).to.deep.equal([['g-1', 'weather'], ['g-2', 'time']]);
  });

  it('appends fragments without index or id to the current call', () => {
    const events = assemble([
      c({ tool_calls: [{ id: 'n1', type: 'function', function: { name: 'weather', arguments: '{"city": "Paris", ' } }] }),
      c({ tool_calls: [{ function: { arguments: '"days": 3}' } }] }),
      c({}, 'tool_calls'),
    ]);
    expect(doneOf(events).toolCalls).to.deep.equal([{ id: 'n1', name: 'weather', argsText: ARGS }]);
  });

  it('numbers calls from 0 when the server index starts at 1', () => {
    const events = assemble([
      c({ content: 'Let me check.' }),
      c({ tool_calls: [{ index: 1, id: 't1', type: 'function', function: { name: 'weather', arguments: '{"city":' } }] }),
      c({ tool_calls: [{ index: 1, function: { arguments: '"Paris"}' } }] }),
      c({ tool_calls: [{ index: 2, id: 't2', type: 'function', function: { name: 'time', arguments: '{}' } }] }),
      c({}, 'tool_calls'),
    ]);
    const deltas = events.filter((e) => e.type === 'tool-call-delta').map((e) => (e.type === 'tool-call-delta' ? e.index : -1));
    expect([...new Set(deltas)]).to.deep.equal([0, 1]);
    expect(doneOf(events).toolCalls.map((t) => t.id)).to.deep.equal(['t1', 't2']);
    expect(doneOf(events).text).to.equal('Let me check.');
  });

  it('stringifies arguments sent as a JSON object', () => {
    const events = assemble([c({ tool_calls: [{ index: 0, id: 'o1', type: 'function', function: { name: 'weather', arguments: { city: 'Paris', days: 3 } } }] }, 'tool_calls')]);
    expect(doneOf(events).toolCalls).to.deep.equal([{ id: 'o1', name: 'weather', argsText: '{"city":"Paris","days":3}' }]);
  });

  it('generates call_ ids for calls sent without one', () => {
    const events = assemble([c({ tool_calls: [{ index: 0, function: { name: 'weather', arguments: ARGS } }] }, 'tool_calls')], counter());
    expect(doneOf(events).toolCalls[0]!.id).to.equal('gen_1');
    const real = assemble([c({ tool_calls: [{ index: 0, function: { name: 'weather', arguments: ARGS } }] }, 'tool_calls')]);
    expect(doneOf(real).toolCalls[0]!.id).to.match(/^call_[0-9a-f-]{36}$/);
  });

  it('separates two whole calls that both use index 0 and different ids', () => {
    const events = assemble([
      c({ tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'weather', arguments: ARGS } }] }),
      c({ tool_calls: [{ index: 0, id: 'b', type: 'function', function: { name: 'time', arguments: '{}' } }] }),
      c({}, 'tool_calls'),
    ]);
    expect(doneOf(events).toolCalls.map((t) => t.id)).to.deep.equal(['a', 'b']);
  });
});

describe('ToolCallAssembler: finish_reason, usage and content', () => {
  const call = { index: 0, id: 'c1', type: 'function', function: { name: 'weather', arguments: ARGS } };

  it('accepts finish_reason absent (not null) on earlier chunks and on its own empty chunk', () => {
    const events = assemble([{ choices: [{ index: 0, delta: { tool_calls: [call] } }] }, { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }]);
    expect(doneOf(events)).to.deep.include({ finishReason: 'tool_calls' });
    expect(doneOf(events).toolCalls).to.have.length(1);
  });

  it('returns tool calls when finish_reason is "stop"', () => {
    expect(doneOf(assemble([c({ tool_calls: [call] }, 'stop')])).toolCalls).to.have.length(1);
  });

  it('returns tool calls when finish_reason never comes', () => {
    const done = doneOf(assemble([{ choices: [{ delta: { tool_calls: [call] } }] }]));
    expect(done.toolCalls).to.have.length(1);
    expect(done.finishReason).to.equal(null);
  });

  it('emits one usage event with the last figures when usage is on every chunk', () => {
    const events = assemble([
      c({ content: 'a' }, null, { usage: { prompt_tokens: 10, completion_tokens: 1 } }),
      c({ content: 'b' }, null, { usage: { prompt_tokens: 10, completion_tokens: 2 } }),
      c({}, 'stop', { usage: { prompt_tokens: 10, completion_tokens: 3 } }),
    ]);
    expect(usageOf(events)).to.deep.equal([{ type: 'usage', promptTokens: 10, completionTokens: 3 }]);
    expect(events.at(-2)!.type).to.equal('usage');
  });

  it('emits no usage event when no chunk has usage', () => {
    expect(usageOf(assemble([c({ content: 'hi' }, 'stop')]))).to.deep.equal([]);
  });

  it('accepts content as "", null or missing, role on every chunk and unknown fields anywhere', () => {
    const events = assemble([
      { id: 'z', provider: 'X', choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null, native_finish_reason: null }], meta: { a: 1 } },
      { id: 'z', choices: [{ index: 0, delta: { role: 'assistant', content: null, extra: true } }] },
      { id: 'z', choices: [{ index: 0, delta: { role: 'assistant' }, stop_reason: null }] },
      { id: 'z', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hi', audio: null } }] },
      { id: 'z', choices: [{ index: 0, delta: { role: 'assistant', tool_calls: [{ ...call, extra_field: 1, function: { ...call.function, strict: false } }] } }] },
      { id: 'z', choices: [{ index: 0, delta: { role: 'assistant' }, finish_reason: 'tool_calls' }], service_tier: 'default' },
    ]);
    expect(doneOf(events).text).to.equal('Hi');
    expect(doneOf(events).toolCalls).to.deep.equal([{ id: 'c1', name: 'weather', argsText: ARGS }]);
  });

  it('reports the calls a delta changed, with their position', () => {
    const a = new ToolCallAssembler();
    expect(a.push([{ index: 3, id: 'q', function: { name: 'f', arguments: '{' } }])).to.deep.equal([{ position: 0, id: 'q', name: 'f', argsText: '{' }]);
    expect(a.push('not an array')).to.deep.equal([]);
    expect(a.hasCalls).to.equal(true);
  });
});
