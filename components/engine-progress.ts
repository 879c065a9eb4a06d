/**
 * What the element shows while its in-page engine gets ready: a progress bar
 * for the download (indeterminate when the server sends no length), "Loading
 * the model…" while llama.cpp reads it, and why it failed. Once the model is
 * ready, nothing, unless its download could not be cached (a full disk): then
 * a quiet note says the next load will download it again. Nothing at all for
 * an agent on an endpoint.
 * Text is bound through Lit, never HTML. Loaded with the engine's first
 * status (lazy-view.ts).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { EngineStatus } from '../src/types.js';

/** Its styles, adopted by the element when this module loads (lazy-view.ts). */
export { engineProgressStyles as styles } from './engine-progress.styles.js';

const MB = 1e6;

/** The engine's progress line, or nothing when there is nothing to say. */
export function renderEngineProgress(status: EngineStatus): TemplateResult | typeof nothing {
  switch (status.state) {
    case 'idle':
      return nothing;
    case 'ready':
      return status.cacheWarning
        ? html`<div part="engine-progress" class="status-line engine-progress" role="status">
            <span class="engine-label">The model is ready, but it was not kept for next time: ${status.cacheWarning}</span>
          </div>`
        : nothing;
    case 'downloading': {
      const { loaded, total } = status;
      const label = total
        ? `Downloading the model… ${Math.floor((loaded / total) * 100)}% (${(loaded / MB).toFixed(1)} of ${(total / MB).toFixed(1)} MB)`
        : `Downloading the model… ${(loaded / MB).toFixed(1)} MB`;
      return html`<div part="engine-progress" class="status-line engine-progress" role="status">
        <span class="engine-label">${label}</span>
        ${total ? html`<progress max=${total} .value=${loaded} aria-label="Model download"></progress>` : html`<progress aria-label="Model download"></progress>`}
      </div>`;
    }
    case 'loading':
      return html`<div part="engine-progress" class="status-line engine-progress" role="status">
        <span class="engine-label">${status.source === 'cache' ? 'Loading the model from the cache…' : 'Loading the model…'}</span>
        <progress aria-label="Loading the model"></progress>
      </div>`;
    case 'error':
      return html`<div part="engine-progress" class="status-line engine-progress failed" role="alert">
        <span class="engine-label">The model could not be loaded: ${status.message}</span>
      </div>`;
  }
}
