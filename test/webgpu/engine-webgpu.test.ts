/**
 * The in-page engine in a browser that offers a WebGPU adapter: the test
 * runner's `webgpu` group (web-test-runner.config.js) starts Chromium with
 * SwiftShader, a CPU implementation of Vulkan, behind WebGPU. These tests
 * check correctness, never speed.
 *
 * SwiftShader's adapter has no `shader-f16`, which llama.cpp's WebGPU backend
 * requires: there the engine must say so and answer on the CPU. On an adapter
 * that has it (a real GPU), the same tests require every layer on the GPU and
 * the same replies as the CPU gives — so this file runs unchanged on a machine
 * with a GPU and then checks the GPU path itself.
 */
import { expect } from 'chai';
import type { EngineStatus } from '../../src/types.js';
import { engineReaches, eventsOf, record, useShopAgents } from '../model/engine/engine-helpers.js';

type Ready = Extract<EngineStatus, { state: 'ready' }>;
const shopAgent = useShopAgents();

interface Probe {
  architecture: string;
  usable: boolean;
}
/** What this browser's adapter is, seen from the page (the agent's worker sees the same). */
async function adapter(): Promise<Probe> {
  const gpu = (navigator as unknown as { gpu?: { requestAdapter(): Promise<{ features: Set<string>; info?: { architecture?: string } } | null> } }).gpu;
  const found = await gpu?.requestAdapter();
  expect(found, 'this group runs in a browser with a WebGPU adapter').to.not.equal(null);
  return { architecture: found?.info?.architecture ?? '', usable: !!found && found.features.has('shader-f16') && found.features.has('subgroups') };
}

/** The backend the status must report for this adapter. */
function expectBackend(ready: Ready, probe: Probe): void {
  if (probe.usable) {
    expect(ready.backend).to.equal('webgpu');
    expect(ready.gpuLayers).to.deep.equal({ offloaded: 7, total: 7 });
  } else {
    expect(ready.backend).to.equal('cpu');
    expect(ready.fallbackReason).to.match(/^The WebGPU adapter \(.*\) lacks shader-f16, which llama\.cpp's WebGPU backend needs\.$/);
  }
}

describe('in-page engine on a WebGPU adapter', function () {
  this.timeout(280000);

  it('reports the backend and streams the greeting', async () => {
    const probe = await adapter();
    if (probe.architecture === 'swiftshader') expect(probe.usable, "SwiftShader's adapter lacks shader-f16").to.equal(false);
    const a = await shopAgent([]);
    expectBackend((await engineReaches(a, (s) => s.state === 'ready')) as Ready, probe);
    const events = record(a);
    expect(await a.send('hello').done).to.deep.include({ reason: 'answer', text: 'Hello! How can I help you today?' });
    expect(eventsOf(events, 'text').length, 'streamed in several deltas').to.be.greaterThan(1);
  });

  it('calls get_inventory and answers with its result, as on the CPU', async () => {
    const probe = await adapter();
    const ran: Array<{ name: string; args: unknown }> = [];
    const a = await shopAgent(ran);
    expectBackend(a.engine.status() as Ready, probe);
    const final = await a.send('How many units of SKU A-1 are in stock?').done;
    expect(ran).to.deep.equal([{ name: 'get_inventory', args: { sku: 'A-1' } }]);
    expect(final).to.deep.include({ reason: 'answer', text: 'SKU A-1 has 7 units in stock.' });
  });
});
