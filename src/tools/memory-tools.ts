/**
 * The memory tools, page side: `memory_save {text, tags?}` and
 * `memory_search {query, k?}` as stubs. The agent's worker builds the real
 * tools (src/worker-tools/memory-tools-factory.ts), bound to the memory it
 * hosts, so a save or a search never crosses to the page. A search only
 * reads (`readOnly`, so sub-agents may use it); a save does not.
 */
import type { Tool } from '../types.js';
import { checkK, DEFAULT_K, MEMORY_TOOL_FACTORY, SAVE_TOOL, SEARCH_TOOL, type MemoryToolsOptions } from './memory-tools-spec.js';
import { workerToolStub } from './worker-tool-stub.js';

export type { MemoryToolsOptions } from './memory-tools-spec.js';

/**
 * The memory tools for `createAgent({ tools })`, bound to the agent's memory.
 *
 * @example
 * createAgent({ baseURL, model, tools: [...memoryTools(), ...myTools] });
 */
export function memoryTools(options: MemoryToolsOptions = {}): Tool[] {
  const spec = { factory: MEMORY_TOOL_FACTORY, options: { k: checkK(options.k ?? DEFAULT_K) } };
  return [workerToolStub({ ...SAVE_TOOL, spec }), workerToolStub({ ...SEARCH_TOOL, spec, readOnly: true })];
}
