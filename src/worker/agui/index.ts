/**
 * The AG-UI client side of the worker (option `agui`): the remote loop that
 * replaces the in-page loop for a run, on the official `@ag-ui/client`. The
 * worker imports this face only when a run first needs it, so the client's
 * code is a chunk of its own that an agent without `agui` never loads. A
 * thread's export and import in AG-UI's event form come with it.
 */
export { aguiLoop } from './agui-run.js';
export { toAgUiThreadFile, fromAgUiThreadFile } from './agui-thread-file.js';
