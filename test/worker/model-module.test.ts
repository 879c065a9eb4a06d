// The model-module loader (src/worker/model-module.ts) through a real agent
// and its worker: the forms a bundler can hand over (a built file, a data: URL
// of JavaScript, a blob: URL made on the page) run, and the forms a production
// build gets wrong (TypeScript inlined as a data: URL, source with bare
// imports, a module without its exports) end the run with one clear error.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { Agent, FinalEvent } from '../../src/types.js';

/** A self-contained model module: answers each request with `text` (what a bundler's built chunk amounts to). */
const moduleSource = (text: string) => `export function createModel(config) {
  const text = ${JSON.stringify(text)} + ' (' + config.model + ')';
  return { async *stream() { yield { type: 'text', delta: text }; yield { type: 'done', text, toolCalls: [], finishReason: 'stop' }; } };
}`;

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

async function runWith(modelModule: string): Promise<{ final: FinalEvent; errors: string[] }> {
  const agent = createAgent({ modelModule, model: 'scripted' });
  agents.push(agent);
  const errors: string[] = [];
  agent.on((e) => {
    if (e.type === 'error') errors.push(e.message);
  });
  const final = await agent.send('hi').done;
  return { final, errors };
}

describe('modelModule: the forms a bundler hands over', () => {
  it('runs a data: URL of JavaScript (what Vite inlines for a small built .js file)', async () => {
    const { final } = await runWith(`data:text/javascript;base64,${btoa(moduleSource('from a data URL'))}`);
    expect(final).to.include({ reason: 'answer', text: 'from a data URL (scripted)' });
  });

  it('runs a blob: URL the page made from source', async () => {
    const url = URL.createObjectURL(new Blob([moduleSource('from a blob')], { type: 'text/javascript' }));
    try {
      const { final } = await runWith(url);
      expect(final).to.include({ reason: 'answer', text: 'from a blob (scripted)' });
    } finally {
      URL.revokeObjectURL(url);
    }
  });

  it('refuses TypeScript inlined as data:video/mp2t (vite build of new URL("./brain.ts", import.meta.url)) and names the fix', async () => {
    const ts = `import { scriptedModel } from 'pageloop/testing';\nexport const createModel = (): unknown => scriptedModel([{ text: 'hi' }]);`;
    const { final, errors } = await runWith(`data:video/mp2t;base64,${btoa(ts)}`);
    expect(final.reason).to.equal('error');
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('data:video/mp2t;base64,…').and.contain('TypeScript source').and.contain('vite build').and.contain('docs-site/guide/testing.md');
    expect(errors[0]).to.not.contain(btoa(ts).slice(0, 40));
  });

  it('says source with bare imports was served unbuilt (a file copied as an asset)', async () => {
    const { final, errors } = await runWith(`data:text/javascript,${encodeURIComponent("import { scriptedModel } from 'pageloop/testing'; export const createModel = () => scriptedModel([]);")}`);
    expect(final.reason).to.equal('error');
    expect(errors[0]).to.contain('could not be imported').and.contain('served as source instead of built');
  });

  it('says a module without createModel() lost its exports (built as a script)', async () => {
    const { final, errors } = await runWith('data:text/javascript,console.log(1)');
    expect(final.reason).to.equal('error');
    expect(errors[0]).to.contain('does not export createModel() (it exports nothing: a bundler may have built it as a script');
  });
});
