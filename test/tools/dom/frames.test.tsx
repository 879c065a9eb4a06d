/**
 * The DOM tools inside frames: a same-origin iframe's elements are outlined,
 * indexed, filled, selected and undone like the page's own (events made in
 * the frame's window, so its framework hears them); a frame the page cannot
 * reach (cross-origin, sandboxed) is listed with the reason and refused.
 */
import { expect } from 'chai';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { domActions, type DomActionResult } from '../../../src/tools/dom/act-tools.js';
import { createDomIndex } from '../../../src/tools/dom/element-index.js';
import { domTools } from '../../../src/tools/dom/read-tools.js';
import type { DomQueryResult } from '../../../src/tools/dom/read-impl.js';
import type { PreviewStep, Tool } from '../../../src/types.js';
import { call, cleanup, indexIn, mount, pick } from './tool-harness.js';

const FORM = `<!doctype html><html><head><title>Checkout frame</title></head><body>
  <h2>Shipping</h2>
  <form aria-label="Shipping">
    <label>Quantity <input id="qty" value="1"></label>
    <label>Speed <select id="speed"><option value="std">Standard</option><option value="exp">Express</option></select></label>
    <label>Password <input type="password" id="pw" value="hunter2"></label>
  </form>
  <div data-agent-private><label>Card <input id="card" value="4111"></label></div>
</body></html>`;

/** An iframe in a fresh fixture, loaded. */
async function frame(attributes: string): Promise<HTMLIFrameElement> {
  const host = mount(`<p>Before the frame</p><iframe ${attributes} style="width: 400px; height: 300px; border: 0; margin-left: 37px"></iframe>`);
  const iframe = host.querySelector('iframe')!;
  await new Promise((resolve) => {
    iframe.addEventListener('load', resolve, { once: true });
    if (iframe.srcdoc === '' && iframe.getAttribute('src') === null) resolve(undefined);
  });
  return iframe;
}

function tools() {
  const index = createDomIndex();
  const read = domTools({ index });
  const act = domActions({ index });
  return {
    outline: () => call<string>(pick(read, 'page_outline'), {}),
    query: (args: unknown) => call<DomQueryResult>(pick(read, 'dom_query'), args),
    run: (name: string, args: unknown) => call<DomActionResult>(pick(act, name), args),
    tool: (name: string): Tool => pick(act, name),
  };
}

/** Runs a tool's preview as the preview desk would. */
async function previewOf(tool: Tool, args: unknown): Promise<PreviewStep> {
  return (await tool.preview!(args as never, { callId: 'test-call', signal: new AbortController().signal })) as PreviewStep;
}

async function undo(tool: Tool, args: unknown, result: unknown): Promise<void> {
  await tool.undo!(args as never, result as never, { callId: 'test-call', signal: new AbortController().signal });
}

describe('DOM tools in a same-origin iframe', () => {
  afterEach(cleanup);

  it('outlines the frame with its fields indexed, secrets and private regions left out', async () => {
    await frame(`title="Checkout" srcdoc="${FORM.replace(/"/g, '&quot;')}"`);
    const outline = await tools().outline();
    expect(outline).to.match(/\[\d+\] frame "Checkout"\n/);
    expect(outline).to.match(/ {2,}\[\d+\] textbox "Quantity" = "1"/);
    expect(outline).to.include('combobox "Speed" = "Standard"');
    expect(outline).not.to.include('hunter2');
    expect(outline).not.to.include('4111');
    expect(outline).not.to.include('Card');
  });

  it('fills and selects inside the frame with events of its own window, and Undo puts both back', async () => {
    const iframe = await frame(`title="Checkout" srcdoc="${FORM.replace(/"/g, '&quot;')}"`);
    const win = iframe.contentWindow!;
    const doc = iframe.contentDocument!;
    const heard: string[] = [];
    for (const type of ['input', 'change']) {
      doc.addEventListener(type, (e) => heard.push(`${type}:${(e.target as HTMLElement).id}:${e instanceof (win as unknown as typeof globalThis).Event}`));
    }
    const t = tools();
    const outline = await t.outline();
    const qty = indexIn(outline, 'textbox "Quantity"');
    const speed = indexIn(outline, 'combobox "Speed"');

    const step = await previewOf(t.tool('fill'), { index: qty, value: '30' });
    expect(step.target).to.equal(doc.getElementById('qty'));
    expect(step).to.include({ from: '1', to: '30' });

    const filled = await t.run('fill', { index: qty, value: '30' });
    expect(filled.ok, JSON.stringify(filled)).to.equal(true);
    const selected = await t.run('select', { index: speed, value: 'Express' });
    expect(selected.ok, JSON.stringify(selected)).to.equal(true);
    expect((doc.getElementById('qty') as HTMLInputElement).value).to.equal('30');
    expect((doc.getElementById('speed') as HTMLSelectElement).value).to.equal('exp');
    expect(heard).to.deep.equal(['input:qty:true', 'change:qty:true', 'input:speed:true', 'change:speed:true']);

    // The call id is the harness's: the select's entry replaced the fill's; undo the select, then fill again to undo a fill.
    await undo(t.tool('select'), { index: speed, value: 'Express' }, selected);
    expect((doc.getElementById('speed') as HTMLSelectElement).value).to.equal('std');
    await t.run('fill', { index: qty, value: '45' });
    await undo(t.tool('fill'), { index: qty, value: '45' }, filled);
    expect((doc.getElementById('qty') as HTMLInputElement).value).to.equal('30');
    expect(heard.slice(4)).to.deep.equal(['input:speed:true', 'change:speed:true', 'input:qty:true', 'change:qty:true', 'input:qty:true', 'change:qty:true']);
  });

  it('updates a React controlled form rendered in the frame, and Undo restores its state', async () => {
    const iframe = await frame(`title="Order" srcdoc="<!doctype html><body><div id=root></div></body>"`);
    function Order() {
      const [qty, setQty] = useState('2');
      return (
        <form aria-label="Order">
          <label>
            Quantity <input value={qty} onChange={(e) => setQty(e.target.value)} />
          </label>
          <output id="mirror">{`qty=${qty}`}</output>
        </form>
      );
    }
    const root: Root = createRoot(iframe.contentDocument!.getElementById('root')!);
    flushSync(() => root.render(<Order />));
    try {
      const mirror = () => iframe.contentDocument!.getElementById('mirror')!.textContent;
      const t = tools();
      const qty = indexIn(await t.outline(), 'textbox "Quantity"');
      const result = await t.run('fill', { index: qty, value: '7' });
      expect(mirror()).to.equal('qty=7');
      await undo(t.tool('fill'), { index: qty, value: '7' }, result);
      await new Promise((r) => setTimeout(r, 0));
      expect(mirror()).to.equal('qty=2');
    } finally {
      root.unmount();
    }
  });

  it('dom_query searches inside a frame given its index, never matching a secret', async () => {
    await frame(`title="Checkout" srcdoc="${FORM.replace(/"/g, '&quot;')}"`);
    const t = tools();
    const frameIndex = indexIn(await t.outline(), 'frame "Checkout"');
    const found = await t.query({ selector: 'select, #qty', frame: frameIndex });
    expect('matches' in found && found.matches.map((m) => m.element)).to.deep.equal(['textbox "Quantity" = "1"', 'combobox "Speed" = "Standard"']);
    const secret = await t.query({ selector: '#pw[value^="h"], #card', frame: frameIndex });
    expect(secret).to.deep.include({ count: 0 });
    const notFrame = await t.query({ selector: 'input', frame: indexIn(await t.outline(), 'textbox "Quantity"') });
    expect(notFrame).to.have.property('error').that.includes('is not a frame');
  });

  it('the overlay outlines a target inside the frame where it is drawn', async () => {
    const iframe = await frame(`title="Checkout" srcdoc="${FORM.replace(/"/g, '&quot;')}"`);
    const t = tools();
    const qty = indexIn(await t.outline(), 'textbox "Quantity"');
    const step = await previewOf(t.tool('fill'), { index: qty, value: '30' });
    const { previewOutlines } = await import('../../../components/approvals/preview-overlay.js');
    const overlay = previewOutlines();
    overlay.show('c1', [step.target ?? null], [{ text: step.text, target: 'shown', from: '1', to: '30' }]);
    try {
      const box = overlay.shadowRoot!.querySelector('[part~=outline]') as HTMLElement;
      const inner = step.target!.getBoundingClientRect();
      const outer = iframe.getBoundingClientRect();
      expect(Math.round(parseFloat(box.style.left))).to.equal(Math.round(outer.left + inner.left - 3));
      expect(Math.round(parseFloat(box.style.top))).to.equal(Math.round(outer.top + inner.top - 3));
      expect(box.textContent).to.include('1 → 30');
      // The frame scrolls: the outline follows its target at the next frame.
      iframe.contentDocument!.body.style.height = '2000px';
      iframe.contentWindow!.scrollTo(0, 40);
      await new Promise((r) => iframe.contentWindow!.addEventListener('scroll', r, { once: true }));
      for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
      const moved = overlay.shadowRoot!.querySelector('[part~=outline]') as HTMLElement;
      expect(Math.round(parseFloat(moved.style.top))).to.equal(Math.round(outer.top + step.target!.getBoundingClientRect().top - 3));
      expect(Math.round(parseFloat(moved.style.top))).to.equal(Math.round(outer.top + inner.top - 3 - 40));
    } finally {
      overlay.hide('c1');
    }
  });
});

describe('DOM tools and frames they cannot reach', () => {
  afterEach(cleanup);

  it('lists a cross-origin frame as unreachable, saying why, and refuses to search it', async () => {
    // The test server answers on localhost and 127.0.0.1 alike: the other name is another origin.
    const other = location.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const src = `${location.protocol}//${other}:${location.port}/test/tools/dom/tool-harness.ts`;
    await frame(`title="Ads" src="${src}"`);
    const t = tools();
    const outline = await t.outline();
    const line = outline.split('\n').find((l) => l.includes('frame "Ads"'));
    expect(line).to.include(`unreachable: cross-origin (${location.protocol}//${other}:${location.port})`);
    const result = await t.query({ selector: 'body', frame: indexIn(outline, 'frame "Ads"') });
    expect(result).to.have.property('error').that.includes('cross-origin');
  });

  it('lists a sandboxed frame without allow-same-origin as unreachable', async () => {
    await frame(`title="Widget" sandbox="allow-scripts" srcdoc="<label>Name <input></label>"`);
    const outline = await tools().outline();
    expect(outline).to.include('frame "Widget" (unreachable: sandboxed without allow-same-origin');
    expect(outline).not.to.include('textbox "Name"');
  });
});
