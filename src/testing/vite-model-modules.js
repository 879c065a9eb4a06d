// @ts-check
/**
 * Makes a `modelModule` survive `vite build`: `import brain from
 * './brain.ts?model-module'` gives the URL of that file built as an ES module
 * of its own (its imports bundled, its exports kept), in dev and in the
 * production build alike.
 *
 * Why: `new URL('./brain.ts', import.meta.url)` works in `vite` (dev serves
 * the file transformed) but `vite build` treats it as an asset — inlined as
 * a `data:video/mp2t` URL of raw TypeScript, or copied unbuilt — and Vite's
 * `?worker&url` builds it as a worker script, whose exports are dropped. A
 * chunk emitted with `preserveSignature: 'strict'` is the form Rollup and
 * Rolldown keep as a module file.
 *
 * @example
 * // vite.config.js
 * import { modelModules } from 'pageloop/testing/vite';
 * export default { plugins: [modelModules()] };
 * // app code
 * import brain from './brain.ts?model-module';
 * createAgent({ modelModule: brain, model: 'scripted' });
 */
import { relative, isAbsolute } from 'node:path';

const SUFFIX = '?model-module';
const PREFIX = '\0pageloop-model-module:';

/** @returns {import('vite').Plugin} */
export function modelModules() {
  /** @type {import('vite').ResolvedConfig | undefined} */
  let config;
  return {
    name: 'pageloop-model-modules',
    // Before Vite's own resolver, which would read the suffix as a query of a plain import.
    enforce: 'pre',
    configResolved(resolved) {
      config = resolved;
    },
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const target = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      if (!target) return this.error(`pageloop model module: cannot resolve "${source.slice(0, -SUFFIX.length)}" from ${importer}`);
      return PREFIX + target.id;
    },
    load(id) {
      if (!id.startsWith(PREFIX) || !config) return null;
      const file = id.slice(PREFIX.length);
      if (config.command === 'build') {
        const ref = this.emitFile({ type: 'chunk', id: file, preserveSignature: 'strict' });
        return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
      }
      // Dev: the file as the dev server serves it, transformed on request (a file outside the root by /@fs/).
      const inRoot = relative(config.root, file);
      const path = inRoot.startsWith('..') || isAbsolute(inRoot) ? `@fs${file.startsWith('/') ? '' : '/'}${file}` : inRoot.split('\\').join('/');
      return `export default ${JSON.stringify(config.base.replace(/\/?$/, '/') + path)};`;
    },
  };
}
