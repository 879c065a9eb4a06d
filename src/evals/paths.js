// @ts-check
/**
 * Where the eval finds its page script and the library it runs, in the two
 * layouts it runs from: the installed package (this code bundled into
 * `dist/evals.js` or `dist/pageloop-eval.js`, beside `dist/evals-page.js` and
 * `dist/cdn/`) and the repository's source (`src/evals/`, with the library
 * built by `npm run build` into `dist/cdn/`).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** @returns {{ pageScript: string, libraryDir: string }} */
export function evalPaths() {
  const packaged = fileURLToPath(new URL('./evals-page.js', import.meta.url));
  if (existsSync(packaged)) return { pageScript: packaged, libraryDir: fileURLToPath(new URL('./cdn/', import.meta.url)) };
  return { pageScript: fileURLToPath(new URL('./page/eval-page.js', import.meta.url)), libraryDir: fileURLToPath(new URL('../../dist/cdn/', import.meta.url)) };
}
