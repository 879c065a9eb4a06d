// @ts-check
/**
 * `npm run bench [-- --quick] [--only=loop,render,first-reply] [--no-build]`: builds dist/ if it is
 * missing or older than the sources, serves the repository, runs every bench
 * suite in headless Chromium (a fresh page each), prints the table and writes
 * bench/results.json. Figures never fail the run; a suite that crashes does
 * (exit code 1), so the benchmarks cannot rot unnoticed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startBenchServer } from './lib/server.js';
import { formatTable } from './lib/figures.js';
import { measureBundles } from './lib/bundle-size.js';
import { measureNativeLlama } from './lib/native-llama.js';
import { browserTreeCpuMs } from './lib/proc-cpu.js';
import { measureFirstReply } from './lib/first-reply.js';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const noBuild = args.includes('--no-build');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');

/**
 * The browser suites: the module a bench page imports, the function it calls,
 * and its options in full and quick mode.
 * @type {{ name: string, module: string, run: string, options: unknown }[]}
 */
const SUITES = [
  { name: 'loop', module: '/bench/loop-bench.ts', run: 'runLoopBench', options: quick ? { calls: 100, warmup: 20, rounds: 2, threadCalls: 30, ratioPairs: 2 } : { calls: 1000, warmup: 200, rounds: 5, threadCalls: 200, ratioPairs: 4 } },
  { name: 'cancel', module: '/bench/cancel-bench.ts', run: 'runCancelBench', options: quick ? { runs: 5 } : { runs: 30 } },
  { name: 'render', module: '/bench/render-bench.ts', run: 'runRenderBench', options: quick ? { small: 500, large: 2000, naive: true, runs: 2 } : { small: 5000, large: 20000, naive: true, runs: 3 } },
  { name: 'longtasks', module: '/bench/longtask-bench.ts', run: 'runLongTaskBench', options: quick ? { tokens: 2000, vectors: 10000 } : { tokens: 20000, vectors: 100000 } },
  { name: 'memory', module: '/bench/memory-bench.ts', run: 'runMemoryBench', options: { quick } },
  { name: 'context', module: '/bench/context-bench.ts', run: 'runContextBench', options: quick ? { runs: 5 } : { runs: 30 } },
  { name: 'thread', module: '/bench/thread-bench.ts', run: 'runThreadBench', options: quick ? { loads: 3, tokens: 2000 } : { loads: 9, tokens: 20000 } },
  { name: 'startup', module: '/bench/startup-bench.ts', run: 'runStartupBench', options: quick ? { loads: 3 } : { loads: 9 } },
  { name: 'log', module: '/bench/long-log-bench.ts', run: 'runLongLogBench', options: quick ? { calls: 3000, runs: 2 } : { calls: 30000, runs: 3 } },
  { name: 'dom', module: '/bench/dom-bench.ts', run: 'runDomBench', options: quick ? { runs: 3 } : { runs: 15 } },
  { name: 'preview', module: '/bench/preview-bench.ts', run: 'runPreviewBench', options: quick ? { runs: 3 } : { runs: 15 } },
  { name: 'agui', module: '/bench/agui-bench.ts', run: 'runAgUiBench', options: quick ? { runs: 5, tokens: 2000 } : { runs: 25, tokens: 20000 } },
  { name: 'a2ui', module: '/bench/a2ui-bench.ts', run: 'runA2uiBench', options: quick ? { runs: 3 } : { runs: 15 } },
  { name: 'engine', module: '/bench/engine-bench.ts', run: 'runEngineBench', options: quick ? { maxTokens: 48, idleMs: 3000 } : { maxTokens: 600 } },
];

function findChromium() {
  for (const path of [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) {
    if (path && existsSync(path)) return path;
  }
  throw new Error('No Chromium found: install one (Debian: apt-get install -y chromium) or set CHROME_PATH.');
}

/** The newest modification time under `dir` (recursively), in ms. @param {string} dir */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function ensureBuilt() {
  const entry = join(root, 'dist/cdn/agent-chat.js');
  const stale = !existsSync(entry) || statSync(entry).mtimeMs < Math.max(newest(join(root, 'src')), newest(join(root, 'components')));
  if (!stale) return;
  console.log('dist/ is missing or older than the sources: npm run build');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

async function main() {
  const started = performance.now();
  if (!noBuild) ensureBuilt();
  /** @type {Record<string, number>} */
  const results = {};
  const failures = [];
  /** @type {Record<string, string>} */
  const strings = {};
  if (!only || only.includes('bundle')) Object.assign(results, await measureBundles(root, { explain: !quick }));

  const server = await startBenchServer(root);
  // A flag only this browser's own process carries, so its process tree can be found in /proc for the CPU clock.
  const tag = `--pageloop-bench=${process.pid}`;
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run', tag],
  });
  try {
    for (const suite of SUITES) {
      if (only && !only.includes(suite.name)) continue;
      const t0 = performance.now();
      const page = await browser.newPage();
      /** @type {string[]} */
      const errors = [];
      page.on('pageerror', (err) => errors.push(err.message));
      try {
        await page.exposeFunction('__benchCpuMs', () => browserTreeCpuMs(tag));
        await page.goto(`${server.url}/bench/blank.html`);
        // A suite that hangs fails, saying so, rather than holding CI until its own limit.
        const limitMs = (quick ? 5 : 30) * 60_000;
        /** @type {ReturnType<typeof setTimeout> | undefined} */
        let timer;
        const figures = await Promise.race([
          page.evaluate(async ({ module, run, options }) => (await import(module))[run](options), { module: suite.module, run: suite.run, options: suite.options }),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no result after ${limitMs / 60_000} minutes`)), limitMs))),
        ]).finally(() => clearTimeout(timer));
        // A suite may hand strings to a baseline run in Node (the engine's system prompt); only numbers are figures.
        for (const [key, value] of Object.entries(figures)) {
          if (typeof value === 'number') results[key] = value;
          else strings[key] = value;
        }
        console.log(`  ${suite.name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      } catch (err) {
        failures.push(suite.name);
        console.error(`  ${suite.name} FAILED: ${err instanceof Error ? err.message : err}${errors.length ? `\n    page errors: ${errors.join('\n    ')}` : ''}`);
      } finally {
        await page.close();
      }
    }
    // Driven from here, not from a bench page: each of its runs needs a new browser context (cold caches).
    if (!only || only.includes('first-reply')) {
      const t0 = performance.now();
      try {
        const figures = await measureFirstReply(browser, server.url, quick ? { runs: 1, tokens: 500 } : { runs: 7, tokens: 2000 });
        for (const [key, value] of Object.entries(figures)) {
          if (typeof value === 'number') results[key] = value;
          else strings[key] = value;
        }
        console.log(`  first-reply: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      } catch (err) {
        failures.push('first-reply');
        console.error(`  first-reply FAILED: ${err instanceof Error ? err.message : err}`);
      }
    }
  } finally {
    await browser.close();
  }
  // The engine again in a browser with a WebGPU adapter (SwiftShader, Vulkan on the CPU: correctness, not speed).
  if (!only || only.includes('engine') || only.includes('engine-webgpu')) {
    try {
      const figures = await runEngineOnWebGpu(server.url, quick);
      for (const [key, value] of Object.entries(figures)) {
        if (typeof value === 'number') results[`${key.replace(/^engine\./, 'engine.swiftshader_')}`] = value;
        else strings[key.replace(/^engine_/, 'engine_swiftshader_')] = value;
      }
    } catch (err) {
      failures.push('engine-webgpu');
      console.error(`  engine-webgpu FAILED: ${err instanceof Error ? err.message : err}`);
    }
  }
  await server.stop();
  // Diagnostic strings a suite returns (e.g. what ran in a long task) are printed as they are.
  for (const [key, value] of Object.entries(strings)) if (key !== 'engine_system_prompt' && key !== 'engine_tools') console.log(`  ${key}:\n    ${value.split('\n').join('\n    ')}`);
  if (strings.engine_system_prompt) {
    const engine = SUITES.find((s) => s.name === 'engine');
    const maxTokens = /** @type {{ maxTokens: number }} */ (engine?.options).maxTokens;
    try {
      Object.assign(results, await measureNativeLlama(root, { systemPrompt: strings.engine_system_prompt, tools: strings.engine_tools, user: 'Tell me a long story about a dragon.', maxTokens }));
    } catch (err) {
      failures.push('engine-native');
      console.error(`  engine native baseline FAILED: ${err instanceof Error ? err.message : err}`);
    }
  }

  console.log(`\npageloop bench${quick ? ' (quick: small sizes, figures not comparable to targets)' : ''}\n`);
  console.log(formatTable(results));
  const out = { mode: quick ? 'quick' : 'full', date: new Date().toISOString(), chromium: browser.version(), ...sortKeys(results) };
  // Quick runs are smoke checks: they must not overwrite the figures the README quotes.
  const file = join(root, quick ? 'bench/results.quick.json' : 'bench/results.json');
  if (!only) writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\n${only ? 'partial run, nothing written' : `wrote ${file.slice(root.length)}`} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (failures.length) {
    console.error(`failed suites: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
}

/**
 * The engine suite's generation alone, in Chromium started with SwiftShader
 * behind WebGPU: which backend the engine chose (and why), and its figures.
 * @param {string} url the bench server
 * @param {boolean} quick
 * @returns {Promise<Record<string, number | string>>}
 */
async function runEngineOnWebGpu(url, quick) {
  const t0 = performance.now();
  const tag = `--pageloop-bench-webgpu=${process.pid}`;
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run', '--enable-unsafe-webgpu', '--use-angle=swiftshader', '--use-webgpu-adapter=swiftshader', '--enable-features=Vulkan', tag],
  });
  try {
    const page = await browser.newPage();
    await page.exposeFunction('__benchCpuMs', () => browserTreeCpuMs(tag));
    await page.goto(`${url}/bench/blank.html`);
    const figures = await page.evaluate(
      async ({ module, maxTokens }) => (await import(module)).runEngineBench({ maxTokens, generationOnly: true }),
      { module: '/bench/engine-bench.ts', maxTokens: quick ? 48 : 600 },
    );
    console.log(`  engine-webgpu: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return figures;
  } finally {
    await browser.close();
  }
}

/** @param {Record<string, number>} record */
function sortKeys(record) {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
