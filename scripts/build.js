// Builds the library (dist/, dependencies external, types beside it) and the
// standalone bundle (dist/cdn/, every dependency inside, worker as a sibling
// file), then the custom-elements manifest.
import { build } from 'esbuild';
import { buildCdn, common, present, workers } from './bundle.js';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { writeManifest } from './manifest.js';
import { dirname } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
rmSync('dist', { recursive: true, force: true });

// The library: for bundlers, so dependencies stay external and shared code is split.
await build({
  ...common,
  // `react`: the React helpers, an entry of their own (React is the app's, a peer dependency, never bundled);
  // `ag-ui`: toAgUiAgent, with the official AG-UI client it extends, for an app that imports it;
  // `engine`: the agent worker that holds the in-page engine, for an app that imports it (else its bundler emits none of it).
  entryPoints: present({ index: 'src/index.ts', engine: 'src/engine/index.ts', testing: 'src/testing/index.ts', 'agent-chat': 'components/define.ts', 'agent-trace': 'components/trace/agent-trace-define.ts', react: 'frameworks/react/index.ts', 'ag-ui': 'src/ag-ui/index.ts', 'engine-worker': 'src/worker/engine-worker.ts', ...workers() }),
  outdir: 'dist',
  splitting: true,
  chunkNames: '[name]-[hash]',
  packages: 'external',
  sourcemap: true,
});
// The MCP sign-in's redirect page (src/page/mcp-auth/): served by the app, same origin as its page.
copyIfPresent('src/page/mcp-auth/mcp-oauth-redirect.html', 'dist/mcp-oauth-redirect.html');
copyIfPresent('src/page/mcp-auth/mcp-oauth-redirect.js', 'dist/mcp-oauth-redirect.js');
// The MCP Apps sandbox proxy (src/page/mcp-apps/): the outer frame of an app in a tool card, served by the app.
copyIfPresent('src/page/mcp-apps/mcp-app-sandbox.html', 'dist/mcp-app-sandbox.html');
copyIfPresent('src/page/mcp-apps/mcp-app-sandbox.js', 'dist/mcp-app-sandbox.js');
// The theme presets (components/themes/): stylesheets a page links; nothing of them is in a bundle.
copyIfPresent('components/themes/compact.css', 'dist/themes/compact.css');
copyIfPresent('components/themes/soft.css', 'dist/themes/soft.css');

// The Node side: the testing kit's mock (middleware, server, Vite plugins) and the evals, with the two
// commands. Each entry is whole (no shared chunks) and sits in dist/ itself, where the evals find their
// page (dist/evals-page.js) and the standalone bundle they run (dist/cdn/) by their own URL.
const nodeBuild = { bundle: true, platform: 'node', format: 'esm', target: 'node20', outdir: 'dist', packages: 'external', logLevel: 'warning', legalComments: 'none' };
await build({ ...nodeBuild, entryPoints: present({ 'testing-middleware': 'src/testing/mock-middleware.js', 'testing-node': 'src/testing/node.js', 'testing-vite': 'src/testing/vite.js', evals: 'src/evals/index.js' }) });
await build({ ...nodeBuild, entryPoints: present({ 'pageloop-mock': 'src/testing/mock-bin.js', 'pageloop-eval': 'src/evals/bin.js' }), banner: { js: '#!/usr/bin/env node' } });
// The eval's page script runs in Chromium as it is (plain JavaScript, types in comments).
copyIfPresent('src/evals/page/eval-page.js', 'dist/evals-page.js');

// The standalone bundle for <script type="module">.
await buildCdn('dist/cdn');

// Types beside the library. Emitted without checking (`noCheck` in both configs): `npm run typecheck`
// checks the same sources, and checking again here took two minutes of CI's time.
execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
// And beside the Node side, from its JSDoc (tsconfig.node-build.json).
execFileSync('npx', ['tsc', '-p', 'tsconfig.node-build.json'], { stdio: 'inherit' });
const typed = {
  index: 'src/index',
  testing: 'src/testing/index',
  'agent-chat': 'components/define',
  'agent-trace': 'components/trace/agent-trace-define',
  react: 'frameworks/react/index',
  'ag-ui': 'src/ag-ui/index',
  engine: 'src/engine/index',
  // Types only: the element in Vue's, Svelte's, Solid's and Preact's templates, plain JSX, Angular (`import type {} from 'pageloop/vue'`).
  vue: 'frameworks/vue',
  svelte: 'frameworks/svelte',
  solid: 'frameworks/solid',
  preact: 'frameworks/preact',
  jsx: 'frameworks/jsx',
  angular: 'frameworks/angular',
  'testing-middleware': 'src/testing/mock-middleware',
  'testing-node': 'src/testing/node',
  'testing-vite': 'src/testing/vite',
  evals: 'src/evals/index',
};
for (const [name, from] of Object.entries(typed)) {
  if (existsSync(`dist/types/${from}.d.ts`)) writeFileSync(`dist/${name}.d.ts`, `export * from './types/${from}.js';\n`);
}

// The custom-elements manifest, from the element's JSDoc (package.json's `customElements` points at it).
writeManifest('dist');
console.log('built dist/ and dist/cdn/');

function copyIfPresent(from, to) {
  if (!existsSync(from)) return;
  mkdirSync(dirname(to), { recursive: true });
  writeFileSync(to, readFileSync(from));
}
