// The demo's settings run the doctor when an endpoint is saved: the demo page
// in a frame, its settings form filled with the mock answering as llama.cpp's
// server with a small window, and the doctor's findings — the warning and its
// fix first, then what passed — in the connection line.
import { expect } from 'chai';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { toolCallTurn } from '../../src/testing/chunks.js';

async function until<T>(check: () => T | null | undefined | false, what: string, tries = 800): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('demo: saving an endpoint runs the doctor', function () {
  this.timeout(60000);
  let frame: HTMLIFrameElement;
  // The demo keeps its settings in this origin's localStorage: other demo tests expect none.
  const clean = () => localStorage.removeItem('pageloop-demo-settings');
  before(clean);
  after(() => {
    frame?.remove();
    clean();
  });

  it('shows the failing lines with their fixes, then what passed', async () => {
    const mock = await mockEndpoint({ family: 'llama.cpp', contextLength: 4096, vision: true, turns: [toolCallTurn([{ name: 'get_weather', args: { city: 'Paris' } }])] });
    frame = document.createElement('iframe');
    frame.style.width = '1280px';
    frame.style.height = '800px';
    frame.src = '/demo/index.html';
    const loaded = new Promise((r) => (frame.onload = r));
    document.body.append(frame);
    await loaded;
    const doc = frame.contentDocument!;
    await until(() => doc.getElementById('model-badge')?.textContent?.includes('Scripted'), 'the scripted fallback');
    const form = doc.getElementById('settings-form') as HTMLFormElement;
    (form.elements.namedItem('baseURL') as HTMLInputElement).value = new URL(mock.baseURL, location.href).href;
    (form.elements.namedItem('model') as HTMLInputElement).value = 'mock-model';
    form.requestSubmit();
    const connection = doc.getElementById('connection')!;
    await until(() => connection.textContent?.includes('Passed:'), "the doctor's findings");
    const lines = [...connection.querySelectorAll('p')].map((p) => p.textContent ?? '');
    expect(lines[0]).to.match(/^Connected to /);
    expect(lines[1]).to.match(/^Doctor: 1 to look at/);
    expect(lines[2]).to.match(/^! Context window: 4096 tokens \(llama-server \/props n_ctx/);
    expect(lines[3]).to.equal('Fix: Restart llama-server with a bigger window: -c 16384 (each of --parallel N slots gets -c/N).');
    expect(lines[4]).to.match(/^Passed: Reachable, CORS, Server, Model, Tool calls, Stream, First token, Vision\./);
  });
});
