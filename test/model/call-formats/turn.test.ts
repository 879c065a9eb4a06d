import { expect } from 'chai';
import { ToolCallingModel, type TurnEvent, type TurnRequest } from '../../../src/model/tool-calling-model.js';
import { scriptedModel } from '../../../src/testing/scripted-model.js';

const request: TurnRequest = {
  system: '',
  history: [{ role: 'user', content: 'find 1984' }],
  tools: [{ name: 'search', description: 'Searches', parameters: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } } } }],
  endingTools: [],
};

async function turn(model: ToolCallingModel): Promise<TurnEvent[]> {
  const events: TurnEvent[] = [];
  for await (const e of model.turn(request, new AbortController().signal)) events.push(e);
  return events;
}

describe('call formats in a model turn', () => {
  it('types string-written arguments by the offered tools’ schemas, and shows no markup', async () => {
    const reply = 'Searching.<tool_call>search<arg_key>query</arg_key><arg_value>1984</arg_value><arg_key>limit</arg_key><arg_value>5</arg_value></tool_call>';
    const events = await turn(new ToolCallingModel(scriptedModel([{ text: reply }]), { protocol: 'text', generateId: () => '1' }));
    const shown = events.map((e) => (e.type === 'text' ? e.delta : '')).join('');
    expect(shown).to.equal('Searching.');
    expect(events.at(-1)).to.deep.equal({ type: 'done', text: 'Searching.', calls: [{ id: 'call_1', name: 'search', args: { query: '1984', limit: 5 } }] });
  });

  it('MiniMax-M2: reasoning closed by a </think> it never opened is withdrawn to thinking; the call is typed', async () => {
    const reply = 'The user wants 1984.\n</think>\n\n<minimax:tool_call>\n<invoke name="search">\n<parameter name="query">1984</parameter>\n<parameter name="limit">5</parameter>\n</invoke>\n</minimax:tool_call>';
    const events = await turn(new ToolCallingModel(scriptedModel([{ text: reply }]), { protocol: 'text', generateId: () => '3' }));
    const texts = events.flatMap((e) => (e.type === 'text' ? [e.delta] : []));
    for (const t of texts) expect(t).to.not.match(/<minimax|<invoke|<\/think>/);
    const retracted = events.flatMap((e) => (e.type === 'retraction' ? [e.text] : [])).join('');
    expect(texts.join('').replace(retracted, '').trim()).to.equal('');
    expect(events.flatMap((e) => (e.type === 'thinking' ? [e.delta] : [])).join('')).to.contain('The user wants 1984.');
    expect(events.at(-1)).to.deep.equal({ type: 'done', text: '', calls: [{ id: 'call_3', name: 'search', args: { query: '1984', limit: 5 } }] });
  });

  it('reads only the hinted family with toolFormat', async () => {
    const reply = '[TOOL_CALLS]search{"query": "x"}';
    const hinted = await turn(new ToolCallingModel(scriptedModel([{ text: reply }]), { protocol: 'text', toolFormat: 'glm' }));
    expect(hinted.at(-1)).to.deep.include({ text: reply, calls: [] });
    const open = await turn(new ToolCallingModel(scriptedModel([{ text: reply }]), { protocol: 'text', generateId: () => '2' }));
    expect(open.at(-1)).to.deep.include({ calls: [{ id: 'call_2', name: 'search', args: { query: 'x' } }] });
  });
});
