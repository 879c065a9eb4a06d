// @ts-check
/**
 * Serves the eval's page on 127.0.0.1 (a port the OS picks): the page script
 * (page/eval-page.js), the library as it ships (the standalone bundle,
 * `dist/cdn/`, at `/lib/`) and the local GGUF files in-page engine targets
 * name (at `/models/N/<file>`). Cross-origin isolated, so an in-page engine
 * may use several threads.
 *
 * Invariant: only those files are served — a path that climbs out of the
 * library folder, or names no registered model, is a 404.
 */
import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { basename, extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.map': 'application/json', '.wasm': 'application/wasm', '.json': 'application/json', '.html': 'text/html', '.gguf': 'application/octet-stream' };

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>pageloop eval</title>
<script type="module" src="/eval-page.js"></script></head><body></body></html>`;

/**
 * @typedef {object} PageServer
 * @property {string} url
 * @property {(file: string) => string} model Registers a local model file; returns the URL path it is served at.
 * @property {() => Promise<void>} close
 */

/**
 * @param {{ libraryDir: string, pageScript: string }} options `libraryDir`: the standalone bundle's folder
 *   (with `agent-chat.js` and its worker); `pageScript`: page/eval-page.js.
 * @returns {Promise<PageServer>}
 */
export async function startPageServer(options) {
  const library = resolve(options.libraryDir);
  if (!existsSync(join(library, 'agent-chat.js'))) {
    throw new Error(`pageloop-eval: no standalone bundle in ${library} (agent-chat.js is missing). In the repository, run \`npm run build\` first.`);
  }
  /** @type {string[]} */
  const models = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    // Cross-origin isolation (SharedArrayBuffer for the engine's threads); the page's own files are same-origin.
    res.setHeader('cross-origin-opener-policy', 'same-origin');
    res.setHeader('cross-origin-embedder-policy', 'require-corp');
    res.setHeader('cross-origin-resource-policy', 'same-origin');
    if (path === '/' || path === '/index.html') return send(res, 200, 'text/html', PAGE);
    if (path === '/eval-page.js') return sendFile(res, options.pageScript);
    if (path.startsWith('/lib/')) {
      const file = normalize(join(library, path.slice('/lib/'.length)));
      if (!file.startsWith(library + sep)) return send(res, 404, 'text/plain', 'not found');
      return sendFile(res, file);
    }
    const model = /^\/models\/(\d+)\//.exec(path);
    if (model) {
      const file = models[Number(model[1])];
      if (file) return sendFile(res, file);
    }
    return send(res, 404, 'text/plain', 'not found');
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done(undefined));
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    model(file) {
      const absolute = resolve(file);
      if (!existsSync(absolute)) throw new Error(`pageloop-eval: the model file ${absolute} does not exist`);
      const at = models.indexOf(absolute);
      const index = at >= 0 ? at : models.push(absolute) - 1;
      return `/models/${index}/${encodeURIComponent(basename(absolute))}`;
    },
    close: () =>
      new Promise((done, fail) => {
        server.close((err) => (err ? fail(err) : done()));
        server.closeAllConnections();
      }),
  };
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {string} type @param {string} body */
function send(res, status, type, body) {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

/** @param {import('node:http').ServerResponse} res @param {string} file */
function sendFile(res, file) {
  if (!existsSync(file) || !statSync(file).isFile()) return send(res, 404, 'text/plain', 'not found');
  res.writeHead(200, { 'content-type': TYPES[/** @type {keyof typeof TYPES} */ (extname(file))] ?? 'application/octet-stream', 'content-length': statSync(file).size });
  createReadStream(file).pipe(res);
}
