// @ts-check
/**
 * The install path, tested as a user meets it (CI runs this: `npm run test:pack`):
 *
 * 1. `npm pack` — its `prepack` script builds dist/, so the tarball is complete;
 * 2. a fresh Vite app (the files in test/pack/app/, copied to a scratch folder)
 *    installs that tarball, `zod`, and the tools its recipes use — Vite,
 *    webpack, esbuild, Vitest with its Playwright provider, Playwright Test —
 *    from the npm registry (npm's cache first; the versions this repository's
 *    lockfile pins), as any app would;
 * 3. `vite build` bundles it (and again without its engine page, as an app
 *    that never uses the in-page engine: that build must emit no .wasm and no
 *    engine worker, the full one both; the emitted bytes are printed),
 *    and webpack and esbuild build the scripted
 *    model's page (a `modelModule`, each in the form that bundler keeps as a
 *    module file) beside it;
 * 4. the built pages run in headless Chromium, served with the mock endpoint:
 *    the element quick start and the library quick start must each get the
 *    mock's answer after a tool call (the agent's worker loaded), the element
 *    page must show that run's trace in `<agent-trace>` (its own entry), the in-page
 *    engine must load llama.cpp's wasm from the bundle and answer with the
 *    repository's tiny model, the scripted model module must run in each of
 *    the three production builds, and no page may log an error;
 * 5. the element in each framework, from the packed package
 *    (test/pack/frameworks/): a Vue app type-checked by vue-tsc and built by
 *    Vite with @vitejs/plugin-vue, a Svelte app checked by svelte-check and
 *    built with @sveltejs/vite-plugin-svelte (and a wrong attribute that
 *    svelte-check must refuse), and Solid, Preact, Angular and plain JSX
 *    type-checked by tsc, each with a wrong value that must be an error;
 * 6. the testing recipes run as the app's own tests: Vitest's browser mode
 *    (tests/agent.test.js: a tool, then the loop against the mock the app's
 *    Vite server serves) and Playwright Test (e2e/chat.spec.js: <agent-chat>
 *    in the production build, approving and denying a call, against
 *    pageloop's mock server), both on the system Chromium (CHROME_PATH).
 *
 * Prints how long each stage took. Exits non-zero on the first failure.
 *   node test/pack/pack-install.js [--keep] [--tarball=PATH]
 * (--keep leaves the scratch folder; --tarball tests a tarball already packed)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, createReadStream, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { startDevServer } from '@web/dev-server';
import { chromium } from 'playwright-core';
import { mockOpenAI } from '../../src/testing/mock-middleware.js';
import { freePort } from '../../scripts/lib/run-llama-server.js';

const root = resolve(new URL('../..', import.meta.url).pathname);
const scratch = mkdtempSync(join(tmpdir(), 'pageloop-pack-'));
const keep = process.argv.includes('--keep');
const MODEL = resolve(root, 'test/fixtures/models/tiny-toolcaller-q8_0.gguf');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * What the app installs beside the tarball, at the versions this repository's lockfile pins (so npm's cache has them):
 * the recipes' tools, then the frameworks' (test/pack/frameworks/).
 */
const APP_TOOLS = [
  ...['vite', 'webpack', 'esbuild', 'vitest', '@vitest/browser-playwright', 'playwright', '@playwright/test'],
  ...['typescript', 'vue', '@vitejs/plugin-vue', 'vue-tsc', 'svelte', '@sveltejs/vite-plugin-svelte', 'svelte-check', 'solid-js', 'preact', '@angular/core'],
].map(
  (name) => `${name}@${JSON.parse(readFileSync(resolve(root, 'node_modules', name, 'package.json'), 'utf8')).version}`,
);

/** @type {Array<[string, number]>} */
const timings = [];
/** Runs `step`, noting its time. @template T @param {string} name @param {() => T | Promise<T>} step */
async function stage(name, step) {
  const started = performance.now();
  const value = await step();
  timings.push([name, (performance.now() - started) / 1000]);
  console.log(`pack test: ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return value;
}

/** @param {string} cmd @param {string[]} args @param {string} cwd */
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

let failed = false;
try {
  const given = process.argv.find((a) => a.startsWith('--tarball='))?.slice('--tarball='.length);
  const tarball = given ? resolve(given) : await stage('npm pack (prepack builds dist/)', () => {
    const out = run('npm', ['pack', '--json', '--pack-destination', scratch], root);
    // The prepack build prints to the same stdout; npm's JSON starts at a line of its own.
    const [{ filename, files }] = JSON.parse(out.slice(out.search(/^\[$/m)));
    // Everything package.json's exports name must be in the tarball.
    const packed = new Set(files.map((/** @type {{ path: string }} */ f) => f.path));
    const pkg = JSON.parse(run('node', ['-p', 'JSON.stringify(require("./package.json"))'], root));
    const named = Object.values(pkg.exports).flatMap((/** @type {Record<string, string>} */ e) => Object.values(e)).concat(pkg.customElements);
    const missing = named.map((p) => p.replace(/^\.\//, '')).filter((p) => !packed.has(p));
    if (missing.length > 0) throw new Error(`the tarball lacks files package.json names: ${missing.join(', ')}`);
    return join(scratch, filename);
  });

  const app = join(scratch, 'app');
  await stage('install the tarball, zod and the recipes\' tools into a fresh Vite app', () => {
    cpSync(resolve(root, 'test/pack/app'), app, { recursive: true });
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'pageloop-pack-test-app', private: true, type: 'module' }, null, 2));
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball, 'zod@4', ...APP_TOOLS], app);
  });

  await stage('vite build', () => run(process.execPath, [join(app, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], app));
  await stage('vite build of the app without its engine page', () => run(process.execPath, [join(app, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.plain.config.js', '--logLevel', 'warn'], app));
  await stage("the engine's files only in the build that imports pageloop/engine", () => {
    const plain = emitted(join(app, 'dist-plain'));
    const full = emitted(join(app, 'dist'));
    const engine = (/** @type {Emitted[]} */ files) => files.filter((f) => f.name.endsWith('.wasm') || f.engine);
    expect(engine(plain).length === 0, `the app that never uses the engine emitted its files: ${engine(plain).map((f) => `${f.name} (${f.bytes} B)`).join(', ')}`);
    expect(full.some((f) => f.name.endsWith('.wasm')), `the app that uses the engine emitted no .wasm: ${full.map((f) => f.name).join(', ')}`);
    expect(full.some((f) => f.engine && /engine-worker/.test(f.name)), `the app that uses the engine emitted no engine worker: ${full.map((f) => f.name).join(', ')}`);
    const sum = (/** @type {Emitted[]} */ files) => files.reduce((n, f) => n + f.bytes, 0);
    console.log(`pack test: emitted bytes: without the engine ${sum(plain)} in ${plain.length} files (largest: ${[...plain].sort((a, b) => b.bytes - a.bytes).slice(0, 3).map((f) => `${f.name} ${f.bytes}`).join(', ')}); with it ${sum(full)} in ${full.length} files, of which the engine's ${sum(engine(full))} (${engine(full).map((f) => `${f.name} ${f.bytes}`).join(', ')})`);
  });
  await stage('webpack build (production) of the scripted page', () => run(process.execPath, ['build-webpack.js'], app));
  await stage('esbuild build of the scripted page', () => run(process.execPath, ['build-esbuild.js'], app));

  await stage('run the quick starts and the engine in Chromium', async () => {
    const server = await startDevServer({
      config: {
        rootDir: join(app, 'dist'),
        port: 0,
        middleware: [mockOpenAI(), serveModel],
      },
      readCliArgs: false,
      readFileConfig: false,
      logStartMessage: false,
    });
    const port = /** @type {import('node:net').AddressInfo} */ (server.server?.address()).port;
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      await check(browser, `http://localhost:${port}/index.html`, 'element', (r) => {
        expect(r.final?.reason === 'answer' && r.final.text === 'ACME has one pending order, 1004.', `the element's run ended ${JSON.stringify(r.final)}`);
        expect(JSON.stringify(r.toolResult?.result) === JSON.stringify([{ id: '1004', customer: 'ACME', status: 'pending' }]), `find_orders returned ${JSON.stringify(r.toolResult)}`);
        expect(JSON.stringify(r.trace) === JSON.stringify(['Run', 'Model request 1', 'Tool find_orders', 'Model request 2']), `<agent-trace> showed ${JSON.stringify(r.trace)}`);
      });
      await check(browser, `http://localhost:${port}/library.html`, 'library', (r) => {
        expect(r.final?.reason === 'answer' && r.final.text === 'Order 1004 is cancelled.', `the library's run ended ${JSON.stringify(r.final)}`);
        expect(JSON.stringify(r.final.cancelled) === '["1004"]', `cancel_order ran for ${JSON.stringify(r.final.cancelled)}`);
        expect(r.final.shown === 'Order 1004 is cancelled.', `the page showed "${r.final.shown}"`);
      });
      await check(browser, `http://localhost:${port}/engine.html`, 'engine', (r) => {
        expect(r.final?.engine?.state === 'ready', `the engine ended ${JSON.stringify(r.final?.engine)}`);
        expect(r.final?.reason === 'answer' && r.final.text.trim().length > 0, `the engine's run ended ${JSON.stringify(r.final)}`);
      });
      // The scripted model module in each bundler's production build: it ran in the worker, called the page's tool, answered.
      for (const [name, path] of [['vite', '/scripted.html'], ['webpack', '/webpack/index.html'], ['esbuild', '/esbuild/index.html']]) {
        await check(browser, `http://localhost:${port}${path}`, `scripted model (${name})`, (r) => {
          expect(!String(r.modelModule).startsWith('data:'), `${name} handed the worker a data: URL: ${String(r.modelModule).slice(0, 60)}`);
          expect(r.final?.reason === 'answer' && r.final.text === 'ACME has one pending order (scripted by brain).', `${name}: the run ended ${JSON.stringify(r.final)} (${r.error ?? 'no error event'}; module ${r.modelModule})`);
          expect(JSON.stringify(r.toolResult) === JSON.stringify([{ id: '1004', customer: 'ACME', status: 'pending' }]), `${name}: find_orders returned ${JSON.stringify(r.toolResult)}`);
        });
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  });
  await stage('the element in Vue, Svelte, Solid, Preact, Angular and plain JSX (type checks, Vue and Svelte builds)', () => checkFrameworks(app));
  const env = { ...process.env, CHROME_PATH: CHROME, NO_COLOR: '1', FORCE_COLOR: '0' };
  await stage("Vitest's browser mode recipe (tests/agent.test.js)", () => {
    const out = runTool(['node_modules/vitest/vitest.mjs', 'run'], app, env);
    expect(/Tests\s+5 passed \(5\)/.test(out), `vitest did not pass its 5 tests:\n${out}`);
  });
  await stage('Playwright Test recipe (e2e/chat.spec.js)', async () => {
    const out = runTool(['node_modules/@playwright/test/cli.js', 'test', '--reporter=line'], app, { ...env, PREVIEW_PORT: String(await freePort()) });
    expect(/\b2 passed\b/.test(out), `playwright test did not pass its 2 tests:\n${out}`);
  });
} catch (err) {
  failed = true;
  console.error(`pack test FAILED: ${err instanceof Error ? err.message : err}`);
} finally {
  const total = timings.reduce((sum, [, s]) => sum + s, 0);
  console.log(`pack test: ${failed ? 'failed' : 'passed'} in ${total.toFixed(1)} s (${timings.map(([n, s]) => `${n.split(' ')[0]} ${s.toFixed(1)}`).join(', ')})`);
  if (keep) console.log(`pack test: scratch folder kept: ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

/**
 * Runs a test runner of the app (a Node script of its node_modules); returns what it printed, or throws with it.
 * @param {string[]} args @param {string} cwd @param {NodeJS.ProcessEnv} env
 */
function runTool(args, cwd, env) {
  const result = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', timeout: 300_000 });
  const out = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) throw new Error(`${args[0]} exited ${result.status ?? result.signal}:\n${out}`);
  return out;
}

/**
 * The framework apps and type files (test/pack/frameworks/), copied into the app so they resolve
 * `pageloop` from its node_modules (the tarball): each checker must pass on the right uses and
 * refuse the wrong ones (marked `@ts-expect-error` / `@vue-expect-error`, which fail the check
 * when they are not errors; svelte-check has no such mark, so its wrong file is checked apart).
 * @param {string} app
 */
function checkFrameworks(app) {
  const dir = join(app, 'frameworks');
  cpSync(resolve(root, 'test/pack/frameworks'), dir, { recursive: true });
  const bin = (/** @type {string} */ path) => join(app, 'node_modules', path);
  const tool = (/** @type {string} */ what, /** @type {string[]} */ args, /** @type {string} */ cwd) => {
    const started = performance.now();
    const out = runTool(args, cwd, process.env);
    console.log(`pack test: ${what} ok (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return out;
  };
  tool('vue-tsc (Vue templates)', [bin('vue-tsc/bin/vue-tsc.js'), '--noEmit', '-p', 'tsconfig.json'], join(dir, 'vue'));
  tool('vite build (Vue)', [bin('vite/bin/vite.js'), 'build'], join(dir, 'vue'));
  tool('svelte-check (Svelte markup)', [bin('svelte-check/bin/svelte-check'), '--tsconfig', './tsconfig.json', '--fail-on-warnings'], join(dir, 'svelte'));
  tool('vite build (Svelte)', [bin('vite/bin/vite.js'), 'build'], join(dir, 'svelte'));
  const wrong = spawnSync(process.execPath, [bin('svelte-check/bin/svelte-check'), '--tsconfig', './tsconfig.json', '--output', 'machine'], { cwd: join(dir, 'svelte-wrong'), encoding: 'utf8' });
  const errors = wrong.stdout.split('\n').filter((line) => / ERROR /.test(line));
  expect(wrong.status !== 0 && errors.length === 1 && /blue.*not assignable/.test(errors[0] ?? ''), `svelte-check did not refuse theme="blue" alone (exit ${wrong.status}):\n${wrong.stdout}${wrong.stderr}`);
  tool('tsc (Solid, Preact, Angular)', [bin('typescript/bin/tsc'), '-p', 'tsconfig.json'], join(dir, 'types'));
  tool('tsc (plain JSX)', [bin('typescript/bin/tsc'), '-p', 'tsconfig.jsx.json'], join(dir, 'types'));
  for (const [name, built] of /** @type {Array<[string, string]>} */ ([['Vue', 'vue/dist'], ['Svelte', 'svelte/dist']])) {
    const js = readdirSync(join(dir, built, 'assets')).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(dir, built, 'assets', f), 'utf8')).join('\n');
    expect(js.includes('agent-chat'), `the ${name} build does not hold the element`);
  }
}

/** @typedef {{ name: string, bytes: number, engine: boolean }} Emitted */

/**
 * Every file a build emitted (names relative to its folder), and whether it is
 * the engine's code (wllama's, which names its wasm `wllama.wasm` and calls
 * its `wllama_start`; the plain worker only names wllama in a sentence).
 * @param {string} dir @returns {Emitted[]}
 */
function emitted(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const text = /\.(js|mjs)$/.test(entry.name) ? readFileSync(path, 'utf8') : '';
      return { name: relative(dir, path), bytes: statSync(path).size, engine: text.includes('wllama.wasm') || text.includes('wllama_start') };
    });
}

/** @param {boolean} ok @param {string} message */
function expect(ok, message) {
  if (!ok) throw new Error(message);
}

/**
 * Opens `url`, waits (up to 60 s) for its `window.__report.final`, then runs
 * `verify` on the report; any page error or console error fails the check.
 * @param {import('playwright-core').Browser} browser @param {string} url @param {string} name
 * @param {(report: any) => void} verify
 */
async function check(browser, url, name, verify) {
  const page = await browser.newPage();
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console error: ${msg.text()} (${msg.location().url})`);
  });
  try {
    await page.goto(url);
    await page.waitForFunction(() => /** @type {any} */ (globalThis).__report?.final !== undefined, undefined, { timeout: 60_000 }).catch(() => {});
    const report = await page.evaluate(() => /** @type {any} */ (globalThis).__report);
    if (errors.length > 0) throw new Error(`${name}: ${errors.join('; ')}`);
    if (!report?.final) throw new Error(`${name}: no final event within 60 s (report: ${JSON.stringify(report)})`);
    verify(report);
    console.log(`pack test: ${name} ok (${report.events.filter((/** @type {string} */ e, /** @type {number} */ i, /** @type {string[]} */ all) => e !== all[i - 1]).join(' → ')})`);
  } finally {
    await page.close();
  }
}

/**
 * Serves the repository's tiny test model at /models/ (not part of the app's build).
 * @param {any} ctx @param {() => Promise<unknown>} next
 */
async function serveModel(ctx, next) {
  if (ctx.path !== '/models/tiny-toolcaller-q8_0.gguf') return next();
  ctx.type = 'application/octet-stream';
  ctx.length = statSync(MODEL).size;
  ctx.body = createReadStream(MODEL);
}

