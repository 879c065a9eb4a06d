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
import type { I18n } from './i18n/index.js';
import { engineWords } from './engine-progress-words.js';

/** Its styles, adopted by the element when this module loads (lazy-view.ts). */
export { engineProgressStyles as styles } from './engine-progress.styles.js';

const MB = 1e6;

/** The engine's progress line in the element's language (English without `i18n`), or nothing when there is nothing to say. */
export function renderEngineProgress(status: EngineStatus, i18n?: I18n): TemplateResult | typeof nothing {
  const w = i18n ? i18n.words(engineWords) : engineWords;
  const mb = (bytes: number): string => i18n?.format?.decimal(bytes / MB, 1) ?? (bytes / MB).toFixed(1);
  switch (status.state) {
    case 'idle':
      return nothing;
    case 'ready':
      return status.cacheWarning
        ? html`<div part="engine-progress" class="status-line engine-progress" role="status">
            <span class="engine-label">${w.engineReadyNotKept(status.cacheWarning)}</span>
          </div>`
        : nothing;
    case 'downloading': {
      const { loaded, total } = status;
      const share = total ? Math.floor((loaded / total) * 100) / 100 : 0;
      const label = total
        ? w.engineDownloading(i18n?.format?.percent(share) ?? `${Math.round(share * 100)}%`, mb(loaded), mb(total))
        : w.engineDownloadingSize(mb(loaded));
      return html`<div part="engine-progress" class="status-line engine-progress" role="status">
        <span class="engine-label">${label}</span>
        ${total ? html`<progress max=${total} .value=${loaded} aria-label=${w.engineDownload}></progress>` : html`<progress aria-label=${w.engineDownload}></progress>`}
      </div>`;
    }
    case 'loading':
      return html`<div part="engine-progress" class="status-line engine-progress" role="status">
        <span class="engine-label">${status.source === 'cache' ? w.engineLoadingCache : w.engineLoading}</span>
        <progress aria-label=${w.engineLoading}></progress>
      </div>`;
    case 'error':
      return html`<div part="engine-progress" class="status-line engine-progress failed" role="alert">
        <span class="engine-label">${w.engineFailed(status.message)}</span>
      </div>`;
  }
}
