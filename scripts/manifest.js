// @ts-check
/**
 * Writes `custom-elements.json`, the custom elements manifest of
 * `<agent-chat>`, from the class's JSDoc (@attr, @csspart, @cssproperty,
 * @fires, @prop). The build calls `writeManifest('dist')`; on its own:
 *
 *   node scripts/manifest.js [outDir]      (default: dist)
 *
 * It runs `cem analyze --config scripts/cem.config.js --outdir <outDir>`
 * (Lit-aware, components/**\/*.ts). The config turns off the analyzer's
 * habit of rewriting package.json, which a build must not do behind our back.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, relative, resolve } from 'node:path';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs the analyzer; the manifest lands in `outDir/custom-elements.json`.
 * @param {string} outDir relative to the current directory
 * @param {{ quiet?: boolean }} [options] quiet: without the analyzer's "Created new manifest" line
 */
export function writeManifest(outDir = 'dist', { quiet = false } = {}) {
  execFileSync(
    process.execPath,
    [
      resolve(root, 'node_modules/@custom-elements-manifest/analyzer/cem.js'),
      'analyze',
      '--config', resolve(root, 'scripts/cem.config.js'),
      // The analyzer joins --outdir to its working directory, so pass it relative to the root.
      '--outdir', relative(root, resolve(outDir)) || '.',
    ],
    { cwd: root, stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'] },
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) writeManifest(process.argv[2]);
