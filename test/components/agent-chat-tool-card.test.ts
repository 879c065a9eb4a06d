// What a settled tool card says about a call that did not run to an end:
// a denial is labelled as one, with the user's reason in plain sight; only a
// failed call's error is labelled "Error" (issue 25, item 6).
import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { chatOnMock, part, parts, until, type ChatFixture } from './helpers.js';
import { axeViolations } from './axe.js';

const tools = () => [
  defineTool({ name: 'cancel_order', description: 'Cancel an order', parameters: z.object({ id: z.number() }), needsApproval: true, execute: ({ id }) => ({ id }) }),
  defineTool({ name: 'get_order', description: 'Read an order', parameters: z.object({ id: z.number() }), execute: () => { throw new Error('no such order'); } }),
];

describe('agent-chat: the tool card of a denied call', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('says "Denied" with the reason given, not "Error"; a failed call still says "Error"', async () => {
    f = await chatOnMock([toolCallTurn([{ name: 'get_order', args: { id: 9 }, id: 'g' }, { name: 'cancel_order', args: { id: 7 }, id: 'c' }]), textTurn('Understood.')], { tools: tools() });
    const done = f.nextFinal();
    f.chat.send('Read 9 and cancel 7');
    (await until(() => part(f!.chat, 'deny-reason-button'), 'the Deny with reason disclosure')).click();
    const field = await until(() => part<HTMLInputElement>(f!.chat, 'deny-reason'), 'the reason field');
    field.value = 'not that one';
    part<HTMLButtonElement>(f.chat, 'deny-reason-submit')!.click();
    await done;
    await f.chat.updateComplete;
    const [failed, denied] = parts(f.chat, 'tool-call');
    expect(denied!.dataset.status).to.equal('denied');
    expect(denied!.textContent!.replace(/\s+/g, ' ')).to.match(/Denied: not that one/).and.not.match(/Error/);
    expect(failed!.dataset.status).to.equal('failed');
    expect(failed!.querySelector('summary')!.textContent).to.equal('Error');
    expect(await axeViolations(f.chat)).to.deep.equal([]);
  });
});
