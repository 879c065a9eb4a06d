import { expect } from 'chai';

interface AxeResult {
  violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }>;
}
type AxeWindow = Window & { axe: { run(context: Document, options: object): Promise<AxeResult> } };

async function until<T>(check: () => T | null | undefined | false, what: string, tries = 400): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

async function runAxe(frame: HTMLIFrameElement): Promise<AxeResult['violations']> {
  const doc = frame.contentDocument!;
  const win = frame.contentWindow as AxeWindow;
  if (!win.axe) {
    const script = doc.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    const loaded = new Promise((resolve, reject) => {
      script.onload = resolve;
      script.onerror = reject;
    });
    doc.head.append(script);
    await loaded;
  }
  const result = await win.axe.run(doc, { resultTypes: ['violations'] });
  return result.violations;
}

function describeViolations(violations: AxeResult['violations']): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`).join('\n');
}

describe('demo page accessibility (axe-core)', function () {
  this.timeout(30000);
  let frame: HTMLIFrameElement;

  before(async () => {
    frame = document.createElement('iframe');
    frame.style.width = '1280px';
    frame.style.height = '800px';
    frame.src = '/demo/index.html';
    const loaded = new Promise((r) => (frame.onload = r));
    document.body.append(frame);
    await loaded;
    // The endpoint check fails here (no Ollama), so the scripted model takes over.
    await until(() => frame.contentDocument?.getElementById('model-badge')?.textContent?.includes('Scripted'), 'the scripted model');
  });
  after(() => frame.remove());

  function chatRoot(): ShadowRoot {
    return frame.contentDocument!.querySelector('agent-chat')!.shadowRoot!;
  }

  async function ask(text: string): Promise<void> {
    const chat = frame.contentDocument!.querySelector('agent-chat')!;
    await until(() => !chatRoot().querySelector('[part~="stop-button"]'), 'the chat to be idle');
    chat.send(text);
    await until(() => chatRoot().querySelector('[part~="stop-button"]'), 'the run to start');
  }

  it('has no violations on load', async () => {
    expect(describeViolations(await runAxe(frame))).to.equal('');
  });

  it('has no violations with a streamed answer, a tool card and a code block', async () => {
    await ask('Summarize the orders');
    await until(() => !chatRoot().querySelector('[part~="stop-button"]'), 'the answer');
    expect(chatRoot().querySelector('[part~="tool-call"]')).to.not.equal(null);
    expect(describeViolations(await runAxe(frame))).to.equal('');
  });

  it('has no violations with an approval pending, and focus is on it', async () => {
    await ask('Cancel order 1004');
    const approval = await until(() => chatRoot().querySelector<HTMLElement>('[part~="approval"]'), 'the approval');
    await until(() => chatRoot().activeElement === approval, 'focus on the approval');
    expect(describeViolations(await runAxe(frame))).to.equal('');
    (chatRoot().querySelector('[part~="edit-button"]') as HTMLButtonElement).click();
    await until(() => chatRoot().querySelector('.args-editor'), 'the editor');
    expect(describeViolations(await runAxe(frame))).to.equal('');
    (chatRoot().querySelector('[part~="deny-button"]') as HTMLButtonElement).click();
    await until(() => !chatRoot().querySelector('[part~="stop-button"]'), 'the run to end');
  });

  it('has no violations with suggestions and an error banner, in the dark theme', async () => {
    const select = frame.contentDocument!.getElementById('theme') as HTMLSelectElement;
    select.value = 'dark';
    select.dispatchEvent(new Event('change'));
    await ask('hello');
    await until(() => chatRoot().querySelector('[part~="suggestion"]'), 'the suggestions');
    expect(describeViolations(await runAxe(frame))).to.equal('');
    // Point the chat at an endpoint that fails, for the error banner.
    const res = await fetch('/__mock/scripts', { method: 'POST', body: JSON.stringify({ turns: [{ status: 400, error: { message: 'model "x" not found' } }] }) });
    const { baseURL } = (await res.json()) as { baseURL: string };
    const chat = frame.contentDocument!.querySelector('agent-chat')!;
    const scripted = chat.getAttribute('model-module')!;
    chat.removeAttribute('model-module');
    chat.setAttribute('base-url', new URL(baseURL, location.href).href);
    await chat.updateComplete;
    chat.send('fail please');
    await until(() => chatRoot().querySelector('[part~="error"]'), 'the error banner');
    expect(describeViolations(await runAxe(frame))).to.equal('');
    chat.setAttribute('model-module', scripted);
    frame.contentWindow!.localStorage.removeItem('pageloop-demo-theme');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no violations with the generative cards (a rendered chart, a slot picker waiting, then answered), ${theme}`, async () => {
      const doc = frame.contentDocument!;
      const select = doc.getElementById('theme') as HTMLSelectElement;
      select.value = theme;
      select.dispatchEvent(new Event('change'));
      await ask('Chart the order statuses');
      await until(() => doc.querySelector('agent-chat .status-chart .bar'), 'the rendered chart');
      await until(() => !chatRoot().querySelector('[part~="stop-button"]'), 'the answer');
      expect(describeViolations(await runAxe(frame))).to.equal('');
      await ask('Schedule delivery for order 1002');
      const slot = await until(() => doc.querySelector<HTMLButtonElement>('agent-chat .slot-picker button:not([disabled])'), 'the slot picker, waiting');
      expect(describeViolations(await runAxe(frame))).to.equal('');
      slot.click();
      await until(() => !chatRoot().querySelector('[part~="stop-button"]'), 'the answer');
      await until(() => doc.querySelector('agent-chat .slot-picker .picked'), 'the picked slot');
      expect(describeViolations(await runAxe(frame))).to.equal('');
    });
  }

  it('the log is a polite live region that is busy while streaming', async () => {
    const log = chatRoot().querySelector('[part~="log"]')!;
    expect(log.getAttribute('role')).to.equal('log');
    expect(log.getAttribute('aria-live')).to.equal('polite');
    await ask('Summarize the orders');
    expect(log.getAttribute('aria-busy')).to.equal('true');
    await until(() => chatRoot().querySelector('[part~="tool-call"]'), 'the scripted model to call a tool');
    await until(() => !chatRoot().querySelector('[part~="stop-button"]'), 'the answer');
    await until(() => log.getAttribute('aria-busy') === 'false', 'aria-busy to clear');
  });
});
