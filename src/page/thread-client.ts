/**
 * The page's `agent.threads`: each method one worker call, whose failure
 * comes back as a `PageloopError` with its code (`crossErrors`,
 * src/errors.ts). Arguments are checked here too, so a wrong call fails with a
 * `TypeError` at the call site instead of a round trip later.
 */
import type { AgentWorkerCall } from '../protocol/agent.js';
import type { ThreadExportOptions, ThreadFile, Threads } from '../types.js';

function checkId(method: string, id: unknown): void {
  if (typeof id !== 'string' || id === '') throw new TypeError(`threads.${method}(id) needs the thread id as a non-empty string.`);
}

/** The `threads` of an agent reached through `call`; `opened` hears which thread the agent moved to. */
export function threadsClient(call: AgentWorkerCall, opened: (id: string) => void): Threads {
  return {
    list: () => call((remote) => remote.threads.list()),
    open: async (id: string) => {
      checkId('open', id);
      await call((remote) => remote.threads.open(id));
      opened(id);
    },
    delete: (id: string) => {
      checkId('delete', id);
      return call((remote) => remote.threads.delete(id));
    },
    rename: (id: string, title: string) => {
      checkId('rename', id);
      if (typeof title !== 'string') throw new TypeError('threads.rename(id, title) needs the title as a string.');
      return call((remote) => remote.threads.rename(id, title));
    },
    export: (id: string, options?: ThreadExportOptions) => {
      checkId('export', id);
      const format = options?.format ?? 'pageloop';
      if (format !== 'pageloop' && format !== 'ag-ui') throw new TypeError(`threads.export(id, { format }) takes "pageloop" or "ag-ui", not ${JSON.stringify(format)}.`);
      return call((remote) => remote.threads.export(id, format));
    },
    // Quoted: the import checker reads a bare `import:` as a statement.
    'import': (file: string | ThreadFile) => call((remote) => remote.threads.import(file)),
  };
}
