// @ts-check
/**
 * `npm run test:conformance`: the official MCP conformance suite's client
 * scenarios (`@modelcontextprotocol/conformance` 0.1.13, the newest release
 * that runs on Node 20) against pageloop's MCP client in headless Chromium
 * (test/conformance/pageloop-client.mjs), the timed one alone and the others
 * three at a time (each starts a server of its own on a free port), each with
 * the suite's own time limit. A scenario that passes today and fails now fails the run, and so does
 * one listed as a known failure in baseline.yml that now passes (the suite's
 * `--expected-failures` rule). Builds dist/ first when it is missing or older
 * than the sources, since the driver serves the standalone bundle.
 *
 * Usage: npm run test:conformance [-- scenario …]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The client scenarios that apply to a browser client (README "Conformance" says why the others do not). */
const SCENARIOS = [
  'initialize',
  'tools_call',
  'sse-retry',
  'elicitation-sep1034-client-defaults',
  ...['metadata-default', 'metadata-var1', 'metadata-var2', 'metadata-var3', 'basic-cimd', 'scope-from-www-authenticate', 'scope-from-scopes-supported', 'scope-omitted-when-undefined', 'scope-step-up', 'scope-retry-limit', 'token-endpoint-auth-basic', 'token-endpoint-auth-post', 'token-endpoint-auth-none', 'resource-mismatch', 'pre-registration', '2025-03-26-oauth-metadata-backcompat', '2025-03-26-oauth-endpoint-fallback'].map((s) => `auth/${s}`),
];
const PER_SCENARIO_MS = 30_000;
/** Scenarios whose checks are timings, run one at a time before the others. */
const TIMED = ['sse-retry'];
/** How many of the other scenarios run at once. */
const AT_ONCE = 3;

/** The newest modification time under `dir`, in ms. @param {string} dir @returns {number} */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const bundle = join(root, 'dist/cdn/agent-chat.js');
if (!existsSync(bundle) || statSync(bundle).mtimeMs < Math.max(newest(join(root, 'src')), newest(join(root, 'components')))) {
  console.log('conformance: building dist/ (missing or older than the sources)');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const scenarios = process.argv.slice(2).length ? process.argv.slice(2) : SCENARIOS;
const out = mkdtempSync(join(tmpdir(), 'pageloop-conformance-'));
const cli = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
/** @type {{ scenario: string, code: number | null, ms: number }[]} */
const results = [];

/** Runs one scenario (the suite's CLI starts its server on a free port and our client against it); prints its summary. @param {string} scenario */
function runScenario(scenario) {
  const started = Date.now();
  const args = [cli, 'client', '--command', `node ${join(root, 'test/conformance/pageloop-client.mjs')}`, '--scenario', scenario, '--timeout', String(PER_SCENARIO_MS), '--expected-failures', join(root, 'test/conformance/baseline.yml'), '-o', out];
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: root });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    const limit = setTimeout(() => child.kill('SIGKILL'), PER_SCENARIO_MS + 30_000);
    child.on('close', (code) => {
      clearTimeout(limit);
      const summary = text.split('\n').filter((l) => /Passed: |OVERALL|Baseline|Unexpected|Stale|expected failure|^\s+[~✗] /i.test(l));
      console.log(`\n── ${scenario} (${((Date.now() - started) / 1000).toFixed(1)} s)\n${summary.join('\n')}`);
      if (code !== 0) console.log(text.split('\n').filter((l) => /FAILURE|Error/i.test(l)).slice(0, 20).join('\n'));
      results.push({ scenario, code, ms: Date.now() - started });
      done(undefined);
    });
  });
}

// The scenarios that measure time (sse-retry checks the client waits the server's `retry` within
// 50–200 ms) run alone first; the rest, which only check what was sent, AT_ONCE at a time: each
// spends most of its time starting Chromium and waiting on its server, so this saves minutes of CI.
const timed = scenarios.filter((s) => TIMED.includes(s));
const queue = scenarios.filter((s) => !TIMED.includes(s));
for (const scenario of timed) await runScenario(scenario);
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await runScenario(next);
  }),
);
const failed = results.filter((r) => r.code !== 0);
console.log(`\nconformance: ${results.length - failed.length}/${results.length} scenarios as expected${failed.length ? `; not as expected: ${failed.map((r) => r.scenario).join(', ')}` : ''} (results in ${out})`);
process.exit(failed.length ? 1 : 0);
