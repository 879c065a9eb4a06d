// @ts-check
/**
 * `pageloop-mock`: the scripted OpenAI-compatible mock (mock-server.js) from
 * the command line, for test setups in any stack (Playwright's `webServer`,
 * a shell script, another language's tests). Prints its base URL and serves
 * until stopped; the bin is mock-bin.js.
 */
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { startMockServer } from './mock-server.js';

const USAGE = `Usage: pageloop-mock [--script FILE.json] [options]

Serves the scripted OpenAI-compatible mock at http://HOST:PORT/v1 until stopped.
  --script FILE.json   a mock script: { turns, replies, … } (see pageloop's guide, Testing your agent); default: no turns
  --port N             default 0: a free port (printed)
  --host HOST          default 127.0.0.1
Quirks (override the script's):
  --family llama.cpp|ollama|vllm|lmstudio   answer that family's routes and fields
  --context-length N   with --family: the window the server runs the model at
  --n-ctx N            count prompts and refuse one longer than N as llama-server does (needs js-tiktoken)
  --no-tools           refuse requests that offer tools, in the family's words
  --no-cors            answer without CORS headers
  --models a,b         the ids /v1/models lists
More sessions: POST a script to /__mock/scripts (answers { baseURL }); what each received: GET <session>/log.`;

/**
 * Starts the server the command line `argv` describes; resolves with it (or with an exit code on bad usage).
 * @param {string[]} argv
 * @returns {Promise<import('./mock-server.js').MockServer | number>}
 */
export async function main(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        script: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        family: { type: 'string' },
        'context-length': { type: 'string' },
        'n-ctx': { type: 'string' },
        'no-tools': { type: 'boolean' },
        'no-cors': { type: 'boolean' },
        models: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
    if (values.help) return console.log(USAGE), 0;
    /** @type {import('./mock-handler.js').MockScript} */
    const script = values.script ? JSON.parse(readFileSync(values.script === '-' ? 0 : values.script, 'utf8')) : { turns: [] };
    if (values.family) {
      if (!['llama.cpp', 'ollama', 'vllm', 'lmstudio'].includes(values.family)) throw new Error(`--family is llama.cpp, ollama, vllm or lmstudio (got ${values.family})`);
      script.family = /** @type {any} */ (values.family);
    }
    if (values['context-length']) script.contextLength = count(values['context-length'], 'context-length');
    if (values['n-ctx']) script.nCtx = count(values['n-ctx'], 'n-ctx');
    if (values['no-tools']) script.noTools = true;
    if (values['no-cors']) script.noCors = true;
    if (values.models) script.models = values.models.split(',');
    const server = await startMockServer({ script, port: values.port ? count(values.port, 'port', 0) : 0, ...(values.host ? { host: values.host } : {}) });
    console.log(`pageloop-mock: ${server.baseURL} (${script.turns?.length ?? 0} turns, ${script.replies?.length ?? 0} standing replies; log at ${server.url}/log)`);
    return server;
  } catch (err) {
    console.error(`pageloop-mock: ${err instanceof Error ? err.message : err}\n\n${USAGE}`);
    return 2;
  }
}

/** @param {string} text @param {string} name @param {number} [min] */
function count(text, name, min = 1) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min} (got ${text})`);
  return n;
}
