// The context budget counts attachments from their records (an image by its pixels,
// per the servers' rules; a text file by its size), folds a message with its files
// whole (the summary names them), and a cut tool result keeps its files.
import { expect } from 'chai';
import { ContextBudget, type Summarizer } from '../../src/agent/context-budget.js';
import { TokenEstimator, type TurnRequest } from '../../src/model/tool-calling-model.js';
import { attachmentTokens } from '../../src/model/token-estimate.js';
import type { Attachment, ChatMessage } from '../../src/types.js';

const image = (width: number, height: number, name = 'photo.jpg'): Attachment => ({ id: `img-${name}`, name, type: 'image/jpeg', kind: 'image', size: 200_000, width, height });

describe('attachments in the context budget', () => {
  it('an image costs the larger of OpenAI\'s tile rule and Qwen2-VL\'s 28-px patches; a text file its bytes', () => {
    // 1536×1024: OpenAI 85 + 170 × (3 × 2 tiles of 1152×768) = 1105; Qwen 55 × 37 + 2 = 2037.
    expect(attachmentTokens(image(1536, 1024))).to.equal(2037);
    // 512×512: OpenAI 85 + 170 = 255; Qwen 19 × 19 + 2 = 363.
    expect(attachmentTokens(image(512, 512))).to.equal(363);
    // 4000×100, a strip: OpenAI fits 2048 wide (51 high; a short side under 768 is not scaled up) → 4 × 1 tiles = 765; Qwen 143 × 4 + 2 = 574.
    expect(attachmentTokens(image(4000, 100))).to.equal(765);
    expect(attachmentTokens({ kind: 'text', size: 350 })).to.equal(120);
    expect(attachmentTokens({ kind: 'file', size: 10_000_000 })).to.equal(40);
    const estimator = new TokenEstimator();
    const plain: ChatMessage = { role: 'user', content: 'Look at this' };
    expect(estimator.message({ ...plain, attachments: [image(1536, 1024)] }) - estimator.message({ ...plain })).to.equal(2037);
  });

  it('an old message with a big image is folded whole, named in the summary call; the current turn keeps its image', async () => {
    const asked: TurnRequest[] = [];
    const model: Summarizer = {
      async *turn(request) {
        asked.push(request);
        yield { type: 'done', text: 'The user showed a photo of a desk.', calls: [] };
      },
    };
    const history: ChatMessage[] = [
      { role: 'user', content: 'What is on my desk?', attachments: [image(1536, 1024, 'desk.jpg')] },
      { role: 'assistant', content: 'A lamp and a mug.' },
      { role: 'user', content: 'And here?', attachments: [image(1024, 1024, 'shelf.jpg')] },
    ];
    const budget = new ContextBudget({ contextTokens: 4096 });
    const { request: sent, events } = await budget.fit({ system: 'You are helpful.', history, tools: [], endingTools: [] }, model, new AbortController().signal);
    expect(events.map((e) => [e.action, e.messages])).to.deep.equal([['folded', 2]]);
    expect(sent.history).to.deep.equal([history[2]]);
    expect(String(asked[0]!.history.at(-1)!.content)).to.contain('User: What is on my desk? [attached: desk.jpg]');
  });

  it('a tool result cut to fit keeps its files', async () => {
    const chart = image(200, 100, 'chart.png');
    const history: ChatMessage[] = [
      { role: 'user', content: 'Chart it' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'chart', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'row '.repeat(6000), attachments: [chart] },
    ];
    const model: Summarizer = { async *turn() { yield { type: 'done', text: 'unused', calls: [] }; } };
    const { request: sent, events } = await new ContextBudget({ contextTokens: 4096 }).fit({ system: 'You are helpful.', history, tools: [], endingTools: [] }, model, new AbortController().signal);
    expect(events.map((e) => e.action)).to.include('cut');
    const tool = sent.history.find((m) => m.role === 'tool') as Extract<ChatMessage, { role: 'tool' }>;
    expect(tool.content.length).to.be.lessThan(history[2]!.content!.length);
    expect(tool.attachments).to.deep.equal([chart]);
  });
});
