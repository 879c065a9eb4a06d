// The in-page engine's progress line: what each status shows, rendered alone.
import { expect } from 'chai';
import { render } from 'lit';
import { renderEngineProgress } from '../../components/engine-progress.js';
import type { EngineStatus } from '../../src/types.js';

function shown(status: EngineStatus): HTMLElement | null {
  const host = document.createElement('div');
  render(renderEngineProgress(status), host);
  return host.querySelector<HTMLElement>('[part~="engine-progress"]');
}

const ready: EngineStatus = { state: 'ready', source: 'network', model: 'tiny', threads: 1, contextSize: 4096, loadMs: 900, backend: 'cpu' };

describe('engine progress', () => {
  it('shows nothing for an endpoint or a model that is ready and cached', () => {
    expect(shown({ state: 'idle' })).to.equal(null);
    expect(shown(ready)).to.equal(null);
  });

  it('says quietly when a ready model could not be kept for next time (a full disk)', () => {
    const line = shown({ ...ready, cacheWarning: 'The disk is full (QuotaExceededError).' });
    expect(line?.textContent).to.match(/ready, but it was not kept for next time: The disk is full/);
    expect(line?.getAttribute('role')).to.equal('status');
  });

  it('shows the download with its share and the failure as an alert', () => {
    const bar = shown({ state: 'downloading', loaded: 5e6, total: 10e6 })?.querySelector('progress');
    expect(bar?.value).to.equal(5e6);
    const failed = shown({ state: 'error', code: 'model-file', message: 'Not a GGUF file.' });
    expect(failed?.getAttribute('role')).to.equal('alert');
    expect(failed?.textContent).to.contain('Not a GGUF file.');
  });
});
