/**
 * The worker half of the `fetch` tool: the request itself, under the rules the
 * page-side `fetchTool` wrote into its spec. Kept apart so the page never
 * loads the fetching and HTML-to-text code it does not run; and the request
 * code (fetch-request.ts) loads on the tool's first call, so a worker whose
 * agent never fetches is ready without it.
 *
 * Redirects never leave the allow-list: redirect-guard.ts sends the request so
 * that the browser itself refuses any hop off the page's own origin, and does
 * not follow redirects from other origins at all (a browser hides where they
 * lead); the header of that file explains why nothing else is sound.
 */
import { TOOL_NAME, describe, normalizeOptions, parametersFor, type FetchArgs, type FetchToolOptions } from '../tools/fetch-tool-spec.js';
import { workerTool, type WorkerToolFactory } from './worker-tool.js';

/** Builds the `fetch` tool inside the worker from the stub's options (checked again: they crossed a boundary). */
export const fetchToolFactory: WorkerToolFactory = (options) => {
  const spec = normalizeOptions(options as FetchToolOptions);
  const def = { name: TOOL_NAME, description: describe(spec), parameters: parametersFor(spec), needsApproval: spec.needsApproval, untrustedOutput: true };
  return [workerTool<FetchArgs>(def, async (args, ctx) => (await import('./fetch-request.js')).runFetch(spec, args, ctx.signal))];
};

