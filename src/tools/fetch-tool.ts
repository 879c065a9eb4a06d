/**
 * The built-in `fetch` tool, page side. It runs in the agent's worker (fetch
 * exists there, so calls never cross to the page): only allow-listed origins,
 * a capped response size, HTML turned into readable text, JSON pretty-printed,
 * and every failure explained in words the model can act on. Its results
 * are marked untrusted (`untrustedOutput`): a fetched page is not the user. The page holds a
 * stub carrying the checked options; src/worker-tools/fetch-tool-factory.ts
 * does the fetching.
 *
 * For sub-agents (option `subAgents`): a fetch allowed only GET/HEAD, with no
 * approval, is `readOnly`. One that may also POST (or PUT, PATCH, DELETE)
 * is not; it carries a GET/HEAD-only form in its spec (`readOnlyOptions`)
 * that the child is built from instead, so a POST through a child is refused
 * by the tool itself, not merely left unmentioned. A fetch the app asked
 * approval for explicitly (`needsApproval: true`) is never given to a child.
 */
import type { Tool } from '../types.js';
import { normalizeOptions, describe, parametersFor, SAFE_METHODS, TOOL_NAME, type FetchSpec, type FetchToolOptions } from './fetch-tool-spec.js';
import { workerToolStub } from './worker-tool-stub.js';

export type { FetchToolOptions, FetchArgs, FetchResult } from './fetch-tool-spec.js';

/**
 * Makes the page-side `fetch` tool; the worker builds the real one with
 * `fetchToolFactory` (src/worker-tools/fetch-tool-factory.ts). Options are checked here, so a bad allow-list fails now.
 *
 * @example
 * const tools = [fetchTool({ allow: ['https://api.github.com'] })];
 */
export function fetchTool(options: FetchToolOptions): Tool {
  const spec = normalizeOptions(options);
  const reads = readingForm(spec, options.needsApproval === true);
  return workerToolStub({
    name: TOOL_NAME,
    description: describe(spec),
    parameters: parametersFor(spec),
    needsApproval: spec.needsApproval,
    // A fetched page is outside content: it may carry planted instructions.
    untrustedOutput: true,
    readOnly: reads === spec,
    spec: reads && reads !== spec ? { factory: 'fetch', options: spec, readOnlyOptions: reads } : { factory: 'fetch', options: spec },
  });
}

/** The spec itself when it only reads; its GET/HEAD-only form when it can also write; none when approval was asked for or nothing safe is allowed. */
function readingForm(spec: FetchSpec, approvalAsked: boolean): FetchSpec | undefined {
  if (approvalAsked) return undefined;
  const safe = spec.methods.filter((m) => SAFE_METHODS.has(m));
  if (safe.length === 0) return undefined;
  if (safe.length === spec.methods.length && !spec.needsApproval) return spec;
  return { ...spec, methods: safe, needsApproval: false };
}
