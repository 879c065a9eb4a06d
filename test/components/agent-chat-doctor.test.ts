// `/doctor` in <agent-chat>, against the real agent and the mock answering as
// llama.cpp's server: the checklist shows in the log (part `doctor`), each
// status in words with its fix, nothing is sent to the conversation, it is
// axe clean in both themes, and Cancel stops the probe.
import { expect } from 'chai';
import '../../components/define.js';
import type { AgentChat } from '../../components/agent-chat.js';
import { initialConversation, reduceConversation } from '../../components/conversation/conversation-state.js';
import { mockEndpoint, type MockEndpoint, type MockScript } from '../../src/testing/mock-endpoint.js';
import { toolCallTurn } from '../../src/testing/chunks.js';
import { axeViolations } from './axe.js';
import { part, parts, typeAndEnter } from './helpers.js';

let chat: AgentChat | undefined;
afterEach(() => chat?.remove());

async function chatOn(script: Partial<MockScript>, theme = 'light'): Promise<{ chat: AgentChat; mock: MockEndpoint }> {
  const mock = await mockEndpoint({ turns: [], ...script });
  chat = document.createElement('agent-chat');
  chat.setAttribute('base-url', new URL(mock.baseURL, location.href).href);
  chat.setAttribute('model', 'mock-model');
  chat.setAttribute('theme', theme);
  chat.style.height = '700px';
  document.body.append(chat);
  await chat.updateComplete;
  return { chat, mock };
}

/** Polls `check` for up to 20 s: the first /doctor starts the worker and loads the doctor's chunk on a busy machine. */
async function waitFor<T>(check: () => T | null | undefined | false | Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const checkLine = (c: AgentChat, id: string) => part(c, 'doctor')!.querySelector<HTMLElement>(`[data-check="${id}"]`)!;

describe('agent-chat: /doctor', function () {
  this.timeout(30000);

  for (const theme of ['light', 'dark']) {
    it(`shows the checklist in the log, each status in words with its fix, sends nothing to the conversation, axe clean (${theme})`, async () => {
      const { chat: c, mock } = await chatOn({ family: 'llama.cpp', noTools: true, contextLength: 4096 }, theme);
      await typeAndEnter(c, '/doctor');
      await waitFor(() => part(c, 'doctor')?.querySelector('.doctor-checks'), 'the checklist');
      await c.updateComplete;
      const doctor = part(c, 'doctor')!;
      expect(doctor.querySelector('.doctor-title')!.textContent).to.match(/Doctor · Endpoint/);
      expect(doctor.querySelector('.doctor-summary')!.textContent).to.match(/^3 warnings/);
      expect(checkLine(c, 'server').textContent).to.match(/OK\s+Server\s+llama\.cpp server/);
      const tools = checkLine(c, 'tools');
      expect(tools.querySelector('.doctor-status')!.textContent).to.equal('Warning');
      expect(tools.querySelector('.doctor-fix')!.textContent).to.match(/^Fix: Start llama-server with --jinja/);
      expect(checkLine(c, 'context').querySelector('.doctor-fix')!.textContent).to.match(/-c 16384/);
      expect(checkLine(c, 'stream').querySelector('.doctor-status')!.textContent).to.equal('Skipped');
      expect(parts(c, 'user')).to.have.length(0);
      expect(await c.agent.messages()).to.deep.equal([]);
      expect((await mock.log()).filter((e) => e.path === '/v1/chat/completions')).to.have.length(1);
      expect(await axeViolations(c)).to.deep.equal([]);
    });
  }

  it('Cancel stops the diagnosis: the item says so and the probe connection closes', async () => {
    const { chat: c, mock } = await chatOn({ family: 'llama.cpp', turns: [{ ...toolCallTurn([{ name: 'get_weather', args: { city: 'Paris' } }]), delayMs: 300, hang: true }] });
    await typeAndEnter(c, '/doctor');
    const cancel = await waitFor(() => part(c, 'doctor')?.querySelector<HTMLButtonElement>('.doctor-cancel'), 'the Cancel button');
    await waitFor(async () => (await mock.log()).some((e) => e.path === '/v1/chat/completions'), 'the probe request');
    cancel.click();
    await waitFor(() => part(c, 'doctor')?.querySelector('.doctor-error'), 'the cancelled line');
    expect(part(c, 'doctor')!.querySelector('.doctor-error')!.textContent).to.match(/Cancelled\./);
    await waitFor(async () => (await mock.log()).some((e) => e.path === '/v1/chat/completions' && e.clientClosedEarly), 'the probe connection to close');
  });

  it('/help names /doctor, and Tab completes it', async () => {
    const { chat: c } = await chatOn({ family: 'llama.cpp' });
    await typeAndEnter(c, '/help');
    expect(c.shadowRoot!.querySelector('.notice')!.textContent).to.match(/\/doctor checks the model connection/);
    const input = part<HTMLTextAreaElement>(c, 'input')!;
    input.value = '/doc';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await c.updateComplete;
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, composed: true, cancelable: true }));
    await c.updateComplete;
    expect(input.value).to.equal('/doctor');
  });

  it('on a model-module agent, whose only line is skipped, says nothing was checked (never that all checks passed)', async () => {
    const c = document.createElement('agent-chat');
    c.setAttribute('model-module', new URL('../fixtures/named-model.ts', import.meta.url).href);
    c.style.height = '500px';
    document.body.append(c);
    try {
      await c.updateComplete;
      await typeAndEnter(c, '/doctor');
      const summary = await waitFor(() => part(c, 'doctor')?.querySelector('.doctor-summary'), 'the summary');
      expect(summary.textContent).to.match(/^Nothing was checked \(1 skipped\)/);
      expect(part(c, 'doctor')!.getAttribute('aria-label')).to.equal('Doctor: Nothing was checked (1 skipped)');
      expect(checkLine(c, 'model-module').querySelector('.doctor-status')!.textContent).to.equal('Skipped');
    } finally {
      c.remove();
    }
  });

  it('an outcome that arrives after /clear is dropped, not shown again', () => {
    let state = reduceConversation(initialConversation(), { type: 'doctor', key: 'k1' });
    expect(state.items.map((i) => i.kind)).to.deep.equal(['doctor']);
    state = reduceConversation(state, { type: 'clear' });
    state = reduceConversation(state, { type: 'doctor', key: 'k1', error: 'Cancelled.' });
    expect(state.items).to.deep.equal([]);
  });
});
