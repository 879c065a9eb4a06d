// <agent-chat> loads what its page tools load on their first call (the DOM
// tools' chunks, the JSON Schema validator) in idle time once its renderer is
// warm (components/tool-cards/tool-warmup.ts): only what its tools need, nothing with
// Save-Data. Observed through the module fetches themselves (resource timing,
// with an observer: the page's timing buffer is full of the test's modules).
import { expect } from 'chai';
import { defineTool } from '../../src/tools/define-tool.js';
import { domActions } from '../../src/tools/dom/act-tools.js';
import { domTools } from '../../src/tools/dom/read-tools.js';
import { firstCallLoaders } from '../../src/tools/first-call-loads.js';
import { chatOnMock, until, type ChatFixture } from './helpers.js';

const fetched: string[] = [];
new PerformanceObserver((list) => fetched.push(...list.getEntries().map((e) => e.name))).observe({ type: 'resource', buffered: true });
const loaded = (name: string) => fetched.some((url) => url.includes(name));

/** A page tool with a JSON Schema: its validator is a first-call load. */
const lookup = () =>
  defineTool({ name: 'lookup', description: 'Looks an order up.', parameters: { type: 'object', properties: { id: { type: 'string' } } }, execute: () => 'found' });

/** Some idle periods, after the renderer's warm-up has been fetched: time enough for a warm-up that would run. */
async function idleAWhile(): Promise<void> {
  await until(() => loaded('markdown-warmup'), 'the renderer warm-up');
  for (let i = 0; i < 10; i++) await new Promise((r) => requestIdleCallback(() => r(undefined), { timeout: 500 }));
}

describe('<agent-chat> loads its tools\' first-call code in idle time', () => {
  let f: ChatFixture | undefined;
  afterEach(() => {
    f?.remove();
    f = undefined;
  });

  it('registers one loader per chunk: the validator for JSON Schema tools, reading and acting for the DOM tools', () => {
    const loaders = firstCallLoaders([...domTools(), ...domActions(), lookup(), ...domTools()]);
    expect(loaders.length).to.equal(3);
  });

  it('a page with a JSON Schema tool gets the validator, and none of the DOM tools\' code', async () => {
    f = await chatOnMock([], { tools: [lookup()] });
    await f.chat.agent.ready;
    await until(() => loaded('@cfworker/json-schema'), 'the JSON Schema validator to load');
    await idleAWhile();
    expect(loaded('read-impl'), 'read-impl fetched').to.equal(false);
    expect(loaded('act-impl'), 'act-impl fetched').to.equal(false);
  });

  it('with Save-Data, nothing is loaded ahead', async () => {
    // The page's own setting, as Chromium reports it (navigator.connection.saveData), shadowed on this page.
    Object.defineProperty(navigator, 'connection', { configurable: true, get: () => ({ saveData: true }) });
    try {
      f = await chatOnMock([], { tools: domActions() });
      await f.chat.agent.ready;
      await idleAWhile();
      expect(loaded('act-impl'), 'act-impl fetched').to.equal(false);
    } finally {
      delete (navigator as { connection?: unknown }).connection;
    }
  });

  it('a page with domTools() gets their reading code before any call, and not the actions\' code it was not given', async () => {
    f = await chatOnMock([], { tools: domTools() });
    await f.chat.agent.ready;
    await until(() => loaded('read-impl'), 'the DOM reading code to load');
    await idleAWhile();
    expect(loaded('act-impl'), 'act-impl fetched').to.equal(false);
    expect(f.events.some((e) => e.type === 'tool-call'), 'a tool was called').to.equal(false);
  });
});
