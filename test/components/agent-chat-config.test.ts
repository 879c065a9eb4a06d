import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { chatOnMock, part, until, type ChatFixture } from './helpers.js';

function lastBody(log: Array<{ body: unknown }>): { model: string; tools?: Array<{ function: { name: string } }>; messages: Array<{ role: string; content: string }> } {
  return log.at(-1)!.body as never;
}

describe('agent-chat: attributes and properties', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('changing base-url and model while idle takes effect on the next send', async () => {
    f = await chatOnMock([textTurn('from the first')]);
    let done = f.nextFinal();
    f.chat.send('one');
    await done;
    const other = await mockEndpoint({ turns: [textTurn('from the second')] });
    f.chat.setAttribute('base-url', new URL(other.baseURL, location.href).href);
    f.chat.setAttribute('model', 'other-model');
    await f.chat.updateComplete;
    done = f.nextFinal();
    f.chat.send('two');
    await done;
    expect(await f.mock.log()).to.have.length(1);
    const log = await other.log();
    expect(log).to.have.length(1);
    expect(lastBody(log).model).to.equal('other-model');
  });

  it('takes tools set after it connected, and the system prompt attribute', async () => {
    f = await chatOnMock([toolCallTurn([{ name: 'ping', args: {} }]), textTurn('pong')], { attrs: { 'system-prompt': 'You are terse.' } });
    let pinged = 0;
    f.chat.tools = [defineTool({ name: 'ping', description: 'Ping the page', parameters: z.object({}), execute: () => ++pinged })];
    await f.chat.updateComplete;
    const done = f.nextFinal();
    f.chat.send('ping it');
    await done;
    expect(pinged).to.equal(1);
    const body = lastBody(await f.mock.log());
    expect(body.tools?.map((t) => t.function.name)).to.include('ping');
    expect(body.messages[0]).to.deep.include({ role: 'system' });
    expect(body.messages[0]!.content).to.contain('You are terse.');
  });

  it('approval="auto" runs tools that need approval without asking', async () => {
    f = await chatOnMock([toolCallTurn([{ name: 'wipe', args: {} }]), textTurn('wiped')], { attrs: { approval: 'auto' } });
    let wiped = false;
    f.chat.tools = [defineTool({ name: 'wipe', description: 'Wipe', parameters: z.object({}), needsApproval: true, execute: () => (wiped = true) })];
    const done = f.nextFinal();
    f.chat.send('wipe');
    await done;
    expect(wiped).to.equal(true);
    expect(f.events.some((e) => e.type === 'approval-request')).to.equal(false);
  });

  it('max-iterations caps the steps and the step indicator shows the cap', async () => {
    f = await chatOnMock([toolCallTurn([{ name: 'ping', args: {} }]), toolCallTurn([{ name: 'ping', args: {} }], { hang: false })], {
      attrs: { 'max-iterations': '2' },
    });
    f.chat.tools = [defineTool({ name: 'ping', description: 'Ping', parameters: z.object({}), execute: () => 'pong' })];
    const done = f.nextFinal();
    f.chat.send('loop');
    const final = await done;
    expect(final).to.include({ reason: 'max_iterations' });
    expect(f.events.filter((e) => e.type === 'iteration').map((e) => (e as { max: number }).max)).to.deep.equal([2, 2]);
  });

  it('the theme attribute overrides the system colour scheme', async () => {
    f = await chatOnMock([]);
    f.chat.theme = 'dark';
    await f.chat.updateComplete;
    const dark = getComputedStyle(f.chat).getPropertyValue('--agent-chat-bg').trim();
    f.chat.setAttribute('theme', 'light');
    await f.chat.updateComplete;
    const light = getComputedStyle(f.chat).getPropertyValue('--agent-chat-bg').trim();
    expect(dark).to.not.equal(light);
    expect(getComputedStyle(part(f.chat, 'log')!).colorScheme).to.equal('light');
  });

  it('agent is the agent it drives, and send() while running throws busy', async () => {
    f = await chatOnMock([{ ...textTurn('slow '), hang: true }]);
    const agent = f.chat.agent;
    expect(agent).to.equal(f.chat.agent);
    const done = f.nextFinal();
    f.chat.send('first');
    expect(() => f!.chat.send('second')).to.throw().with.property('code', 'busy');
    await until(() => part(f!.chat, 'stop-button'), 'the run to start');
    agent.cancel();
    await done;
  });
});
