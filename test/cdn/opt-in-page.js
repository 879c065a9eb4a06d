// One conversation through the standalone bundle (served under /.wtr-cdn-logged/RUN/), with a page
// tool; `?use=1` also uses the opt-in capabilities the test checks for (an MCP server, the DOM
// tools, the fetch tool, the thread list, a zod-mini tool). Reports the final event to the test that opened this page.
const params = new URLSearchParams(location.search);
const { defineTool, domTools, fetchTool } = await import(`/.wtr-cdn-logged/${params.get('run')}/agent-chat.js`);
const chat = document.querySelector('agent-chat');
const report = (data) => parent.postMessage({ optInPage: true, ...data }, '*');

/** Types `/doctor` into the composer and waits (up to 20 s) for its checklist. */
async function doctor() {
  const input = chat.shadowRoot.querySelector('[part~="input"]');
  input.value = '/doctor';
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await chat.updateComplete;
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true }));
  for (const end = Date.now() + 20_000; !chat.shadowRoot.querySelector('.doctor-checks'); ) {
    if (Date.now() > end) throw new Error('no checklist after /doctor');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await chat.updateComplete;
}

try {
  chat.setAttribute('base-url', params.get('baseURL'));
  chat.setAttribute('model', 'mock-model');
  chat.setAttribute('approval', 'auto');
  const readStock = defineTool({
    name: 'read_stock',
    description: 'Reads the stock line of the page',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    execute: () => document.getElementById('stock').textContent,
  });
  if (params.get('use') === '1') {
    // A closed port: the worker loads the MCP client to try it, which is all this page needs.
    chat.mcp = [{ name: 'closed', url: 'http://127.0.0.1:9/mcp' }];
    chat.setAttribute('show-threads', '');
    // A tool written with zod-mini: its JSON Schema needs pageloop's converter (a chunk of its own).
    const zm = await import('zod/mini');
    const note = defineTool({ name: 'note', description: 'Keeps a note', parameters: zm.object({ text: zm.string() }), execute: () => 'kept' });
    chat.tools = [readStock, note, ...domTools(), fetchTool({ allow: [location.origin] })];
  } else chat.tools = [readStock];
  // `?locale=de`: the element in German; `&doctor=1`: then `/doctor`, reported once its checklist is drawn.
  if (params.get('locale')) chat.setAttribute('locale', params.get('locale'));
  chat.addEventListener('agent-event', async (e) => {
    if (e.detail.type !== 'final') return;
    const final = { reason: e.detail.reason, text: e.detail.text };
    if (params.get('doctor') === '1') {
      try {
        await doctor();
      } catch (err) {
        return report({ error: String((err && err.stack) || err) });
      }
    }
    report({ final });
  });
  await customElements.whenDefined('agent-chat');
  chat.send('How many blue widgets?');
} catch (err) {
  report({ error: String((err && err.stack) || err) });
}
