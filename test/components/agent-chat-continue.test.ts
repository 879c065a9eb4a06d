import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { initialConversation, reduceConversation } from '../../components/conversation/conversation-state.js';
import type { AgentEvent } from '../../src/types.js';
import { chatOnMock, part, until, type ChatFixture } from './helpers.js';

describe('agent-chat: Continue after the step limit', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('says the limit was reached, offers Continue, and Continue runs the loop on without a new message', async () => {
    f = await chatOnMock([toolCallTurn([{ id: 'c1', name: 'ping', args: {} }], { text: 'Now let me check the next one.' }), textTurn('All checked.')], {
      attrs: { 'max-iterations': '1' },
      tools: [defineTool({ name: 'ping', description: 'Ping', parameters: z.object({}), execute: () => 'pong' })],
    });
    const stopped = f.nextFinal();
    f.chat.send('check them all');
    expect(await stopped).to.include({ reason: 'max_iterations' });
    await f.chat.updateComplete;
    const notices = [...f.chat.shadowRoot!.querySelectorAll('.notice')].map((n) => n.textContent);
    expect(notices.at(-1)).to.contain('step limit was reached');
    // The in-between sentence is shown once, as it streamed, and not repeated as an answer.
    expect(f.chat.shadowRoot!.textContent!.split('Stopped: the limit').length).to.equal(1);
    const button = await until(() => part<HTMLButtonElement>(f!.chat, 'continue-button'), 'the Continue button');

    const answered = f.nextFinal();
    button.click();
    expect(await answered).to.include({ reason: 'answer', text: 'All checked.' });
    const starts = f.events.filter((e): e is Extract<AgentEvent, { type: 'run-start' }> => e.type === 'run-start');
    expect(starts.map((e) => e.input)).to.deep.equal(['check them all', undefined]);
    await f.chat.updateComplete;
    expect(part(f.chat, 'continue-button')).to.equal(null);
    const users = [...f.chat.shadowRoot!.querySelectorAll('[part~="user"]')];
    expect(users).to.have.length(1);
  });

  it('offers Continue only after a run stopped at the limit, until the next run starts', () => {
    let state = reduceConversation(initialConversation(), { type: 'run-start', runId: 'r', input: 'x' });
    state = reduceConversation(state, { type: 'final', reason: 'max_iterations', text: 'Stopped: the limit of 2 steps was reached before the task was finished.' });
    expect(state.canContinue).to.equal(true);
    expect(state.items.filter((i) => i.kind === 'assistant')).to.have.length(0);
    state = reduceConversation(state, { type: 'run-start', runId: 'r2' });
    expect(state.canContinue).to.equal(false);
    state = reduceConversation(state, { type: 'final', reason: 'answer', text: 'ok' });
    expect(state.canContinue).to.equal(false);
  });
});
