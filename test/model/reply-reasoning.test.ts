import { expect } from 'chai';
import { ReplyReasoning, type ReplyPiece } from '../../src/model/reply-reasoning.js';
import { TextCallFilter } from '../../src/model/text-call-filter.js';
import { ToolCallingModel, type TurnEvent, type TurnRequest } from '../../src/model/tool-calling-model.js';
import { scriptedModel } from '../../src/testing/scripted-model.js';
import { randomPieces, seeded } from './call-formats/harness.js';

/** What a renderer that honours retractions shows, and every text it showed along the way. */
interface View {
  text: string;
  thinking: string;
  /** The answer text after each piece. */
  texts: string[];
  retractions: number;
}

function apply(pieces: ReplyPiece[] | TurnEvent[], view: View): void {
  for (const p of pieces) {
    if (p.type === 'text') view.text += p.delta;
    else if (p.type === 'thinking') view.thinking += p.delta;
    else if (p.type === 'retraction') {
      view.retractions++;
      expect(view[p.field].endsWith(p.text), 'a retraction withdraws what was shown last').to.equal(true);
      view[p.field] = view[p.field].slice(0, view[p.field].length - p.text.length);
    } else continue;
    view.texts.push(view.text);
  }
}

function read(pieces: string[], opened: boolean, options: { thinkingFirst?: string } = {}): View & { learned: boolean | undefined } {
  const r = new ReplyReasoning(() => new TextCallFilter(), opened);
  const view: View = { text: '', thinking: '', texts: [], retractions: 0 };
  if (options.thinkingFirst) apply(r.thinking(options.thinkingFirst), view);
  for (const p of pieces) apply(r.text(p), view);
  apply(r.finish(), view);
  return { ...view, learned: r.learned };
}

function chunkings(reply: string): Array<[string, string[]]> {
  return [
    ['whole', [reply]],
    ['1-char', [...reply]],
    ['random 1', randomPieces(reply, seeded(1))],
    ['random 2', randomPieces(reply, seeded(2))],
    ['random 3', randomPieces(reply, seeded(3))],
  ];
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const REPLY = 'The user says hi. I should greet them.</think>\n\nHello! How can I help?';

describe('reasoning the prompt opened, while streaming', () => {
  for (const [how, pieces] of chunkings(REPLY)) {
    it(`first reply (nothing learned): the reasoning shown as text is withdrawn when </think> arrives — ${how}`, () => {
      const v = read(pieces, false);
      expect(v.text).to.equal('Hello! How can I help?');
      expect(squash(v.thinking)).to.equal('The user says hi. I should greet them.');
      expect(v.learned).to.equal(true);
      // From the closer on, the answer never holds reasoning again.
      const after = v.texts.slice(v.texts.findIndex((t, i) => i > 0 && t.length < v.texts[i - 1]!.length));
      for (const t of after) expect(t).to.not.contain('greet them');
      for (const t of v.texts) expect(t).to.not.contain('</think>');
    });

    it(`learned: the reasoning streams as thinking from its first token, never as text — ${how}`, () => {
      const v = read(pieces, true);
      expect(v.retractions).to.equal(0);
      for (const t of v.texts) expect('Hello! How can I help?'.startsWith(t), `shown: ${t}`).to.equal(true);
      expect(v.text).to.equal('Hello! How can I help?');
      expect(squash(v.thinking)).to.equal('The user says hi. I should greet them.');
      expect(v.learned).to.equal(true);
    });
  }

  for (const [how, pieces] of chunkings('Hello! How can I help?')) {
    it(`read as opened but never closed: the thinking is withdrawn and becomes the answer, and is unlearned — ${how}`, () => {
      const v = read(pieces, true);
      expect(v).to.deep.include({ text: 'Hello! How can I help?', thinking: '', retractions: 1, learned: false });
    });
  }

  it('a reply whose reasoning arrives first as thinking (split by the server) is not read as opened', () => {
    const v = read(['Hello there.'], true, { thinkingFirst: 'greet' });
    expect(v).to.deep.include({ text: 'Hello there.', thinking: 'greet', retractions: 0, learned: undefined });
  });

  it('a call inside the unopened reasoning never shows, at every chunking', () => {
    const reply = 'Maybe <tool_call>{"name": "get_time", "arguments": {}}</tool_call> no.</think>Fine.';
    for (const [how, pieces] of chunkings(reply)) {
      const v = read(pieces, false);
      expect(v.text, how).to.equal('Fine.');
      for (const t of v.texts) expect(t, how).to.not.contain('tool_call');
    }
  });

  it('leaves a quoted `</think>` in an answer alone', () => {
    const v = read(['Close reasoning with `</think>` in the template.'], false);
    expect(v).to.deep.include({ text: 'Close reasoning with `</think>` in the template.', retractions: 0, learned: undefined });
  });

  for (const [how, pieces] of chunkings('Sure. <think>check the units</think> It is 7.')) {
    it(`reasoning in the middle of a reply is handed out as thinking — ${how}`, () => {
      const v = read(pieces, false);
      expect(squash(v.text)).to.equal('Sure. It is 7.');
      expect(v.thinking).to.equal('check the units');
      expect(v.retractions).to.equal(0);
      for (const t of v.texts) expect(t).to.not.contain('check the units');
    });
  }
});

describe('call markup mentioned in reasoning the prompt opened (issue 34)', () => {
  const MENTIONS = [
    'I will answer with <tool_call>. That needs the city, which is Paris, and nothing more than that.',
    'Qwen writes <function=get_weather> then parameters; I should do the same for this request here.',
    'Mistral would write [TOOL_CALLS] first, but this model uses another format entirely, so no.',
    'A call looks like `<tool_call>` followed by JSON; I will write one after thinking it through.',
    'Maybe <minimax:tool_call> is right. Or the other one. Let me decide after checking the weather.',
  ];
  const CALL = '<tool_call>\n{"name": "get_time", "arguments": {}}\n</tool_call>';
  for (const mention of MENTIONS) {
    for (const [how, pieces] of chunkings(`${mention}</think>\n\n${CALL}`)) {
      it(`never shows as answer text, not even before the closer withdraws it: "${mention.slice(0, 24)}…" — ${how}`, () => {
        const v = read(pieces, false);
        for (const t of v.texts) expect(t, 'shown while streaming').to.not.match(/<tool_call>|<function=|\[TOOL_CALLS\]|<minimax:tool_call>/);
        expect(v.text).to.equal('');
        expect(squash(v.thinking)).to.equal(squash(mention));
        expect(v.learned).to.equal(true);
      });
    }
  }

  for (const [how, pieces] of chunkings('To call a tool, write <tool_call> and then the call as JSON. That is all there is to it.')) {
    it(`an answer that names <tool_call> loses nothing: held while it may be reasoning, shown whole at the end — ${how}`, () => {
      const v = read(pieces, false);
      expect(v.text).to.equal('To call a tool, write <tool_call> and then the call as JSON. That is all there is to it.');
      expect(v.retractions).to.equal(0);
      expect(v.learned).to.equal(undefined);
    });
  }

  for (const [how, pieces] of chunkings(`Need to check the time first.\n${CALL}`)) {
    it(`read as opened, a call ends reasoning that never closes (llama.cpp): the reasoning stays thinking — ${how}`, () => {
      const v = read(pieces, true);
      expect(v.text).to.equal('');
      expect(squash(v.thinking)).to.equal('Need to check the time first.');
      expect(v.learned).to.equal(true);
    });
  }
});

describe('reasoning the prompt opened, across a model’s turns', () => {
  const request: TurnRequest = { system: '', history: [{ role: 'user', content: 'hi' }], tools: [], endingTools: [] };
  async function turn(model: ToolCallingModel): Promise<TurnEvent[]> {
    const events: TurnEvent[] = [];
    for await (const e of model.turn(request, new AbortController().signal)) events.push(e);
    return events;
  }

  it('learns from the first reply, so the second streams its reasoning as thinking from the start', async () => {
    const model = new ToolCallingModel(scriptedModel([{ text: 'greet them</think>Hello!', chunkSize: 3 }, { text: 'greet again</think>Hi again!', chunkSize: 3 }]));
    const first = await turn(model);
    expect(first.filter((e) => e.type === 'retraction')).to.have.length(1);
    expect(first.at(-1)).to.deep.include({ text: 'Hello!' });
    const second = await turn(model);
    expect(second.filter((e) => e.type === 'retraction')).to.have.length(0);
    const view: View = { text: '', thinking: '', texts: [], retractions: 0 };
    apply(second, view);
    expect(view).to.deep.include({ text: 'Hi again!', thinking: 'greet again' });
    expect(second.at(-1)).to.deep.include({ text: 'Hi again!' });
  });

  it('once learned, a reply whose reasoning never closes but ends in a call keeps that reasoning out of the answer', async () => {
    const call = '<tool_call>{"name": "get_time", "arguments": {}}</tool_call>';
    const model = new ToolCallingModel(scriptedModel([{ text: 'plan</think>Sure.', chunkSize: 3 }, { text: `I need the time.\n${call}`, chunkSize: 4 }]));
    await turn(model);
    const second = await turn(model);
    const view: View = { text: '', thinking: '', texts: [], retractions: 0 };
    apply(second, view);
    expect(view.text).to.equal('');
    expect(squash(view.thinking)).to.equal('I need the time.');
    const done = second.at(-1) as Extract<TurnEvent, { type: 'done' }>;
    expect(done.text).to.equal('');
    expect(done.calls.map((c) => c.name)).to.deep.equal(['get_time']);
  });
});
