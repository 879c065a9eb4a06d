import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import { chunk, textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { chatOnMock, part, parts, until, type ChatFixture } from './helpers.js';

type Flagged = Window & { __pwned?: string[] };
const flagged = window as Flagged;

/** Payloads that run script if they ever reach innerHTML unsanitised. */
const PAYLOADS = [
  '<img src=x onerror="window.__pwned.push(\'img\')">',
  '<svg onload="window.__pwned.push(\'svg\')"></svg>',
  '<script>window.__pwned.push("script")</script>',
  '<iframe srcdoc="<script>parent.__pwned.push(\'iframe\')</script>"></iframe>',
  '[click me](javascript:window.__pwned.push("link"))',
  '<a href="javascript:window.__pwned.push(\'a\')">a</a>',
  '<details open ontoggle="window.__pwned.push(\'toggle\')">x</details>',
].join('\n\n');

/** Waits a few frames: long enough for an `onerror` or `onload` to have fired. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => requestAnimationFrame(r));
  await new Promise((r) => setTimeout(r, 100));
}

/**
 * Checks the log, where everything the model and tools say is shown (the
 * element's own controls, such as the attach button's icon, are its markup).
 * Compared as markup text: chai printing a live element can hang the page.
 */
function expectNoActiveMarkup(shadow: ParentNode): void {
  const root = shadow.querySelector('[part~="log"]');
  expect(root, 'the log').to.not.equal(null);
  expect(root!.querySelector('img, svg, script, iframe, [onerror], [onload], [ontoggle]')?.outerHTML ?? null).to.equal(null);
  for (const a of root!.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').to.not.match(/^\s*javascript:/i);
}

describe('agent-chat: nothing the model or a tool says can run', () => {
  let f: ChatFixture | undefined;
  beforeEach(() => (flagged.__pwned = []));
  afterEach(() => f?.remove());

  it('in streamed model text and reasoning', async () => {
    f = await chatOnMock([textTurn(PAYLOADS, { reasoning: PAYLOADS })]);
    const done = f.nextFinal();
    f.chat.send('say something nasty');
    await done;
    await settle();
    expectNoActiveMarkup(f.chat.shadowRoot!);
    expect(flagged.__pwned).to.deep.equal([]);
    // The text of the reply is still there, just inert.
    expect(part(f.chat, 'assistant')?.textContent).to.contain('click me');
  });

  it('in tool results', async () => {
    const leak = defineTool({
      name: 'leak',
      description: 'Returns hostile text',
      parameters: z.object({}),
      execute: () => ({ html: PAYLOADS }),
    });
    f = await chatOnMock([toolCallTurn([{ name: 'leak', args: {} }]), textTurn('done')], { tools: [leak] });
    const done = f.nextFinal();
    f.chat.send('go');
    await done;
    await f.chat.updateComplete;
    part<HTMLDetailsElement>(f.chat, 'tool-call')!.querySelector('details')!.open = true;
    await settle();
    expectNoActiveMarkup(f.chat.shadowRoot!);
    expect(part(f.chat, 'tool-call')!.textContent).to.contain('onerror');
    expect(flagged.__pwned).to.deep.equal([]);
  });

  it('in tool names and arguments the model made up', async () => {
    const name = '<img src=x onerror=window.__pwned.push(1)>';
    f = await chatOnMock([
      { chunks: [chunk({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name, arguments: JSON.stringify({ x: PAYLOADS }) } }] }), chunk({}, 'tool_calls')] },
      textTurn('sorry'),
    ]);
    const done = f.nextFinal();
    f.chat.send('go');
    await done;
    await settle();
    expectNoActiveMarkup(f.chat.shadowRoot!);
    expect(flagged.__pwned).to.deep.equal([]);
    const card = part(f.chat, 'tool-call');
    if (card) expect(card.querySelector('.tool-name')?.textContent).to.equal(name);
  });

  it('in suggestions', async () => {
    f = await chatOnMock([toolCallTurn([{ name: 'ask_question', args: { question: PAYLOADS, suggestions: [PAYLOADS] } }])]);
    const done = f.nextFinal();
    f.chat.send('ask me');
    await done;
    await settle();
    expectNoActiveMarkup(f.chat.shadowRoot!);
    expect(parts(f.chat, 'suggestion')[0]?.textContent).to.contain('<img');
    expect(flagged.__pwned).to.deep.equal([]);
  });
});

/** Every IndexedDB database of this origin, as text, to look for a marker in. */
async function indexedDbText(): Promise<string> {
  let text = '';
  for (const info of await indexedDB.databases()) {
    if (!info.name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(info.name!);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      for (const store of db.objectStoreNames) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store, 'readonly').objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result as unknown[]);
          req.onerror = () => reject(req.error);
        });
        text += JSON.stringify(all, (_k, v: unknown) => (ArrayBuffer.isView(v) ? '[bytes]' : v));
      }
    } finally {
      db.close();
    }
  }
  return text;
}

describe('agent-chat: persistence', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('with no thread attribute, writes nothing to IndexedDB or localStorage', async () => {
    const marker = `marker-${crypto.randomUUID()}`;
    const storageBefore = JSON.stringify({ ...localStorage });
    f = await chatOnMock([textTurn(`Reply ${marker}`)]);
    const done = f.nextFinal();
    f.chat.send(`Remember ${marker}`);
    await done;
    await settle();
    expect(JSON.stringify({ ...localStorage })).to.equal(storageBefore);
    expect(await indexedDbText()).to.not.contain(marker);
  });

  it('with a thread attribute, a reload shows the conversation', async () => {
    const thread = `test-${crypto.randomUUID()}`;
    const marker = `marker-${crypto.randomUUID()}`;
    f = await chatOnMock([textTurn(`Noted **${marker}**.`)], { attrs: { thread } });
    const done = f.nextFinal();
    f.chat.send(`Remember ${marker}`);
    await done;
    const baseUrl = f.chat.getAttribute('base-url')!;
    f.remove();
    // "Reload": a new element, a new agent and worker, the same thread.
    await new Promise((r) => setTimeout(r, 50));
    const again = document.createElement('agent-chat');
    again.setAttribute('base-url', baseUrl);
    again.setAttribute('model', 'mock-model');
    again.setAttribute('thread', thread);
    document.body.append(again);
    try {
      // Rendered as markdown once the renderer has loaded (it loads after the agent is ready).
      await until(() => part(again, 'assistant')?.querySelector('strong') != null, 'the stored conversation, as markdown');
      expect(part(again, 'user')?.textContent).to.contain(`Remember ${marker}`);
      expect(part(again, 'assistant')?.querySelector('strong')?.textContent).to.equal(marker);
      await again.agent.clear();
    } finally {
      again.remove();
    }
  });
});
