// @ts-check
/**
 * The worked example of `pageloop-eval` (CI runs it: `npm run eval:example`):
 * the repository's tiny model on examples/evals/shop.jsonl (30 cases on the
 * tools it knows), once through a real llama-server (native tool calls parsed
 * by the server, `--jinja`) and once in the page (the in-page engine, llama.cpp
 * in WebAssembly), side by side (`--compare`), through the command as it
 * ships (dist/pageloop-eval.js: `npm run build` first).
 *
 *   node examples/evals/run.js [--out DIR] [--repeats N] [--threshold [METRIC=]X …] [-- more pageloop-eval flags]
 *
 * The llama-server binary: env LLAMA_SERVER, or the one scripts/llama-server.js
 * built and cached (under CI, a missing one is a failure, not a skip). The
 * report checked in beside this file (report/) was made by this script; its
 * numbers are quoted in docs-site/guide/evals.md.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { HOW_TO_GET_IT, findLlamaServer, inCI } from '../../scripts/llama-server.js';
import { runLlamaServer } from '../../scripts/lib/run-llama-server.js';

const here = (/** @type {string} */ path) => fileURLToPath(new URL(path, import.meta.url));
const MODEL = here('../../test/fixtures/models/tiny-toolcaller-q8_0.gguf');
const BIN = here('../../dist/pageloop-eval.js');

const { values, positionals } = parseArgs({ options: { out: { type: 'string' }, repeats: { type: 'string' }, threshold: { type: 'string', multiple: true } }, allowPositionals: true });
if (!existsSync(BIN)) fail(`${BIN} is missing: run \`npm run build\` first`);
const binary = findLlamaServer();
if (!binary) {
  if (inCI()) fail(`no llama-server binary and env CI is set: ${HOW_TO_GET_IT}`);
  console.log(`eval example: skipped, no llama-server binary (${HOW_TO_GET_IT})`);
  process.exit(0);
}

// Two slots, so the eval's two pages are answered at once; 2048 tokens of context each.
const server = await runLlamaServer(binary, ['-m', MODEL, '--jinja', '-np', '2', '--ctx-size', '4096', '-t', '1']);
try {
  const args = [
    BIN,
    here('./shop.jsonl'),
    '--target', `name=llama-server (native),base-url=${server.url}/v1,model=tiny-toolcaller,temperature=0`,
    '--target', `name=in-page engine,engine=${MODEL},temperature=0,seed=1`,
    '--compare',
    '--repeats', values.repeats ?? '1',
    '--out', values.out ?? here('./report'),
    ...(values.threshold ?? []).flatMap((t) => ['--threshold', t]),
    ...positionals,
  ];
  const code = await new Promise((resolve) => spawn(process.execPath, args, { stdio: 'inherit' }).once('exit', resolve));
  process.exitCode = typeof code === 'number' ? code : 1;
} finally {
  server.stop();
}

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`eval example: ${message}`);
  process.exit(1);
}
