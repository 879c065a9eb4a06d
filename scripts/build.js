// Builds the library (dist/, dependencies external, types beside it) and the
// standalone bundle (dist/cdn/, every dependency inside, worker as a sibling
// file), then the custom-elements manifest.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename } from 'node:path';
import { writeManifest } from '../components/manifest.js';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
rmSync('dist', { recursive: true, force: true });

/** Entries that exist yet (the element and memory arrive in their own steps). */
const present = (entries) => Object.fromEntries(Object.entries(entries).filter(([, path]) => existsSync(path)));

/**
 * Source refers to workers as `new URL('./x-worker.ts', import.meta.url)` (what
 * Vite and the dev server understand); in dist every worker is a sibling `x-worker.js`.
 */
const workerUrls = {
  name: 'worker-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const contents = source.replace(/new URL\((['"])([^'"]+)\.ts\1,\s*import\.meta\.url\)/g, (_m, q, path) => `new URL(${q}./${basename(path)}.js${q}, import.meta.url)`);
      return { contents, loader: 'ts' };
    });
  },
};

const common = { bundle: true, format: 'esm', target: 'es2022', platform: 'browser', plugins: [workerUrls], logLevel: 'warning', legalComments: 'none' };

const workers = present({ worker: 'src/worker/worker.ts', 'memory-worker': 'src/memory/memory-worker.ts' });

// The library: for bundlers, so dependencies stay external and shared code is split.
await build({
  ...common,
  entryPoints: present({ index: 'src/index.ts', testing: 'src/testing/index.ts', 'agent-chat': 'components/define.ts', ...workers }),
  outdir: 'dist',
  splitting: true,
  chunkNames: '[name]-[hash]',
  packages: 'external',
  sourcemap: true,
});
copyIfPresent('src/testing/mock-middleware.js', 'dist/testing-middleware.js');
writeFileSync(
  'dist/testing-middleware.d.ts',
  `/** The scripted OpenAI-compatible mock, as a Koa middleware for @web/dev-server and @web/test-runner. */
export declare function mockOpenAI(options?: { prefix?: string }): (ctx: unknown, next: () => Promise<unknown>) => Promise<unknown>;
/** The deterministic bag-of-words embedding the mock's /embeddings answers with. */
export declare function hashEmbedding(text: string, dims: number): number[];
`,
);

// The standalone bundle for <script type="module">: every dependency inside, the workers beside it.
// One build, so code the page and the workers share (comlink, the schema validator) is served once.
const cdnEntry = existsSync('components/cdn.ts') ? 'components/cdn.ts' : 'src/index.ts';
await build({
  ...common,
  entryPoints: { 'agent-chat': cdnEntry, ...workers },
  outdir: 'dist/cdn',
  minify: true,
  sourcemap: 'linked',
  splitting: true,
  chunkNames: '[name]-[hash]',
});

// Types beside the library.
execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
for (const name of ['index', 'testing', 'agent-chat']) {
  const from = { index: 'src/index', testing: 'src/testing/index', 'agent-chat': 'components/define' }[name];
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
