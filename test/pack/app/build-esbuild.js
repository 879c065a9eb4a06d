// esbuild: the scripted page and the model module as two entry points, bundled
// as ES modules with code they share split out (splitting), into dist/esbuild/.
// esbuild does not follow `new URL('./worker.js', import.meta.url)`, so
// pageloop's agent worker is an entry point too, named as the package names it.
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'esbuild/main.js', brain: 'brain.js', worker: 'node_modules/pageloop/dist/worker.js' },
  bundle: true,
  format: 'esm',
  splitting: true,
  outdir: 'dist/esbuild',
  logLevel: 'warning',
});
copyFileSync('esbuild/index.html', 'dist/esbuild/index.html');
