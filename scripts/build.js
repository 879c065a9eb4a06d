// Builds the library (dist/, dependencies external, types beside it) and the
// standalone bundle (dist/cdn/, every dependency inside, worker as a sibling
// file), then the custom-elements manifest.
import { build } from 'esbuild';
import { buildCdn, common, present, workers } from './bundle.js';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { writeManifest } from './manifest.js';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
rmSync('dist', { recursive: true, force: true });

// The library: for bundlers, so dependencies stay external and shared code is split.
await build({
  ...common,
  // `react`: the React helpers, an entry of their own (React is the app's, a peer dependency, never bundled).
  entryPoints: present({ index: 'src/index.ts', testing: 'src/testing/index.ts', 'agent-chat': 'components/define.ts', 'agent-trace': 'components/trace/agent-trace-define.ts', react: 'src/react/index.ts', ...workers() }),
  outdir: 'dist',
  splitting: true,
  chunkNames: '[name]-[hash]',
  packages: 'external',
  sourcemap: true,
});
copyIfPresent('src/testing/mock-middleware.js', 'dist/testing-middleware.js');
// The MCP sign-in's redirect page (src/page/mcp-auth/): served by the app, same origin as its page.
copyIfPresent('src/page/mcp-auth/mcp-oauth-redirect.html', 'dist/mcp-oauth-redirect.html');
copyIfPresent('src/page/mcp-auth/mcp-oauth-redirect.js', 'dist/mcp-oauth-redirect.js');
// The MCP Apps sandbox proxy (src/page/mcp-apps/): the outer frame of an app in a tool card, served by the app.
copyIfPresent('src/page/mcp-apps/mcp-app-sandbox.html', 'dist/mcp-app-sandbox.html');
copyIfPresent('src/page/mcp-apps/mcp-app-sandbox.js', 'dist/mcp-app-sandbox.js');
// The middleware's server families, beside it under the name its import uses.
copyIfPresent('src/testing/mock-families.js', 'dist/mock-families.js');
// The middleware's image rules, beside it (it imports './mock-vision.js').
copyIfPresent('src/testing/mock-vision.js', 'dist/mock-vision.js');
writeFileSync(
  'dist/testing-middleware.d.ts',
  `/** The scripted OpenAI-compatible mock, as a Koa middleware for @web/dev-server and @web/test-runner. */
export declare function mockOpenAI(options?: { prefix?: string }): (ctx: unknown, next: () => Promise<unknown>) => Promise<unknown>;
/** The deterministic bag-of-words embedding the mock's /embeddings answers with. */
export declare function hashEmbedding(text: string, dims: number): number[];
`,
);

// The standalone bundle for <script type="module">.
await buildCdn('dist/cdn');

// Types beside the library.
execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
for (const name of ['index', 'testing', 'agent-chat', 'agent-trace', 'react']) {
  const from = { index: 'src/index', testing: 'src/testing/index', 'agent-chat': 'components/define', 'agent-trace': 'components/trace/agent-trace-define', react: 'src/react/index' }[name];
  if (existsSync(`dist/types/${from}.d.ts`)) writeFileSync(`dist/${name}.d.ts`, `export * from './types/${from}.js';\n`);
}

// The custom-elements manifest, from the element's JSDoc (package.json's `customElements` points at it).
writeManifest('dist');
console.log('built dist/ and dist/cdn/');

function copyIfPresent(from, to) {
  if (!existsSync(from)) return;
  mkdirSync('dist', { recursive: true });
  writeFileSync(to, readFileSync(from));
}
